#pragma once

#include <QSet>
#include <QTabWidget>

class QToolButton;

namespace sml {

/// A QTabWidget whose bar never shows a tab cut in half.
///
/// QTabBar scrolls by pixels, so a bar with more tabs than room shows the tabs at its edges
/// with half their names (at 1280×800 beside both docks the view tabs read "…ihood landsc…";
/// a reader's finding on issue 18). This widget shows the run of whole tabs that holds the
/// current tab. When some tabs are left out, an "N more" button at the end of the bar lists
/// every tab. Ctrl+Tab and Ctrl+Shift+Tab, ← and → on the bar, and the wheel over it go
/// through all of them, the ones out of the bar included.
///
/// Only a tab too wide for the bar on its own is elided.
///
/// A tab its owner takes away with setTabAvailable(index, false) stays out of the bar and the
/// list. Use this instead of setTabVisible(), which the fitting itself calls.
class FittingTabWidget : public QTabWidget
{
    Q_OBJECT

public:
    explicit FittingTabWidget(QWidget *parent = nullptr);
    ~FittingTabWidget() override;

    /// Gives a tab back to the bar (`available`) or takes it away. An index out of range is
    /// ignored. A current tab taken away hands the current role to its neighbour, as
    /// QTabBar does.
    void setTabAvailable(int index, bool available);
    bool isTabAvailable(int index) const;

    /// The button that lists every tab. It is shown only while some tab is out of the bar.
    QToolButton *moreButton() const { return mMore; }
    /// How many available tabs are out of the bar now (0 when they all fit).
    int tabsOutOfBar() const { return mOutOfBar; }

    /// Makes the next available tab in `direction` (+1 or −1) current. `wrap` goes round from
    /// the last to the first (Ctrl+Tab does; the arrow keys stop at the ends, as QTabBar's do).
    void stepCurrent(int direction, bool wrap);

    /// Lays the bar out again: the run of whole tabs that holds the current one.
    void fitTabs();
    /// The "N more" button and its list take the bar's font (on every font change of the bar).
    void followBarFont();

protected:
    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void tabInserted(int index) override;
    void tabRemoved(int index) override;

private:
    void fillMenu();

    QSet<const QWidget *> mUnavailable; ///< pages taken away by their owner
    QToolButton *mMore = nullptr;
    int mFirst = 0; ///< the first tab of the run shown when not all fit
    int mOutOfBar = 0;
    bool mFitting = false;
};

} // namespace sml
