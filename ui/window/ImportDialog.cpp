#include "window/ImportDialog.h"

#include "Model.h"
#include "ModelImport.h"

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <variant>

namespace sml {

namespace {
const QString lastDirKey = QStringLiteral("import/lastDir");
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

    auto *modes = new QHBoxLayout;
    auto *modeGroup = new QButtonGroup(this);
    const QString modeNames[2] = {tr("Q&ueries and keys"),
                                  tr("&Model: embeddings and projections")};
    for (Mode mode : {Mode::Attention, Mode::Model}) {
        auto *button = new QRadioButton(modeNames[int(mode)], this);
        modeGroup->addButton(button, int(mode));
        modes->addWidget(button);
        mModeButtons[size_t(mode)] = button;
    }
    modes->addStretch(1);
    layout->addLayout(modes);
    mModeButtons[0]->setChecked(true);
    connect(modeGroup, &QButtonGroup::idToggled, this, [this](int id, bool checked) {
        if (checked)
            setMode(Mode(id));
    });

    mPages = new QStackedWidget(this);
    auto *attentionPage = new QWidget(mPages);
    addRows(attentionPage, slotsOf(Mode::Attention),
            {tr("&Queries (m × d_k)"), tr("&Keys (T × d_k)"), tr("&Values (T × d_v, optional)")});
    auto *modelPage = new QWidget(mPages);
    addRows(modelPage, slotsOf(Mode::Model),
            {tr("&Embeddings X (T × d_model)"), tr("W_&Q (d_model × d_k)"),
             tr("W_&K (d_model × d_k)"), tr("W_&V (d_model × d_v)"),
             tr("W_&O ((H·d_v) × d_model, optional)")});
    auto *stackNote = new QLabel(
        tr("A 3-D .npy of shape (H, d_model, d_k) for W_Q, W_K and W_V gives H heads."), modelPage);
    stackNote->setWordWrap(true);
    static_cast<QGridLayout *>(modelPage->layout())->addWidget(stackNote, 10, 0, 1, 3);
    mPages->addWidget(attentionPage);
    mPages->addWidget(modelPage);
    layout->addWidget(mPages);

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
        for (size_t slot : slotsOf(mMode))
            reload(slot); // a path typed without leaving the field
        if (isAcceptable())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    update();
    resize(760, 480);
}

std::vector<size_t> ImportDialog::slotsOf(Mode mode)
{
    if (mode == Mode::Attention)
        return {0, 1, 2};
    return {3, 4, 5, 6, 7};
}

void ImportDialog::addRows(QWidget *page, const std::vector<size_t> &indices,
                           const QStringList &names)
{
    auto *grid = new QGridLayout(page);
    grid->setContentsMargins(0, 0, 0, 0);
    for (size_t i = 0; i < indices.size(); ++i) {
        const size_t index = indices[i];
        const int r = int(i);
        Slot &slot = mSlots[index];
        auto *label = new QLabel(names.at(r), page);
        slot.edit = new QLineEdit(page);
        slot.edit->setMinimumWidth(380);
        const bool optional = index == size_t(Role::Values) || index == modelSlot(ModelRole::WO);
        slot.edit->setPlaceholderText(index == size_t(Role::Values)
                                          ? tr("none: one-hot values (d_v = T)")
                                      : optional ? tr("none: no W_O (the head outputs alone)")
                                                 : tr("a .csv or .npy file"));
        label->setBuddy(slot.edit);
        auto *browseButton = new QPushButton(tr("Browse…"), page);
        slot.shape = new QLabel(page);
        slot.shape->setWordWrap(true);
        slot.shape->setTextInteractionFlags(Qt::TextSelectableByMouse);
        grid->addWidget(label, 2 * r, 0);
        grid->addWidget(slot.edit, 2 * r, 1);
        grid->addWidget(browseButton, 2 * r, 2);
        grid->addWidget(slot.shape, 2 * r + 1, 1, 1, 2);
        connect(slot.edit, &QLineEdit::editingFinished, this, [this, index] { reload(index); });
        connect(browseButton, &QPushButton::clicked, this, [this, index] { browse(index); });
    }
    grid->setColumnStretch(1, 1);
}

void ImportDialog::setMode(Mode mode)
{
    mMode = mode;
    mModeButtons[size_t(mode)]->setChecked(true);
    mPages->setCurrentIndex(int(mode));
    update();
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
    for (size_t slot : slotsOf(Mode::Attention))
        if (!chosen[slot].isEmpty())
            setSlotFile(slot, chosen[slot]);
}

void ImportDialog::setFile(Role role, const QString &path)
{
    setSlotFile(size_t(role), path);
}

QString ImportDialog::file(Role role) const
{
    return slotFile(size_t(role));
}

void ImportDialog::setFile(ModelRole role, const QString &path)
{
    setSlotFile(modelSlot(role), path);
}

QString ImportDialog::file(ModelRole role) const
{
    return slotFile(modelSlot(role));
}

void ImportDialog::setSlotFile(size_t slot, const QString &path)
{
    mSlots[slot].edit->setText(QDir::toNativeSeparators(path));
    reload(slot, true);
}

QString ImportDialog::slotFile(size_t slot) const
{
    return QDir::fromNativeSeparators(mSlots[slot].edit->text().trimmed());
}

void ImportDialog::reload(size_t index, bool force)
{
    Slot &slot = mSlots[index];
    const QString path = slotFile(index);
    if (!force && path == slot.loadedPath)
        return; // already read
    slot.loadedPath = path;
    slot.matrix.reset();
    slot.error.clear();
    if (!path.isEmpty()) {
        // W_Q, W_K and W_V may be 3-D stacks (H, d_model, d_k).
        const bool stack = index >= modelSlot(ModelRole::WQ) && index <= modelSlot(ModelRole::WV);
        MatrixResult result = stack ? readMatrixStackFile(path) : readMatrixFile(path);
        if (auto *m = std::get_if<ImportedMatrix>(&result))
            slot.matrix = std::move(*m);
        else
            slot.error = std::get<LoadError>(result).message;
    }
    update();
}

QString ImportDialog::shapeText(Role role) const
{
    return slotShapeText(size_t(role));
}

QString ImportDialog::shapeText(ModelRole role) const
{
    return slotShapeText(modelSlot(role));
}

QString ImportDialog::slotShapeText(size_t index) const
{
    const Slot &slot = mSlots[index];
    if (slot.loadedPath.isEmpty()) {
        if (index == size_t(Role::Values))
            return tr("(none: one-hot values, d_v = T)");
        if (index == modelSlot(ModelRole::WO))
            return tr("(none: no W_O, the head outputs alone)");
        return tr("(no file yet)");
    }
    if (!slot.matrix)
        return slot.error;
    const ImportedMatrix &m = *slot.matrix;
    const qint64 heads = m.stack > 0 ? m.stack : 1;
    const qint64 rows = m.data.rows() / heads;
    const qint64 cols = m.data.cols();
    QString text;
    if (index >= modelSlot(ModelRole::WQ) && index <= modelSlot(ModelRole::WV)) {
        const QString columns =
            index == modelSlot(ModelRole::WV) ? QStringLiteral("d_v") : QStringLiteral("d_k");
        text =
            m.stack > 0
                ? tr("%1 × %2 × %3: H = %1 heads, d_model = %2, %4 = %3")
                      .arg(heads)
                      .arg(rows)
                      .arg(cols)
                      .arg(columns)
                : tr("%1 × %2: one head, d_model = %1, %3 = %2").arg(rows).arg(cols).arg(columns);
    } else {
        const QString shape = QStringLiteral("%1 × %2").arg(rows).arg(cols);
        switch (index) {
        case size_t(Role::Queries):
            text = tr("%1: m = %2 queries, d_k = %3").arg(shape).arg(rows).arg(cols);
            break;
        case size_t(Role::Keys):
            text = tr("%1: T = %2 keys, d_k = %3").arg(shape).arg(rows).arg(cols);
            break;
        case size_t(Role::Values):
            text = tr("%1: T = %2 values, d_v = %3").arg(shape).arg(rows).arg(cols);
            break;
        case 3 + size_t(ModelRole::Embeddings):
            text = tr("%1: T = %2 tokens, d_model = %3").arg(shape).arg(rows).arg(cols);
            break;
        default: // W_O
            text = tr("%1: H·d_v = %2, d_model = %3").arg(shape).arg(rows).arg(cols);
            break;
        }
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
    const bool ok = mMode == Mode::Attention ? updateAttention() : updateModel();
    for (size_t index = 0; index < slotCount; ++index) {
        const Slot &slot = mSlots[index];
        slot.shape->setText(slotShapeText(index));
        slot.shape->setStyleSheet(!slot.error.isEmpty() ? QStringLiteral("color: #b00020;")
                                                        : QString());
    }
    mSummary->setText(mSummaryText);
    // Red once every required file is chosen and the import is still refused.
    bool chosen = true;
    for (size_t index : slotsOf(mMode))
        if (index != size_t(Role::Values) && index != modelSlot(ModelRole::WO))
            chosen = chosen && !mSlots[index].loadedPath.isEmpty();
    mSummary->setStyleSheet(!ok && chosen ? QStringLiteral("color: #b00020;") : QString());
    mImportButton->setEnabled(ok);
}

bool ImportDialog::updateAttention()
{
    const Slot &q = mSlots[size_t(Role::Queries)];
    const Slot &k = mSlots[size_t(Role::Keys)];
    const Slot &v = mSlots[size_t(Role::Values)];
    if (q.loadedPath.isEmpty() || k.loadedPath.isEmpty()) {
        mSummaryText = tr("Choose the queries and the keys (the values are optional).");
        return false;
    }
    if (!q.matrix || !k.matrix || (!v.loadedPath.isEmpty() && !v.matrix)) {
        mSummaryText = tr("A file could not be read; see the message under it.");
        return false;
    }
    LoadResult result = scenarioFromMatrices(*q.matrix, *k.matrix, v.matrix ? &*v.matrix : nullptr);
    if (auto *error = std::get_if<LoadError>(&result)) {
        mSummaryText = error->message;
        return false;
    }
    mScenario = std::get<Scenario>(std::move(result));
    const Scenario &s = *mScenario;
    mSummaryText = tr("m = %1 queries, T = %2 keys, d_k = %3, d_v = %4%5. Importing "
                      "replaces the open scenario; Edit ▸ Undo brings it back.")
                       .arg(s.m())
                       .arg(s.T())
                       .arg(s.dK())
                       .arg(s.dV())
                       .arg(v.matrix ? QString() : tr(" (one-hot values)"));
    return true;
}

bool ImportDialog::updateModel()
{
    const Slot &x = mSlots[modelSlot(ModelRole::Embeddings)];
    const Slot &wq = mSlots[modelSlot(ModelRole::WQ)];
    const Slot &wk = mSlots[modelSlot(ModelRole::WK)];
    const Slot &wv = mSlots[modelSlot(ModelRole::WV)];
    const Slot &wo = mSlots[modelSlot(ModelRole::WO)];
    if (x.loadedPath.isEmpty() || wq.loadedPath.isEmpty() || wk.loadedPath.isEmpty() ||
        wv.loadedPath.isEmpty()) {
        mSummaryText = tr("Choose the embeddings, W_Q, W_K and W_V (W_O is optional).");
        return false;
    }
    if (!x.matrix || !wq.matrix || !wk.matrix || !wv.matrix ||
        (!wo.loadedPath.isEmpty() && !wo.matrix)) {
        mSummaryText = tr("A file could not be read; see the message under it.");
        return false;
    }
    LoadResult result = modelScenarioFromMatrices(*x.matrix, *wq.matrix, *wk.matrix, *wv.matrix,
                                                  wo.matrix ? &*wo.matrix : nullptr);
    if (auto *error = std::get_if<LoadError>(&result)) {
        mSummaryText = error->message;
        return false;
    }
    mScenario = std::get<Scenario>(std::move(result));
    const Model &model = *mScenario->model;
    mSummaryText = tr("T = %1 tokens, d_model = %2, H = %3 %4, d_k = %5, d_v = %6, %7. "
                      "Importing replaces the open scenario; Edit ▸ Undo brings it back.")
                       .arg(model.T())
                       .arg(model.dModel())
                       .arg(model.H())
                       .arg(model.H() == 1 ? tr("head") : tr("heads"))
                       .arg(model.dK())
                       .arg(model.dV())
                       .arg(model.wO ? tr("Y = [O¹ … Oᴴ] W_O") : tr("no W_O"));
    return true;
}

QString ImportDialog::summaryText() const
{
    return mSummaryText;
}

QString ImportDialog::undoText() const
{
    QStringList names;
    for (size_t index : slotsOf(mMode))
        if (!mSlots[index].loadedPath.isEmpty())
            names << QFileInfo(mSlots[index].loadedPath).fileName();
    return tr("Import %1").arg(names.join(QStringLiteral(", ")));
}

void ImportDialog::browse(size_t index)
{
    QString dir = QSettings().value(lastDirKey).toString();
    if (!slotFile(index).isEmpty())
        dir = QFileInfo(slotFile(index)).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Choose a matrix"), dir,
        tr("Matrices (*.csv *.npy);;CSV files (*.csv);;NumPy files (*.npy);;All files (*)"));
    if (path.isEmpty())
        return;
    QSettings().setValue(lastDirKey, QFileInfo(path).absolutePath());
    setSlotFile(index, path);
}

} // namespace sml
