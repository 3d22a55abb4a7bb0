#pragma once

#include <QDoubleSpinBox>

namespace sml {

/// A QDoubleSpinBox for a value on a round grid (the MaxEnt target μ, RoundGrid): setGrid()
/// gives the step 10^e (the arrows and Up/Down move by it, PageUp/PageDown by ten) and keeps
/// two more decimals for typing, and the value is shown without trailing zeros, so a typed
/// "0.95" reads back as 0.95 (the double nearest to it, QDoubleSpinBox's rounding). Typing
/// commits on Enter or when the box loses focus (no keyboard tracking).
class DecimalSpinBox : public QDoubleSpinBox
{
    Q_OBJECT

public:
    explicit DecimalSpinBox(QWidget *parent = nullptr);

    /// The range and the step 10^exponent; values keep max(0, 2 − exponent) decimals.
    void setGrid(double minimum, double maximum, int exponent);
    QString textFromValue(double value) const override;
    /// Wide enough for the longest value of the range at all its decimals (QDoubleSpinBox
    /// measures the range's ends only, which drop their trailing zeros here).
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
};

} // namespace sml
