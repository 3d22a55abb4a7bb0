#include "widgets/FittingTabWidget.h"

#include <QEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QScopedValueRollback>
#include <QStyle>
#include <QTabBar>
#include <QToolButton>
#include <QWheelEvent>

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace sml {

namespace {

/// The bar of a FittingTabWidget. Its size hint is the width of every available tab, shown or
/// not: the tab widget then gives it all the room there is, and the run of tabs fitted into
/// that room does not change the room. The arrow keys and the wheel go through the tabs out
/// of the bar too; QTabBar's own stop at a hidden tab.
class FittingTabBar : public QTabBar
{
public:
    explicit FittingTabBar(FittingTabWidget *owner) : QTabBar(owner), mOwner(owner)
    {
        setUsesScrollButtons(false);
        setExpanding(false);
        setElideMode(Qt::ElideRight); // only a tab wider than the whole bar
    }

    /// A tab's width with its whole name, whether it is in the bar or not.
    int naturalWidth(int index) const { return tabSizeHint(index).width(); }

    QSize sizeHint() const override
    {
        QSize hint = QTabBar::sizeHint();
        int width = 0;
        for (int i = 0; i < count(); ++i)
            if (mOwner->isTabAvailable(i))
                width += naturalWidth(i);
        hint.setWidth(width);
        return hint;
    }

    /// The widest tab elided: tabs out of the bar are no part of the window's minimum width.
    QSize minimumSizeHint() const override
    {
        QSize hint = QTabBar::minimumSizeHint();
        int width = 0;
        for (int i = 0; i < count(); ++i)
            if (mOwner->isTabAvailable(i))
                width = std::max(width, minimumTabSizeHint(i).width());
        hint.setWidth(width);
        return hint;
    }

protected:
    void keyPressEvent(QKeyEvent *event) override
    {
        if (event->key() != Qt::Key_Left && event->key() != Qt::Key_Right) {
            QTabBar::keyPressEvent(event);
            return;
        }
        const bool back = (event->key() == Qt::Key_Left) != isRightToLeft();
        mOwner->stepCurrent(back ? -1 : 1, false);
    }

    void wheelEvent(QWheelEvent *event) override
    {
        if (!style()->styleHint(QStyle::SH_TabBar_AllowWheelScrolling, nullptr, this)) {
            QTabBar::wheelEvent(event);
            return;
        }
        mWheel += event->angleDelta().y() + event->angleDelta().x();
        if (std::abs(mWheel) >= QWheelEvent::DefaultDeltasPerStep) {
            mOwner->stepCurrent(mWheel > 0 ? -1 : 1, false);
            mWheel = 0;
        }
        event->accept();
    }

    void changeEvent(QEvent *event) override
    {
        QTabBar::changeEvent(event);
        if (event->type() == QEvent::FontChange)
            mOwner->followBarFont();
        if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
            mOwner->fitTabs();
    }

private:
    FittingTabWidget *mOwner;
    int mWheel = 0;
};

} // namespace

FittingTabWidget::FittingTabWidget(QWidget *parent) : QTabWidget(parent)
{
    setTabBar(new FittingTabBar(this));
    mMore = new QToolButton(this);
    mMore->setObjectName(QStringLiteral("moreTabsButton"));
    mMore->setPopupMode(QToolButton::InstantPopup);
    mMore->setToolButtonStyle(Qt::ToolButtonTextOnly);
    mMore->setAutoRaise(true);
    mMore->setToolTip(tr("Every tab, the ones out of the bar too (Ctrl+Tab goes to the next)"));
    auto *menu = new QMenu(mMore);
    connect(menu, &QMenu::aboutToShow, this, &FittingTabWidget::fillMenu);
    mMore->setMenu(menu);
    mMore->hide(); // and no corner widget until some tab is out of the bar (fitTabs)
    // The button and its list in the tabs' own text size (the window's presentation walk
    // leaves them alone): presented at 1280×800 "5 more" was a size smaller than the tabs.
    mMore->setProperty("smlOwnFontScale", true);
    followBarFont();
    connect(this, &QTabWidget::currentChanged, this, &FittingTabWidget::fitTabs);
}

FittingTabWidget::~FittingTabWidget() = default;

void FittingTabWidget::followBarFont()
{
    if (!mMore)
        return; // (the bar's font set before the button exists)
    const QFont font = tabBar()->font();
    if (mMore->font() != font) {
        mMore->setFont(font);
        mMore->menu()->setFont(font);
        fitTabs(); // the button's width is part of the bar's room
    }
}

void FittingTabWidget::setTabAvailable(int index, bool available)
{
    const QWidget *page = widget(index);
    if (!page || available == !mUnavailable.contains(page))
        return;
    if (available)
        mUnavailable.remove(page);
    else
        mUnavailable.insert(page);
    setTabVisible(index, available);
    tabBar()->updateGeometry();
    fitTabs();
}

bool FittingTabWidget::isTabAvailable(int index) const
{
    const QWidget *page = widget(index);
    return page && !mUnavailable.contains(page);
}

void FittingTabWidget::stepCurrent(int direction, bool wrap)
{
    const int n = count();
    if (n == 0 || direction == 0)
        return;
    int index = currentIndex();
    for (int pass = 0; pass < n; ++pass) {
        index += direction > 0 ? 1 : -1;
        if (index < 0 || index >= n) {
            if (!wrap)
                return;
            index = (index + n) % n;
        }
        if (isTabAvailable(index) && isTabEnabled(index)) {
            setCurrentIndex(index);
            return;
        }
    }
}

void FittingTabWidget::fitTabs()
{
    if (mFitting)
        return;
    const QScopedValueRollback<bool> guard(mFitting, true);
    auto *bar = static_cast<FittingTabBar *>(tabBar());
    const int n = count();
    std::vector<int> widths(size_t(std::max(n, 0)), 0);
    std::vector<bool> shown(widths.size(), false);
    int total = 0;
    for (int i = 0; i < n; ++i) {
        shown[size_t(i)] = isTabAvailable(i);
        if (shown[size_t(i)])
            total += widths[size_t(i)] = bar->naturalWidth(i);
    }
    const int current = currentIndex();
    // What the tab widget gives its bar, less a little for the style's frame.
    const int margin = 2;
    int room = width() - margin;
    if (QWidget *left = cornerWidget(Qt::TopLeftCorner); left && left->isVisible())
        room -= left->sizeHint().width();
    const bool overflow = n > 1 && current >= 0 && total > room;
    mOutOfBar = 0;
    if (overflow) {
        // The button's room for its widest text ("9 more"), so that its width does not move
        // the run. Measured, not set: setting a text asks the tab widget for a layout, which
        // fits the tabs again (a loop that kept a core busy while the app sat idle).
        const QFontMetrics metrics = mMore->fontMetrics();
        room -= mMore->sizeHint().width() - metrics.horizontalAdvance(mMore->text()) +
                metrics.horizontalAdvance(tr("%1 more").arg(std::max(n - 1, 9)));
        auto widthOf = [&](int i) { return shown[size_t(i)] ? widths[size_t(i)] : 0; };
        int first = std::clamp(mFirst, 0, n - 1);
        if (current < first)
            first = current;
        int last = first;
        int used = widthOf(first);
        while (last + 1 < n && used + widthOf(last + 1) <= room)
            used += widthOf(++last);
        if (current > last) { // end the run at the current tab
            first = last = current;
            used = widthOf(current);
        }
        while (first > 0 && used + widthOf(first - 1) <= room) // fill what is left on the left
            used += widthOf(--first);
        for (int i = 0; i < n; ++i)
            if (shown[size_t(i)] && (i < first || i > last)) {
                shown[size_t(i)] = false;
                ++mOutOfBar;
            }
        mFirst = first;
        if (const QString text = tr("%1 more").arg(mOutOfBar); mMore->text() != text)
            mMore->setText(text);
    } else {
        mFirst = 0;
    }
    // Show before hiding, so that the current tab is never the one hidden (QTabBar would make
    // another tab current).
    for (int i = 0; i < n; ++i)
        if (shown[size_t(i)] && !bar->isTabVisible(i))
            bar->setTabVisible(i, true);
    for (int i = 0; i < n; ++i)
        if (!shown[size_t(i)] && bar->isTabVisible(i) && i != current)
            bar->setTabVisible(i, false);
    if (mMore->isVisibleTo(this) != overflow) {
        // Qt 6.4's QTabWidget takes a hidden corner widget's width from its bar too (every
        // table tab of a 450 px Scenario panel elided with room to spare): the button is the
        // corner widget only while shown.
        setCornerWidget(overflow ? mMore : nullptr, Qt::TopRightCorner);
        mMore->setVisible(overflow);
        // The corner's room is laid out with the tab widget's next layout pass.
        QEvent request(QEvent::LayoutRequest);
        QTabWidget::event(&request);
    }
}

void FittingTabWidget::fillMenu()
{
    QMenu *menu = mMore->menu();
    menu->clear();
    for (int i = 0; i < count(); ++i) {
        if (!isTabAvailable(i))
            continue;
        QAction *action = menu->addAction(tabText(i));
        action->setToolTip(tabToolTip(i));
        action->setCheckable(true);
        action->setChecked(i == currentIndex());
        action->setEnabled(isTabEnabled(i));
        QWidget *page = widget(i);
        connect(action, &QAction::triggered, this, [this, page] { setCurrentWidget(page); });
    }
}

bool FittingTabWidget::event(QEvent *event)
{
    const bool result = QTabWidget::event(event);
    if (event->type() == QEvent::LayoutRequest)
        fitTabs();
    return result;
}

void FittingTabWidget::resizeEvent(QResizeEvent *event)
{
    QTabWidget::resizeEvent(event);
    fitTabs();
}

void FittingTabWidget::showEvent(QShowEvent *event)
{
    QTabWidget::showEvent(event);
    fitTabs();
}

void FittingTabWidget::keyPressEvent(QKeyEvent *event)
{
    const bool tabKey = event->key() == Qt::Key_Tab || event->key() == Qt::Key_Backtab;
    if (tabKey && (event->modifiers() & Qt::ControlModifier) && count() > 1) {
        const bool back =
            event->key() == Qt::Key_Backtab || (event->modifiers() & Qt::ShiftModifier);
        stepCurrent(back ? -1 : 1, true);
        return;
    }
    QTabWidget::keyPressEvent(event);
}

void FittingTabWidget::tabInserted(int index)
{
    QTabWidget::tabInserted(index);
    fitTabs();
}

void FittingTabWidget::tabRemoved(int index)
{
    QTabWidget::tabRemoved(index);
    fitTabs();
}

} // namespace sml
