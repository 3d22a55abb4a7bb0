#include "window/ImportDialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <variant>

namespace sml {

namespace {
const QString lastDirKey = QStringLiteral("import/lastDir");
constexpr std::array<ImportDialog::Role, 3> allRoles = {
    ImportDialog::Role::Queries, ImportDialog::Role::Keys, ImportDialog::Role::Values};
} // namespace

ImportDialog::ImportDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Import matrices"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(
        tr("Build a scenario from matrices saved as CSV or NumPy .npy, one token per row "
           "(for example from numpy.save or DataFrame.to_csv). CSV may have a header row and a "
           "label column; numbers use a decimal point."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *grid = new QGridLayout;
    const QString names[3] = {tr("&Queries (m × d_k)"), tr("&Keys (T × d_k)"),
                              tr("&Values (T × d_v, optional)")};
    for (Role role : allRoles) {
        const int r = int(role);
        Slot &slot = mSlots[size_t(r)];
        auto *label = new QLabel(names[r], this);
        slot.edit = new QLineEdit(this);
        slot.edit->setMinimumWidth(380);
        slot.edit->setPlaceholderText(role == Role::Values ? tr("none: one-hot values (d_v = T)")
                                                           : tr("a .csv or .npy file"));
        label->setBuddy(slot.edit);
        auto *browseButton = new QPushButton(tr("Browse…"), this);
        slot.shape = new QLabel(this);
        slot.shape->setWordWrap(true);
        slot.shape->setTextInteractionFlags(Qt::TextSelectableByMouse);
        grid->addWidget(label, 2 * r, 0);
        grid->addWidget(slot.edit, 2 * r, 1);
        grid->addWidget(browseButton, 2 * r, 2);
        grid->addWidget(slot.shape, 2 * r + 1, 1, 1, 2);
        connect(slot.edit, &QLineEdit::editingFinished, this, [this, role] { reload(role); });
        connect(browseButton, &QPushButton::clicked, this, [this, role] { browse(role); });
    }
    grid->setColumnStretch(1, 1);
    layout->addLayout(grid);

    mSummary = new QLabel(this);
    mSummary->setWordWrap(true);
    mSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = mSummary->font();
    bold.setBold(true);
    mSummary->setFont(bold);
    layout->addWidget(mSummary);
    layout->addStretch(1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    mImportButton = buttons->button(QDialogButtonBox::Ok);
    mImportButton->setText(tr("&Import"));
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        for (Role role : allRoles)
            reload(role); // a path typed without leaving the field
        if (isAcceptable())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    update();
    resize(760, 420);
}

std::optional<ImportDialog::Role> ImportDialog::guessRole(const QString &path)
{
    const QString name = QFileInfo(path).fileName().toLower();
    if (name.startsWith(QLatin1Char('q')))
        return Role::Queries;
    if (name.startsWith(QLatin1Char('k')))
        return Role::Keys;
    if (name.startsWith(QLatin1Char('v')))
        return Role::Values;
    return std::nullopt;
}

void ImportDialog::setFiles(const QStringList &paths)
{
    std::array<QString, 3> chosen;
    QStringList unplaced;
    for (const QString &path : paths) {
        const auto role = guessRole(path);
        if (role && chosen[size_t(*role)].isEmpty())
            chosen[size_t(*role)] = path;
        else
            unplaced << path;
    }
    for (const QString &path : unplaced)
        for (QString &slot : chosen)
            if (slot.isEmpty()) {
                slot = path;
                break;
            }
    for (Role role : allRoles)
        if (!chosen[size_t(role)].isEmpty())
            setFile(role, chosen[size_t(role)]);
}

void ImportDialog::setFile(Role role, const QString &path)
{
    mSlots[size_t(role)].edit->setText(QDir::toNativeSeparators(path));
    reload(role, true);
}

QString ImportDialog::file(Role role) const
{
    return QDir::fromNativeSeparators(mSlots[size_t(role)].edit->text().trimmed());
}

void ImportDialog::reload(Role role, bool force)
{
    Slot &slot = mSlots[size_t(role)];
    const QString path = file(role);
    if (!force && path == slot.loadedPath)
        return; // already read
    slot.loadedPath = path;
    slot.matrix.reset();
    slot.error.clear();
    if (!path.isEmpty()) {
        MatrixResult result = readMatrixFile(path);
        if (auto *m = std::get_if<ImportedMatrix>(&result))
            slot.matrix = std::move(*m);
        else
            slot.error = std::get<LoadError>(result).message;
    }
    update();
}

QString ImportDialog::shapeText(Role role) const
{
    const Slot &slot = mSlots[size_t(role)];
    if (slot.loadedPath.isEmpty())
        return role == Role::Values ? tr("(none: one-hot values, d_v = T)") : tr("(no file yet)");
    if (!slot.matrix)
        return slot.error;
    const ImportedMatrix &m = *slot.matrix;
    const qint64 rows = m.data.rows();
    const qint64 cols = m.data.cols();
    QString text;
    switch (role) {
    case Role::Queries:
        text = tr("%1 × %2: m = %1 queries, d_k = %2").arg(rows).arg(cols);
        break;
    case Role::Keys:
        text = tr("%1 × %2: T = %1 keys, d_k = %2").arg(rows).arg(cols);
        break;
    case Role::Values:
        text = tr("%1 × %2: T = %1 values, d_v = %2").arg(rows).arg(cols);
        break;
    }
    QStringList notes;
    if (!m.rowLabels.isEmpty())
        notes << tr("labels from the first column");
    if (!m.columnNames.isEmpty())
        notes << tr("a header row");
    if (!notes.isEmpty())
        text += QStringLiteral(" (%1)").arg(notes.join(QStringLiteral(", ")));
    return text;
}

void ImportDialog::update()
{
    mScenario.reset();
    const Slot &q = mSlots[size_t(Role::Queries)];
    const Slot &k = mSlots[size_t(Role::Keys)];
    const Slot &v = mSlots[size_t(Role::Values)];
    bool ok = false;
    if (q.loadedPath.isEmpty() || k.loadedPath.isEmpty()) {
        mSummaryText = tr("Choose the queries and the keys (the values are optional).");
    } else if (!q.matrix || !k.matrix || (!v.loadedPath.isEmpty() && !v.matrix)) {
        mSummaryText = tr("A file could not be read; see the message under it.");
    } else {
        LoadResult result =
            scenarioFromMatrices(*q.matrix, *k.matrix, v.matrix ? &*v.matrix : nullptr);
        if (auto *error = std::get_if<LoadError>(&result)) {
            mSummaryText = error->message;
        } else {
            mScenario = std::get<Scenario>(std::move(result));
            const Scenario &s = *mScenario;
            mSummaryText = tr("m = %1 queries, T = %2 keys, d_k = %3, d_v = %4%5. Importing "
                              "replaces the open scenario; Edit ▸ Undo brings it back.")
                               .arg(s.m())
                               .arg(s.T())
                               .arg(s.dK())
                               .arg(s.dV())
                               .arg(v.matrix ? QString() : tr(" (one-hot values)"));
            ok = true;
        }
    }
    for (Role role : allRoles) {
        const Slot &slot = mSlots[size_t(role)];
        slot.shape->setText(shapeText(role));
        slot.shape->setStyleSheet(!slot.error.isEmpty() ? QStringLiteral("color: #b00020;")
                                                        : QString());
    }
    mSummary->setText(mSummaryText);
    const bool refused = !ok && !q.loadedPath.isEmpty() && !k.loadedPath.isEmpty();
    mSummary->setStyleSheet(refused ? QStringLiteral("color: #b00020;") : QString());
    mImportButton->setEnabled(ok);
}

QString ImportDialog::summaryText() const
{
    return mSummaryText;
}

QString ImportDialog::undoText() const
{
    QStringList names;
    for (Role role : allRoles)
        if (!mSlots[size_t(role)].loadedPath.isEmpty())
            names << QFileInfo(mSlots[size_t(role)].loadedPath).fileName();
    return tr("Import %1").arg(names.join(QStringLiteral(", ")));
}

void ImportDialog::browse(Role role)
{
    QString dir = QSettings().value(lastDirKey).toString();
    if (!file(role).isEmpty())
        dir = QFileInfo(file(role)).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Choose a matrix"), dir,
        tr("Matrices (*.csv *.npy);;CSV files (*.csv);;NumPy files (*.npy);;All files (*)"));
    if (path.isEmpty())
        return;
    QSettings().setValue(lastDirKey, QFileInfo(path).absolutePath());
    setFile(role, path);
}

} // namespace sml
