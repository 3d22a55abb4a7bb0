#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;

namespace sml {

class KeySpaceView;
class ScenarioDocument;

/// The key-space view (MATH.md §4.5) with its controls: the plane (PCA projection or two chosen
/// dimensions, for d_k > 2) and the background field (none, the score s = q·k/τ of a key placed
/// at each point, or H(q) of a query placed there for d_k = 2).
class KeySpacePanel : public QWidget
{
    Q_OBJECT

public:
    explicit KeySpacePanel(ScenarioDocument *document, QWidget *parent = nullptr);

    KeySpaceView *view() const { return mView; }
    QComboBox *projectionCombo() const { return mProjection; }
    QSpinBox *dimensionXSpin() const { return mDimX; }
    QSpinBox *dimensionYSpin() const { return mDimY; }
    /// Background: item data is int(KeySpaceView::Field); the entropy item is disabled unless
    /// d_k = 2.
    QComboBox *fieldCombo() const { return mField; }

private:
    void syncControls();

    KeySpaceView *mView;
    QLabel *mPlaneLabel;
    QComboBox *mProjection;
    QSpinBox *mDimX;
    QSpinBox *mDimY;
    QComboBox *mField;
};

} // namespace sml
