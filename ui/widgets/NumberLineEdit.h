#pragma once

#include <QLineEdit>
#include <QLocale>

namespace sml {

/// A one-number line edit for the control panel (τ, σ0², μ). Text is parsed with
/// parseCellNumber() in the user's locale when editing finishes: a valid number is emitted with
/// committed(), anything else turns the field red with the reason in its tooltip and in
/// refused(). setValue() shows a value from the document unless the user is typing.
class NumberLineEdit : public QLineEdit
{
    Q_OBJECT

public:
    explicit NumberLineEdit(QWidget *parent = nullptr, const QLocale &locale = QLocale());

    /// Shows `value` (8 significant digits, or those of setShownDigits) and clears any refusal,
    /// unless the field has focus and unsaved typing (then the typing wins until it is committed
    /// or refused).
    void setValue(double value);
    /// How many significant digits setValue shows (8 by default; a large presentation field 4).
    void setShownDigits(int digits) { mDigits = digits; }
    /// Asks the layout for room for a value of setShownDigits digits ("-0.0123457"), in the
    /// field's font: a field squeezed by the label beside it cut "1.41421" to "1.4142" (a
    /// reader's find at 1280×800).
    void setKeepsShownDigitsWhole(bool whole)
    {
        mWhole = whole;
        updateGeometry();
    }
    QSize minimumSizeHint() const override;
    QSize sizeHint() const override; ///< kept whole: the minimum's width

    /// Shows the refusal of a committed value (for example an infeasible MaxEnt target).
    void showRefused(const QString &message);

signals:
    void committed(double value);
    void refused(const QString &message);

protected:
    bool event(QEvent *event) override;
    /// Esc puts back the value shown before the typing (and clears a refusal); with nothing to
    /// put back it goes on to the window (Esc leaves presentation mode).
    void keyPressEvent(QKeyEvent *event) override;
    /// Leaving a refused field puts back the value (the refusal was said in the status bar;
    /// the field must not keep showing text that is not the scenario's).
    void focusOutEvent(QFocusEvent *event) override;

private:
    void commit();
    /// Typing, a refusal or text other than the value shown: what Esc puts back.
    bool hasSomethingToPutBack() const;
    void putBack();

    QLocale mLocale;
    int mDigits = 8;
    QString mShownText; ///< what setValue last showed
    bool mWhole = false;
};

} // namespace sml
