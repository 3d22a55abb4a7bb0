#include "widgets/AnimationControls.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QTimer>

namespace sml {

AnimationControls::AnimationControls(QWidget *parent) : QWidget(parent)
{
    mPlay = new QPushButton(tr("Play"), this);
    mPlay->setToolTip(tr("Run the optimizer one iteration at a time (Space)"));
    mStep = new QPushButton(tr("Step"), this);
    mStep->setToolTip(tr("Advance one iteration"));
    mReset = new QPushButton(tr("Reset"), this);
    mReset->setToolTip(tr("Go back to the starting point"));
    mSpeed = new QSlider(Qt::Horizontal, this);
    mSpeed->setRange(1, 60);
    mSpeed->setValue(4);
    mSpeed->setToolTip(tr("Speed: iterations per second"));
    mSpeed->setMinimumWidth(80);
    mIteration = new QLabel(tr("iteration 0"), this);
    mIteration->setMinimumWidth(90);
    mTimer = new QTimer(this);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mPlay);
    layout->addWidget(mStep);
    layout->addWidget(mReset);
    layout->addWidget(new QLabel(tr("speed"), this));
    layout->addWidget(mSpeed, 1);
    layout->addWidget(mIteration);

    connect(mPlay, &QPushButton::clicked, this, &AnimationControls::togglePlay);
    connect(mStep, &QPushButton::clicked, this, [this] {
        pause();
        emit stepRequested();
    });
    connect(mReset, &QPushButton::clicked, this, &AnimationControls::reset);
    connect(mTimer, &QTimer::timeout, this, &AnimationControls::stepRequested);
    connect(mSpeed, &QSlider::valueChanged, this, [this](int v) { mTimer->setInterval(1000 / v); });
    mTimer->setInterval(1000 / mSpeed->value());
    updateButtons();
}

bool AnimationControls::isPlaying() const
{
    return mTimer->isActive();
}

int AnimationControls::speed() const
{
    return mSpeed->value();
}

void AnimationControls::setSpeed(int iterationsPerSecond)
{
    mSpeed->setValue(iterationsPerSecond);
}

void AnimationControls::setIteration(int n)
{
    mIteration->setText(tr("iteration %1").arg(n));
}

void AnimationControls::setFinished(bool finished)
{
    mFinished = finished;
    if (finished)
        pause();
    updateButtons();
}

void AnimationControls::play()
{
    if (mFinished || mTimer->isActive())
        return;
    mTimer->start();
    updateButtons();
    emit playingChanged(true);
}

void AnimationControls::pause()
{
    if (!mTimer->isActive())
        return;
    mTimer->stop();
    updateButtons();
    emit playingChanged(false);
}

void AnimationControls::togglePlay()
{
    if (isPlaying())
        pause();
    else
        play();
}

void AnimationControls::reset()
{
    pause();
    mFinished = false;
    updateButtons();
    emit resetRequested();
}

void AnimationControls::updateButtons()
{
    mPlay->setText(isPlaying() ? tr("Pause") : tr("Play"));
    mPlay->setEnabled(!mFinished);
    mStep->setEnabled(!mFinished);
}

} // namespace sml
