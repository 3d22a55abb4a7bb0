#pragma once

#include <QWidget>

class QPushButton;
class QSlider;
class QLabel;
class QTimer;

namespace sml {

/// Play / Pause, Step, Reset and a speed slider for an optimizer animation (MATH.md §4.4, §5.5).
/// It only keeps time: each tick emits stepRequested(); the owner advances its iterate and calls
/// setFinished(true) once converged, which stops the timer. It never blocks the event loop.
class AnimationControls : public QWidget
{
    Q_OBJECT

public:
    explicit AnimationControls(QWidget *parent = nullptr);

    bool isPlaying() const;
    /// Iterations per second (1–60).
    int speed() const;
    void setSpeed(int iterationsPerSecond);
    /// Shows "iteration n" next to the buttons.
    void setIteration(int n);
    /// Marks the run as finished (stops playing, disables Play/Step) or not.
    void setFinished(bool finished);

public slots:
    void play();
    void pause();
    void togglePlay();
    /// Stops playing and asks the owner to go back to the start (emits resetRequested()).
    void reset();

signals:
    void stepRequested();
    void resetRequested();
    void playingChanged(bool playing);

private:
    void updateButtons();

    QPushButton *mPlay = nullptr;
    QPushButton *mStep = nullptr;
    QPushButton *mReset = nullptr;
    QSlider *mSpeed = nullptr;
    QLabel *mIteration = nullptr;
    QTimer *mTimer = nullptr;
    bool mFinished = false;
};

} // namespace sml
