#include "widgets/GestureSlider.h"

#include "document/ScenarioDocument.h"

#include <QSlider>

#include <memory>

namespace sml {

void bindGestureSlider(QSlider *slider, ScenarioDocument *document,
                       std::function<std::optional<QString>(int position, int gesture)> apply,
                       std::function<void(const std::optional<QString> &)> report)
{
    // The gesture number lives as long as the connections (they all end with the slider).
    auto gesture = std::make_shared<int>(0);
    QObject::connect(slider, &QSlider::sliderPressed, slider,
                     [document, gesture] { *gesture = document->beginGesture(); });
    QObject::connect(slider, &QSlider::sliderReleased, slider, [gesture] { *gesture = 0; });
    QObject::connect(
        slider, &QSlider::valueChanged, slider,
        [slider, gesture, apply = std::move(apply), report = std::move(report)](int position) {
            report(apply(position, slider->isSliderDown() ? *gesture : 0));
        });
}

} // namespace sml
