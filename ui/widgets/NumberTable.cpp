#include "widgets/NumberTable.h"

#include "widgets/NumberDelegate.h"

#include <QAbstractItemModel>
#include <QEvent>
#include <QFontMetrics>
#include <QHeaderView>
#include <QTableView>

#include <algorithm>
#include <functional>
#include <utility>

namespace sml {

namespace {

/// Calls `fit` when the watched table's font changes (presentation mode scales the panels'
/// text): columns widened for the large text narrowed again afterwards (a fresh reader found
/// the Variances table still wide after presentation mode).
class RefitOnFontChange : public QObject
{
public:
    RefitOnFontChange(QTableView *table, std::function<void()> fit)
        : QObject(table), mFit(std::move(fit))
    {
        table->installEventFilter(this);
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::FontChange)
            mFit();
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void()> mFit;
};

} // namespace

QTableView *makeNumberTable(QAbstractItemModel *model, NumberDelegate *delegate, QWidget *parent)
{
    auto *table = new QTableView(parent);
    table->setModel(model);
    table->setItemDelegate(delegate);
    QFont f = table->font();
    f.setPointSizeF(std::max(12.0, f.pointSizeF()));
    table->setFont(f);
    table->horizontalHeader()->setFont(f);
    table->verticalHeader()->setFont(f);
    table->horizontalHeader()->setResizeContentsPrecision(64);
    table->setSelectionBehavior(QAbstractItemView::SelectItems);
    table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                           QAbstractItemView::AnyKeyPressed);
    table->setAlternatingRowColors(false);
    auto fit = [table] {
        // Measuring every column of a 4096-key table takes about a second (issue 5): measure
        // the first 64 and give the others the widest of those.
        const int columns = table->model()->columnCount();
        const int measured = std::min(columns, 64);
        int widest = 64;
        for (int c = 0; c < measured; ++c) {
            table->resizeColumnToContents(c);
            table->setColumnWidth(c, std::clamp(table->columnWidth(c), 64, 180));
            widest = std::max(widest, table->columnWidth(c));
        }
        if (columns > measured)
            table->horizontalHeader()->setDefaultSectionSize(widest);
    };
    QObject::connect(model, &QAbstractItemModel::modelReset, table, fit);
    // An edit or a drag can make a number longer ("3.1" → "3.10472"): widen its column rather
    // than elide it ("3…."). Only for a few edited columns (the tables announce just the cells
    // that changed), and never narrower, so a drag does not make the columns jump.
    QObject::connect(model, &QAbstractItemModel::dataChanged, table,
                     [table](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                         if (bottomRight.column() - topLeft.column() >= 8 ||
                             bottomRight.row() - topLeft.row() >= 64)
                             return;
                         const QFontMetrics fm(table->font());
                         for (int c = topLeft.column(); c <= bottomRight.column(); ++c) {
                             int want = 0;
                             for (int r = topLeft.row(); r <= bottomRight.row(); ++r) {
                                 const QString text = table->model()->index(r, c).data().toString();
                                 want = std::max(want, fm.horizontalAdvance(text) + 16);
                             }
                             want = std::min(want, 180);
                             if (want > table->columnWidth(c))
                                 table->setColumnWidth(c, want);
                         }
                     });
    new RefitOnFontChange(table, fit);
    fit();
    return table;
}

} // namespace sml
