#pragma once

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QObject>
#include <QPalette>
#include <QString>

#include <algorithm>

class QCustomPlot;

namespace sml {

/// `font` with its size multiplied by `ratio`, in the unit it is set in (points, or pixels for a
/// font set in pixels; at least 1 px).
QFont scaledFont(QFont font, double ratio);

/// How everything is drawn: the colour theme and presentation mode (issue 7). One instance for
/// the process (Appearance::instance()); the window changes it from the View menu and saves it
/// in QSettings; every PlotView restyles itself before each replot and export
/// (Appearance::applyTo), so exported slides look like the screen.
///
/// Views are written for the light theme at scale 1: they take their fonts from plotStyle
/// (already multiplied by fontScale()) and their colours and pens as constants. applyTo() then
/// maps what the views set, remembering each original on the object itself, so the mapping is
/// exact and reversible:
/// - colours: greys move between the theme's background and foreground (dark theme: black text
///   becomes light, a white label box becomes dark); hues keep their hue and get a lightness
///   that reads on the background (lighter on dark, darker in high contrast);
/// - pens: widths × lineScale(), scatter-style markers × markerScale() (tracers are sized by
///   their views, which may hit-test against them);
/// - fonts set before a change of scale are resized by the ratio of the scales.
class Appearance : public QObject
{
    Q_OBJECT

public:
    /// Dynamic property (bool) of a plot element drawn on data, whose colours were chosen
    /// against the data (a weight printed in a heatmap cell): applyTo() scales it but keeps its
    /// colours.
    static constexpr const char *onDataProperty = "smlOnData";

    enum class Theme
    {
        System, ///< follow the desktop: dark when its window colour is dark
        Light,
        Dark
    };
    /// Presentation scales offered in the View menu (the 1×–3×).
    static constexpr double minScale = 1.0;
    static constexpr double maxScale = 3.0;
    static constexpr double defaultPresentationScale = 1.5;

    static Appearance *instance();

    Theme theme() const { return mTheme; }
    bool presentation() const { return mPresentation; }
    /// The font scale chosen for presentation mode, in [minScale, maxScale].
    double presentationScale() const { return mPresentationScale; }
    /// The largest presentation scale the screen has room for (setScreenScaleCap; maxScale
    /// until the window tells).
    double screenScaleCap() const { return mScreenCap; }
    /// The presentation scale drawn: the chosen one, at most screenScaleCap().
    double drawnPresentationScale() const { return std::min(mPresentationScale, mScreenCap); }
    /// The largest presentation scale for a screen `availableHeight` pixels high: 1.5× for a
    /// 1280×800 projector, about 2× for 1080 pixels, 3× from 1600 (at 2× on 800 pixels every plot
    /// was a strip and the captions were cut: a fresh reader).
    static double scaleCapForScreen(int availableHeight)
    {
        return std::clamp(availableHeight * 1.5 / 800.0, minScale, maxScale);
    }

    /// The theme actually drawn (System resolved against the desktop palette seen at start-up).
    bool dark() const;
    /// Plot text scale: presentationScale() in presentation mode, else 1; times exportScale().
    double fontScale() const
    {
        return (mPresentation ? drawnPresentationScale() : 1.0) * mExportScale;
    }
    /// Panel and table text scale: half the plot's presentation step (1 + (s − 1)/2), so the
    /// controls grow without pushing the plots off a projector. An export's scale leaves the
    /// panels alone.
    double widgetFontScale() const
    {
        return 1.0 + ((mPresentation ? drawnPresentationScale() : 1.0) - 1.0) / 2.0;
    }
    /// Line widths ×2 and markers ×1.6 in presentation mode, else 1; times exportScale().
    double lineScale() const { return (mPresentation ? 2.0 : 1.0) * mExportScale; }
    double markerScale() const { return (mPresentation ? 1.6 : 1.0) * mExportScale; }
    /// Presentation mode draws in high contrast: pure black/white text, darker greys and hues.
    bool highContrast() const { return mPresentation; }
    /// True at the defaults (light, not presenting, no export scale): then applyTo() only
    /// restores what an earlier style changed.
    bool isIdentity() const { return !dark() && !mPresentation && mExportScale == 1.0; }

    /// The text and line scale F of an export (`--scale F`, the export dialog's "Text and
    /// lines"; scenario-format.md, "Command line: additions"): it multiplies fontScale(),
    /// lineScale() and markerScale() while an ExportScale is alive; 1 otherwise. The window's
    /// panels (widgetFontScale()) and colours do not follow it, and no signal is sent: the
    /// export restyles the plots it draws (PlotView::exportImage).
    double exportScale() const { return mExportScale; }

    /// Sets Appearance::exportScale() to `scale` for its lifetime and restores the previous
    /// value afterwards (exports nest: "Export all views" sets it once for every view).
    class ExportScale
    {
    public:
        explicit ExportScale(double scale);
        ~ExportScale();
        ExportScale(const ExportScale &) = delete;
        ExportScale &operator=(const ExportScale &) = delete;

    private:
        double mPrevious;
    };

    /// Plot background and foreground (text, axes) of the theme drawn.
    QColor background() const;
    QColor foreground() const;
    /// Maps a colour chosen for the light theme to the theme drawn (see the class comment).
    QColor themed(const QColor &lightColor) const;
    /// A background tint (a field under the data, a hatch): mapped like themed() in the dark
    /// theme, kept pale in light high contrast so the data on it stays readable.
    QColor paper(const QColor &lightColor) const
    {
        return dark() ? themed(lightColor) : lightColor;
    }
    /// The widgets' palette for the theme drawn (the desktop's own palette for a light System
    /// theme on a light desktop).
    QPalette palette() const;

    /// Restyles every element of `plot` (see the class comment). Cheap when nothing is to be
    /// done: at the defaults, plots never restyled are skipped.
    void applyTo(QCustomPlot *plot) const;
    /// Before a change (aboutToChange): remembers, for every element not yet seen, that its
    /// current font and colours were set under the style now in force.
    void recordOriginals(QCustomPlot *plot) const;

    static QString themeName(Theme theme);
    static Theme themeFromName(const QString &name); ///< unknown names give System

public slots:
    void setTheme(sml::Appearance::Theme theme);
    void setPresentation(bool on);
    /// Clamped to [minScale, maxScale]; NaN is ignored.
    void setPresentationScale(double scale);
    /// The screen's cap on the presentation scale (scaleCapForScreen of the window's screen).
    void setScreenScaleCap(double cap);

signals:
    /// Before any change: views call recordOriginals() (the style still the old one).
    void aboutToChange();
    /// After any change: views restyle and re-lay out, the window re-applies its palette.
    void changed();

private:
    Appearance();
    void restyle(QCustomPlot *plot, bool recordOnly) const;

    Theme mTheme = Theme::System;
    bool mPresentation = false;
    double mPresentationScale = defaultPresentationScale;
    double mScreenCap = maxScale;
    double mExportScale = 1.0;
    bool mSystemDark = false;
    QPalette mSystemPalette;
};

} // namespace sml
