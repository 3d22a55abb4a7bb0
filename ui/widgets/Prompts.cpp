#include "widgets/Prompts.h"

#include "style/Appearance.h"

#include <algorithm>
#include <cmath>

namespace sml {

QMessageBox::StandardButton warningBox(QWidget *parent, const QString &title, const QString &text,
                                       QMessageBox::StandardButtons buttons,
                                       QMessageBox::StandardButton defaultButton)
{
    QMessageBox box(QMessageBox::Warning, title, text, buttons, parent);
    box.setDefaultButton(defaultButton);
    const double scale = Appearance::instance()->widgetFontScale(); // 1 in the window
    if (scale != 1.0) {
        QFont font = box.font();
        if (font.pointSizeF() > 0)
            font.setPointSizeF(font.pointSizeF() * scale);
        else if (font.pixelSize() > 0)
            font.setPixelSize(std::max(1, int(std::lround(font.pixelSize() * scale))));
        box.setFont(font);
    }
    return QMessageBox::StandardButton(box.exec());
}

} // namespace sml
