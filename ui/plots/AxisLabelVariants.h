#pragma once

#include <QLatin1String>
#include <QStringList>
#include <QVariant>

#include <qcustomplot.h>

#include <algorithm>

namespace sml::axisLabelVariants {

/// The dynamic property (QStringList) of an axis styled by plotStyle::styleAxis that holds its
/// label's shorter forms, longest first, each a whole phrase ("output coordinate o_2",
/// "coordinate o_2", "o_2"). PlotView fits the label to the axis length before every draw: the
/// longest form that fits in the full font, else the last one shrunk to 70 % and only then
/// elided (a label elided in the middle, "output co…inate o_2", reads as nothing).
inline constexpr const char *property = "_sml_labelVariants";

/// The shorter forms of a label that has none of its own: the label cut before its last
/// " = …", ", …" or " (…)" clause, again and again, longest first ("weight w = softmax(q·k / τ)",
/// "weight w"; "entropy H (nats)", "entropy H"). A label is only elided once even its shortest
/// whole phrase does not fit.
inline QStringList derived(const QString &label)
{
    QStringList forms{label};
    QString text = label;
    for (;;) {
        qsizetype cut = -1;
        for (const char *separator : {" = ", ", ", " ("})
            cut = std::max(cut, text.lastIndexOf(QLatin1String(separator)));
        if (cut <= 0)
            return forms;
        text = text.left(cut).trimmed();
        forms << text;
    }
}

/// Sets `axis`'s label to variants.first() and remembers the shorter forms.
inline void set(QCPAxis *axis, const QStringList &variants)
{
    if (variants.isEmpty())
        return;
    axis->setProperty(property, variants);
    if (axis->label() != variants.first())
        axis->setLabel(variants.first());
}

} // namespace sml::axisLabelVariants
