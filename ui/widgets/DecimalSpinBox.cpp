#include "widgets/DecimalSpinBox.h"

#include <QFontMetrics>

#include <algorithm>
#include <cmath>

namespace sml {

DecimalSpinBox::DecimalSpinBox(QWidget *parent) : QDoubleSpinBox(parent)
{
    setKeyboardTracking(false);
    setAccelerated(false);
    setCorrectionMode(QAbstractSpinBox::CorrectToNearestValue);
}

void DecimalSpinBox::setGrid(double minimum, double maximum, int exponent)
{
    setDecimals(std::clamp(2 - exponent, 0, 320));
    setRange(minimum, maximum);
    setSingleStep(std::pow(10.0, double(exponent)));
}

QString DecimalSpinBox::textFromValue(double value) const
{
    QString text = locale().toString(value, 'f', decimals());
    if (!isGroupSeparatorShown())
        text.remove(locale().groupSeparator());
    const QChar point = locale().decimalPoint().at(0);
    if (text.contains(point)) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(point))
            text.chop(1);
    }
    if (text == QLatin1String("-0"))
        text = QStringLiteral("0");
    return text;
}

} // namespace sml

namespace sml {

/// QDoubleSpinBox's width for its ends, widened to the longest text a value can have.
static QSize widened(const DecimalSpinBox *box, QSize hint)
{
    const QFontMetrics fm(box->font());
    const double widest = std::max(std::abs(box->minimum()), std::abs(box->maximum()));
    QString longest = box->locale().toString(-widest, 'f', box->decimals());
    if (!box->isGroupSeparatorShown())
        longest.remove(box->locale().groupSeparator());
    const int ends = std::max(fm.horizontalAdvance(box->textFromValue(box->minimum())),
                              fm.horizontalAdvance(box->textFromValue(box->maximum())));
    hint.rwidth() += std::max(0, fm.horizontalAdvance(longest) - ends);
    return hint;
}

QSize DecimalSpinBox::sizeHint() const
{
    return widened(this, QDoubleSpinBox::sizeHint());
}

QSize DecimalSpinBox::minimumSizeHint() const
{
    return widened(this, QDoubleSpinBox::minimumSizeHint());
}

} // namespace sml
