#include "window/LessonExport.h"

#include "Analysis.h"
#include "AtomicFile.h"
#include "Lesson.h"
#include "Model.h"
#include "ModelAnalysis.h"
#include "ScenarioIo.h"
#include "document/ScenarioDocument.h"
#include "export/ImageExportOptions.h"
#include "export/ImageFile.h"
#include "panels/DerivationPanel.h"
#include "plots/PlotView.h"
#include "plots/model/HeadsView.h"
#include "plots/model/ProjectionsView.h"
#include "style/Appearance.h"
#include "window/ViewExport.h"

#include <QApplication>
#include <QBuffer>
#include <QCoreApplication>
#include <QPdfWriter>

#include <algorithm>
#include <cmath>
#include <memory>

namespace sml {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("LessonExport", text);
}

/// Margins and font sizes of the header, in layout pixels of the 1422 × 800 slide layout (drawn
/// 1.35 times larger on the 1920 × 1080 pt page).
constexpr double kMargin = 28;
constexpr double kTitlePixels = 34;
constexpr double kCaptionPixels = 22;
constexpr double kSmallestCaptionPixels = 14;
constexpr double kCounterPixels = 18;
/// The header takes at most this share of the page; a longer caption gets a smaller font.
constexpr double kMostHeader = 0.4;

QFont headerFont(double pixels, bool bold)
{
    QFont font = QApplication::font();
    font.setPixelSize(int(std::lround(pixels)));
    font.setBold(bold);
    return font;
}

/// Draws the step's title, "Step i of n" and caption across the top of a page `width` layout pixels
/// wide and returns the height they take (the view goes below).
double drawHeader(QPainter &painter, const LessonStep &step, int index, int count, double width,
                  double pageHeight)
{
    const QColor foreground = Appearance::instance()->foreground();
    QColor muted = foreground;
    muted.setAlphaF(0.6);
    const double textWidth = width - 2 * kMargin;

    const QString counter = tr("Step %1 of %2").arg(index + 1).arg(count);
    painter.setFont(headerFont(kCounterPixels, false));
    const QRectF counterRect =
        painter.boundingRect(QRectF(kMargin, kMargin, textWidth, kTitlePixels * 2),
                             Qt::AlignRight | Qt::AlignTop, counter);

    painter.setFont(headerFont(kTitlePixels, true));
    const QRectF titleBox(kMargin, kMargin, textWidth - counterRect.width() - kMargin, pageHeight);
    const QRectF titleRect =
        painter.boundingRect(titleBox, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, step.title);
    painter.setPen(foreground);
    painter.drawText(titleBox, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, step.title);

    painter.setFont(headerFont(kCounterPixels, false));
    painter.setPen(muted);
    // On the title's first line: its baseline is near the top of the title box.
    painter.drawText(QRectF(kMargin, kMargin + (kTitlePixels - kCounterPixels) * 0.6, textWidth,
                            kTitlePixels * 2),
                     Qt::AlignRight | Qt::AlignTop, counter);

    double bottom = titleRect.bottom();
    const QString caption = step.caption.value_or(QString()).trimmed();
    if (!caption.isEmpty()) {
        const double top = bottom + 10;
        double pixels = kCaptionPixels;
        QRectF captionRect;
        for (;; pixels -= 1) {
            painter.setFont(headerFont(pixels, false));
            captionRect =
                painter.boundingRect(QRectF(kMargin, top, textWidth, pageHeight),
                                     Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, caption);
            if (captionRect.bottom() <= kMostHeader * pageHeight ||
                pixels <= kSmallestCaptionPixels)
                break;
        }
        painter.setPen(foreground);
        painter.drawText(QRectF(kMargin, top, textWidth, captionRect.height() + 2),
                         Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, caption);
        bottom = captionRect.bottom();
    }
    bottom += 12;
    painter.setPen(QPen(muted, 1.5));
    painter.drawLine(QPointF(kMargin, bottom), QPointF(width - kMargin, bottom));
    return bottom + 4;
}

/// Draws step `index`'s view of `scenario` (the step applied) in (0, 0)–options.layoutSize().
std::optional<QString> drawView(QCPPainter &painter, const Scenario &shown, const QString &view,
                                int query, const ImageExportOptions &options)
{
    const Appearance::ExportScale scale(options.textScale);
    if (view == QLatin1String("derivation")) {
        ScenarioDocument document;
        if (auto error = openForExport(document, shown))
            return error;
        document.setSelectedQuery(query);
        DerivationPanel derivation(&document);
        derivation.setAttribute(Qt::WA_DontShowOnScreen);
        derivation.drawOnto(painter, options);
        return std::nullopt;
    }
    std::unique_ptr<PlotView> plot = makeExportView(view);
    if (!plot)
        return tr("unknown view “%1”").arg(view);
    const Analysis analysis(shown);
    const QSize layout = options.layoutSize();
    plot->setAttribute(Qt::WA_DontShowOnScreen);
    plot->resize(layout);
    plot->setLayoutSize(layout);
    plot->showAnalysis(analysis, query);
    plot->drawOnto(painter, options);
    return std::nullopt;
}

