#include "widgets/Prompts.h"

#include "style/Appearance.h"

namespace sml {

QMessageBox::StandardButton warningBox(QWidget *parent, const QString &title, const QString &text,
                                       QMessageBox::StandardButtons buttons,
                                       QMessageBox::StandardButton defaultButton)
{
    QMessageBox box(QMessageBox::Warning, title, text, buttons, parent);
    box.setDefaultButton(defaultButton);
    const double scale = Appearance::instance()->widgetFontScale(); // 1 in the window
    if (scale != 1.0)
        box.setFont(scaledFont(box.font(), scale));
    return QMessageBox::StandardButton(box.exec());
}

} // namespace sml
