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
/// dimensions, for d_k > 2) and the H(q) background (d_k = 2).
class KeySpacePanel : public QWidget
{
    Q_OBJECT

public:
    explicit KeySpacePanel(ScenarioDocument *document, QWidget *parent = nullptr);

    KeySpaceView *view() const { return mView; }
    QComboBox *projectionCombo() const { return mProjection; }
    QSpinBox *dimensionXSpin() const { return mDimX; }
    QSpinBox *dimensionYSpin() const { return mDimY; }
    QCheckBox *entropyFieldCheck() const { return mField; }

private:
    void syncControls();

    KeySpaceView *mView;
    QLabel *mPlaneLabel;
    QComboBox *mProjection;
    QSpinBox *mDimX;
    QSpinBox *mDimY;
    QCheckBox *mField;
};

} // namespace sml
