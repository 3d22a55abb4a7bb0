#pragma once

#include "MatrixImport.h"
#include "Scenario.h"

#include <QDialog>

#include <array>
#include <optional>
#include <vector>

class QAbstractButton;
class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;

namespace sml {

/// File ▸ Import matrices…: builds a scenario from queries (m×d_k), keys (T×d_k) and optional
/// values (T×d_v), each a CSV or NumPy .npy file (core/MatrixImport.h), as
/// `softmaxlab --queries Q --keys K [--values V]` does on the command line; or, in the model mode,
/// a model scenario (MATH.md §8) from token embeddings X (T×d_model) and the projections W_Q,
/// W_K (d_model×d_k), W_V (d_model×d_v), each a matrix for one head or a 3-D .npy
/// (H, d_model, d_k) for H heads, and an optional W_O ((H·d_v)×d_model), as
/// `softmaxlab --embeddings X --wq WQ --wk WK --wv WV [--wo WO]` does (core/ModelImport.h).
///
/// Each file is read as soon as it is chosen (setFile, Browse…, or editing the path); its row
/// shows the shape found ("m = 2 queries × d_k = 3") or the reader's message. Below, the dialog
/// shows what the import will give, or refuses a mismatch with core's message
/// (scenarioFromMatrices, modelScenarioFromMatrices) and keeps Import disabled. Without values, the
/// values are one-hot (d_v = T).
///
/// The dialog does not touch the document: the caller takes scenario() and pushes it as one
/// undo step (ScenarioDocument::importScenario with undoText(): the document becomes untitled).
class ImportDialog : public QDialog
{
    Q_OBJECT

public:
    enum class Role
    {
        Queries = 0,
        Keys = 1,
        Values = 2,
    };

    /// The files of a model scenario (the model mode).
    enum class ModelRole
    {
        Embeddings = 0,
        WQ = 1,
        WK = 2,
        WV = 3,
        WO = 4,
    };

    /// What the dialog imports: queries and keys (a version-1 scenario), or a model's embeddings
    /// and projections (a model scenario).
    enum class Mode
    {
        Attention = 0,
        Model = 1,
    };

    explicit ImportDialog(QWidget *parent = nullptr);

    /// Switches between the two sets of files (each keeps its files); the summary, Import and
    /// scenario() follow the mode shown.
    void setMode(Mode mode);
    Mode mode() const { return mMode; }
    QAbstractButton *modeButton(Mode mode) const { return mModeButtons[size_t(mode)]; }

    /// Sets the file of a role and reads it (an empty path clears the role).
    void setFile(Role role, const QString &path);
    QString file(Role role) const;
    /// The same for the files of the model mode (W_O is optional).
    void setFile(ModelRole role, const QString &path);
    QString file(ModelRole role) const;
    /// Fills the roles from dropped files: each goes to guessRole()'s role when that one is still
    /// free, the others to the free roles in order (queries, keys, values). At most three.
    void setFiles(const QStringList &paths);
    /// The role a file name suggests: q…/quer… → queries, k…/key… → keys, v…/val… → values
    /// (the base name, any case); nullopt otherwise.
    static std::optional<Role> guessRole(const QString &path);

    /// What the row of a role shows: the shape found, "(none: one-hot values, d_v = T)", or the
    /// reader's message.
    QString shapeText(Role role) const;
    /// What the row of a model file shows: "2×2×3: H = 2 heads, d_model = 2, d_k = 3", "(none: no
    /// W_O)", or the reader's message.
    QString shapeText(ModelRole role) const;
    /// The line under the rows: the resulting shapes, or the message that refuses the import.
    QString summaryText() const;
    /// True when the files make a valid scenario.
    bool isAcceptable() const { return mScenario.has_value(); }
    /// The imported scenario (nullopt unless isAcceptable()).
    const std::optional<Scenario> &scenario() const { return mScenario; }
    /// "Import q.npy, k.npy, v.npy": the undo text of the import (the files of the mode shown).
    QString undoText() const;

    QLineEdit *pathEdit(Role role) const { return mSlots[size_t(role)].edit; }
    QLineEdit *pathEdit(ModelRole role) const { return mSlots[modelSlot(role)].edit; }
    QPushButton *importButton() const { return mImportButton; }

private:
    struct Slot
    {
        QLineEdit *edit = nullptr;
        QLabel *shape = nullptr;
        QString loadedPath;
        std::optional<ImportedMatrix> matrix;
        QString error;
    };

    /// Slots 0–2: the roles of the attention mode; 3–7: those of the model mode.
    static constexpr size_t slotCount = 8;
    static size_t modelSlot(ModelRole role) { return 3 + size_t(role); }
    /// The attention mode's slots, or the model mode's.
    static std::vector<size_t> slotsOf(Mode mode);

    /// Adds the rows of the slots `indices` (named `names`) to a grid on `page`.
    void addRows(QWidget *page, const std::vector<size_t> &indices, const QStringList &names);
    /// Reads the slot's file unless it was already read (`force`: read it again).
    void reload(size_t slot, bool force = false);
    void setSlotFile(size_t slot, const QString &path);
    QString slotFile(size_t slot) const;
    QString slotShapeText(size_t slot) const;
    void update();
    /// The summary and scenario of each mode.
    bool updateAttention();
    bool updateModel();
    void browse(size_t slot);

    std::array<Slot, slotCount> mSlots;
    Mode mMode = Mode::Attention;
    std::array<QAbstractButton *, 2> mModeButtons{};
    QStackedWidget *mPages = nullptr;
    QLabel *mSummary;
    QPushButton *mImportButton;
    std::optional<Scenario> mScenario;
    QString mSummaryText;
};

} // namespace sml
