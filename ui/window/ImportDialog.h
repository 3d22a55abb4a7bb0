#pragma once

#include "MatrixImport.h"
#include "Scenario.h"

#include <QDialog>

#include <array>
#include <optional>

class QLabel;
class QLineEdit;
class QPushButton;

namespace sml {

/// File ▸ Import matrices…: builds a scenario from queries (m×d_k), keys (T×d_k) and optional
/// values (T×d_v), each a CSV or NumPy .npy file (core/MatrixImport.h), as
/// `softmaxlab --queries Q --keys K [--values V]` does on the command line.
///
/// Each file is read as soon as it is chosen (setFile, Browse…, or editing the path); its row
/// shows the shape found ("m = 2 queries × d_k = 3") or the reader's message. Below, the dialog
/// shows what the import will give, or refuses a mismatch with core's message
/// (scenarioFromMatrices) and keeps Import disabled. Without values, the values are one-hot (d_v =
/// T).
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

    explicit ImportDialog(QWidget *parent = nullptr);

    /// Sets the file of a role and reads it (an empty path clears the role).
    void setFile(Role role, const QString &path);
    QString file(Role role) const;
    /// Fills the roles from dropped files: each goes to guessRole()'s role when that one is still
    /// free, the others to the free roles in order (queries, keys, values). At most three.
    void setFiles(const QStringList &paths);
    /// The role a file name suggests: q…/quer… → queries, k…/key… → keys, v…/val… → values
    /// (the base name, any case); nullopt otherwise.
    static std::optional<Role> guessRole(const QString &path);

    /// What the row of a role shows: the shape found, "(none: one-hot values, d_v = T)", or the
    /// reader's message.
    QString shapeText(Role role) const;
    /// The line under the rows: the resulting shapes, or the message that refuses the import.
    QString summaryText() const;
    /// True when the files make a valid scenario.
    bool isAcceptable() const { return mScenario.has_value(); }
    /// The imported scenario (nullopt unless isAcceptable()).
    const std::optional<Scenario> &scenario() const { return mScenario; }
    /// "Import q.npy, k.npy, v.npy": the undo text of the import.
    QString undoText() const;

    QLineEdit *pathEdit(Role role) const { return mSlots[size_t(role)].edit; }
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

    /// Reads the role's file unless it was already read (`force`: read it again).
    void reload(Role role, bool force = false);
    void update();
    void browse(Role role);

    std::array<Slot, 3> mSlots;
    QLabel *mSummary;
    QPushButton *mImportButton;
    std::optional<Scenario> mScenario;
    QString mSummaryText;
};

} // namespace sml
