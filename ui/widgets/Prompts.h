#pragma once

#include <QMessageBox>
#include <QString>

#include <functional>

class QDialog;

namespace sml {

/// Runs a modal dialog (an export, the import, "export all views"); returns true when it was
/// accepted. The default is QDialog::exec(); tests replace it to fill in and accept the dialog
/// offscreen (PlotView::setDialogRunner, MainWindow::setDialogRunner).
using DialogRunner = std::function<bool(QDialog &dialog)>;

/// Shows an error to the user: a short title and the message (default: a QMessageBox warning).
/// Tests replace it to collect or refuse errors (PlotView::setErrorReporter,
/// MainWindow::setErrorReporter).
using ErrorReporter = std::function<void(const QString &title, const QString &message)>;

/// QMessageBox::warning, in the panels' text size (Appearance::widgetFontScale()) while
/// presenting: the app's 9-pt question stood small in front of a class (a fresh reader).
/// Returns the button pressed.
QMessageBox::StandardButton
warningBox(QWidget *parent, const QString &title, const QString &text,
           QMessageBox::StandardButtons buttons = QMessageBox::Ok,
           QMessageBox::StandardButton defaultButton = QMessageBox::NoButton);

} // namespace sml
