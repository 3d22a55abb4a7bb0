// Real mouse events on a QSlider for tests/ui tests: find the handle as the style draws it, and
// drag it.
#pragma once

#include <QApplication>
#include <QMouseEvent>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTest>

namespace sml::test {

/// The handle rectangle of a horizontal slider, as the style draws it.
inline QRect handleRect(QSlider *slider)
{
    QStyleOptionSlider opt;
    opt.initFrom(slider);
    opt.orientation = slider->orientation();
    opt.minimum = slider->minimum();
    opt.maximum = slider->maximum();
    opt.sliderPosition = slider->sliderPosition();
    opt.sliderValue = slider->value();
    opt.singleStep = slider->singleStep();
    opt.pageStep = slider->pageStep();
    opt.tickPosition = slider->tickPosition();
    opt.tickInterval = slider->tickInterval();
    opt.upsideDown = slider->invertedAppearance();
    if (slider->orientation() == Qt::Horizontal)
        opt.state |= QStyle::State_Horizontal;
    return slider->style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderHandle,
                                           slider);
}

/// Presses the slider's handle, moves it by `dx` pixels in `steps` moves, and releases it.
inline void dragHandle(QSlider *slider, int dx, int steps = 3)
{
    const QPoint start = handleRect(slider).center();
    QTest::mousePress(slider, Qt::LeftButton, Qt::NoModifier, start);
    QPoint at = start;
    for (int k = 1; k <= steps; ++k) {
        at = start + QPoint(dx * k / steps, 0);
        QMouseEvent move(QEvent::MouseMove, QPointF(at), slider->mapToGlobal(QPointF(at)),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(slider, &move);
    }
    QTest::mouseRelease(slider, Qt::LeftButton, Qt::NoModifier, at);
}

} // namespace sml::test