/// Draws the model view `view` ("heads" or "projections") of `modelScenario` (the step applied,
/// with its `model` section) for head `head`, as exportViews draws them (MATH.md §8).
std::optional<QString> drawModelView(QCPPainter &painter, const Scenario &modelScenario,
                                     const QString &view, int head,
                                     const ImageExportOptions &options)
{
    const Appearance::ExportScale scale(options.textScale);
    const ModelAnalysis model = analyzeModel(modelScenario);
    const QSize layout = options.layoutSize();
    std::unique_ptr<PlotView> plot;
    if (view == QLatin1String("heads"))
        plot = std::make_unique<HeadsView>();
    else
        plot = std::make_unique<ProjectionsView>();
    plot->setAttribute(Qt::WA_DontShowOnScreen);
    plot->resize(layout);
    plot->setLayoutSize(layout);
    if (auto *heads = qobject_cast<HeadsView *>(plot.get()))
        heads->showModel(modelScenario, model, head);
    else
        static_cast<ProjectionsView *>(plot.get())
            ->showModel(modelScenario, *model.heads[size_t(head)], head);
    plot->drawOnto(painter, options);
    return std::nullopt;
}

} // namespace

std::optional<QString> exportLessonPdf(const Scenario &scenario, const QString &path, int *pages)
{
    if (pages)
        *pages = 0;
    if (!scenario.lesson || scenario.lesson->steps.empty())
        return tr("the scenario has no lesson (its steps are in the version-2 \"lesson\" "
                  "section)");
    if (auto error = validateScenario(scenario))
        return error->message;

    // The page: `--slide` proportions and scale (ImageExportOptions::slide).
    const ImageExportOptions page = ImageExportOptions::slide(QStringLiteral("pdf"));
    const QSize layout = page.layoutSize();
    const double k = page.magnification;

    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    const std::vector<LessonStep> &steps = scenario.lesson->steps;
    const int count = int(steps.size());
    {
        QPdfWriter writer(&buffer);
        writer.setCreator(QStringLiteral("SoftmaxLab"));
        writer.setTitle(scenario.title);
        writer.setResolution(96);
        writer.setPageLayout(page.pdfPageLayout());
        QCPPainter painter;
        if (!painter.begin(&writer))
            return cannotWriteMessage(path, tr("the PDF could not be started"));
        for (int i = 0; i < count; ++i) {
            if (i > 0 && !writer.newPage())
                return cannotWriteMessage(path, tr("the PDF could not get a new page"));
            const LessonStep &step = steps[size_t(i)];
            Scenario shown = applyStep(scenario, i);
            const int head =
                shown.model ? std::clamp(step.headIndex(), 0, int(shown.model->heads.size()) - 1)
                            : 0;
            // The model views draw the model itself; every other view its head baked.
            const bool modelView = shown.model && (step.view == QLatin1String("heads") ||
                                                   step.view == QLatin1String("projections"));
            const Scenario modelShown = modelView ? shown : Scenario{};
            if (shown.model)
                shown = headScenario(shown, head);
            const int query = std::clamp(step.queryIndex(), 0, std::max(0, shown.m() - 1));

            painter.resetTransform();
            painter.setWindow(QRect(QPoint(0, 0), layout));
            painter.fillRect(QRect(QPoint(0, 0), layout), Appearance::instance()->background());
            const double header =
                drawHeader(painter, step, i, count, layout.width(), layout.height());

            // The view fills the rest of the page, laid out in layout pixels and drawn k times
            // larger, at the slide's text scale.
            // The derivation, text with no frame of its own, keeps the header's margins: its
            // right column and last line touched the page's edges (a reader's find on page 7).
            const double inset = step.view == QLatin1String("derivation") ? kMargin : 0.0;
            ImageExportOptions viewOptions = page;
            const QSizeF viewLayout(layout.width() - 2 * inset, layout.height() - header - inset);
            viewOptions.size = QSize(int(std::lround(viewLayout.width() * k)),
                                     int(std::lround(viewLayout.height() * k)));
            viewOptions.magnification = k;
            if (auto error = viewOptions.check())
                return error;
            painter.save();
            painter.translate(inset, header);
            painter.setClipRect(QRectF(QPointF(0, 0), viewLayout));
            const auto error =
                modelView ? drawModelView(painter, modelShown, step.view, head, viewOptions)
                          : drawView(painter, shown, step.view, query, viewOptions);
            painter.restore();
            if (error)
                return tr("lesson.steps[%1]: %2").arg(i).arg(*error);
        }
        if (!painter.end())
            return cannotWriteMessage(path, tr("the PDF could not be finished"));
    }
    buffer.close();
    if (bytes.isEmpty())
        return cannotWriteMessage(path, tr("the PDF could not be drawn"));
    if (auto reason = writeFileAtomically(path, bytes))
        return cannotWriteMessage(path, *reason);
    if (pages)
        *pages = count;
    return std::nullopt;
}

} // namespace sml
