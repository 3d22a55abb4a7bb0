#include "window/ViewExport.h"

#include "Analysis.h"
#include "Model.h"
#include "ModelAnalysis.h"
#include "ScenarioIo.h"
#include "document/ScenarioDocument.h"
#include "panels/DerivationPanel.h"
#include "plots/attention/AlphaSweepView.h"
#include "plots/attention/AttentionHeatmapView.h"
#include "plots/attention/EntropyView.h"
#include "plots/attention/TemperatureSweepView.h"
#include "plots/attention/WeightBarsView.h"
#include "plots/keyspace/KeySpaceView.h"
#include "plots/maxent/MaxEntConstraintPlot.h"
#include "plots/maxent/MaxEntEntropyPlot.h"
#include "plots/maxent/MaxEntOptimizerPlot.h"
#include "plots/mle/MleOptimizerView.h"
#include "plots/mle/ValueSpaceView.h"
#include "plots/model/HeadsView.h"
#include "plots/model/ProjectionsView.h"
#include "style/Appearance.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>

#include <algorithm>
#include <memory>
#include <utility>

namespace sml {

namespace {

template <class View> std::unique_ptr<PlotView> make()
{
    return std::make_unique<View>();
}

using Make = std::unique_ptr<PlotView> (*)();

/// The plot views by export name, in the order of exportViewNames(): the one list of the names
/// (each is also the view's viewName(), tst_exportview checks).
const std::pair<const char *, Make> viewMakers[] = {
    {"attention-heatmap", &make<AttentionHeatmapView>},
    {"weight-bars", &make<WeightBarsView>},
    {"entropy", &make<EntropyView>},
    {"key-space", &make<KeySpaceView>},
    {"value-space", &make<ValueSpaceView>},
    {"mle-optimizer", &make<MleOptimizerView>},
    {"maxent-entropy", &make<MaxEntEntropyPlot>},
    {"maxent-constraint", &make<MaxEntConstraintPlot>},
    {"maxent-optimizer", &make<MaxEntOptimizerPlot>},
    {"temperature-sweep", &make<TemperatureSweepView>},
    {"alpha-sweep", &make<AlphaSweepView>},
};

} // namespace

QStringList exportViewNames()
{
    QStringList names;
    for (const auto &maker : viewMakers)
        names << QLatin1String(maker.first);
    names << QStringLiteral("derivation"); // (the derivation panel's text, not a plot)
    return names;
}

QStringList modelExportViewNames()
{
    return {QStringLiteral("projections"), QStringLiteral("heads")};
}

QStringList exportFormats()
{
    return {QStringLiteral("png"), QStringLiteral("jpg"), QStringLiteral("pdf"),
            QStringLiteral("svg")};
}

std::unique_ptr<PlotView> makeExportView(const QString &name)
{
    // Only the view asked for is built (each builds its plots and items in its constructor).
    for (const auto &[viewName, makeView] : viewMakers)
        if (name == QLatin1String(viewName))
            return makeView();
    return nullptr;
}

std::optional<QString> openForExport(ScenarioDocument &document, const Scenario &scenario)
{
    if (auto error = document.resetTo(scenario))
        return error;
    if (!document.isAnalysisCurrent()) { // a large scenario is analysed off the GUI thread
        QEventLoop loop;
        QObject::connect(&document, &ScenarioDocument::changed, &loop, [&] {
            if (document.isAnalysisCurrent())
                loop.quit();
        });
        if (!document.isAnalysisCurrent())
            loop.exec();
    }
    return std::nullopt;
}

std::optional<QString> exportAllViews(const Scenario &scenario, const QString &dir,
                                      const QString &format, QSize size, QStringList *written)
{
    return exportAllViews(scenario, dir, ImageExportOptions::pixels(format, size), 0, written);
}

std::optional<QString> exportAllViews(const Scenario &scenario, const QString &dir,
                                      const ImageExportOptions &options, int selectedQuery,
                                      QStringList *written, int head)
{
    QStringList names = exportViewNames();
    if (scenario.model)
        names += modelExportViewNames();
    return exportViews(scenario, dir, options, names, selectedQuery, written, head);
}

/// The model views of `modelScenario` (validated) named in `names`, head `head`.
static std::optional<QString> exportModelViews(const Scenario &modelScenario, const QDir &outDir,
                                               const QString &ext,
                                               const ImageExportOptions &options,
                                               const QStringList &names, int head,
                                               QStringList *written)
{
    const ModelAnalysis model = analyzeModel(modelScenario);
    const Appearance::ExportScale scale(options.textScale);
    const QSize layout = options.layoutSize();
    ProjectionsView projections;
    HeadsView heads;
    for (PlotView *view : std::initializer_list<PlotView *>{&projections, &heads}) {
        if (!names.contains(view->viewName()))
            continue;
        view->setAttribute(Qt::WA_DontShowOnScreen);
        view->resize(layout);
        view->setLayoutSize(layout);
        if (view == &projections)
            projections.showModel(modelScenario, *model.heads[size_t(head)], head);
        else
            heads.showModel(modelScenario, model, head);
        const QString path = outDir.filePath(view->viewName() + QLatin1Char('.') + ext);
        if (auto error = view->exportImage(path, options, modelScenario.title))
            return error;
        if (written)
            written->append(path);
    }
    return std::nullopt;
}

std::optional<QString> exportViews(const Scenario &fileScenario, const QString &dir,
                                   const ImageExportOptions &options, const QStringList &names,
                                   int selectedQuery, QStringList *written, int head)
{
    // A model scenario: the views of §2–§7 show its head `head` baked (MATH.md §8).
    if (fileScenario.model) {
        if (auto error = validateScenario(fileScenario))
            return error->message;
        head = std::clamp(head, 0, fileScenario.model->H() - 1);
    }
    const Scenario baked = fileScenario.model ? headScenario(fileScenario, head) : Scenario();
    const Scenario &scenario = fileScenario.model ? baked : fileScenario;
    const QString ext = ImageExportOptions::normalizedFormat(options.format);
    if (ext.isEmpty())
        return QCoreApplication::translate("ViewExport", "unknown export format “%1” (use %2)")
            .arg(options.format, exportFormats().join(QStringLiteral(", ")));
    if (auto error = options.check())
        return error;
    QStringList known = exportViewNames();
    if (fileScenario.model)
        known += modelExportViewNames();
    for (const QString &name : names)
        if (!known.contains(name))
            return QCoreApplication::translate("ViewExport", "unknown view “%1” (use %2)")
                .arg(name, known.join(QStringLiteral(", ")));
    if (auto error = validateScenario(scenario))
        return error->message;
    if (!QDir().mkpath(dir))
        return QCoreApplication::translate("ViewExport", "cannot create the directory %1")
            .arg(QDir::toNativeSeparators(dir));

    // Shared, so that views which keep a weak reference to the Analysis (the binned heatmap
    // re-bins at the export size) can reach it while they are written.
    const std::shared_ptr<const Analysis> analysis = std::make_shared<Analysis>(scenario);
    const QDir outDir(dir);
    const QSize layout = options.layoutSize();
    {
        // The views are built in the export's text scale F, so what they measure in their
        // fonts is measured at it.
        const Appearance::ExportScale scale(options.textScale);
        for (const QString &name : exportViewNames()) {
            if (!names.contains(name))
                continue;
            const std::unique_ptr<PlotView> view = makeExportView(name);
            if (!view) // the derivation: text, below
                continue;
            view->setAttribute(Qt::WA_DontShowOnScreen);
            view->resize(layout);
            view->setLayoutSize(layout);
            view->showAnalysis(*analysis, selectedQuery);
            const QString path = outDir.filePath(view->viewName() + QLatin1Char('.') + ext);
            // PlotView::exportImage: PNG/JPEG rastered, PDF and SVG via QPdfWriter and
            // QSvgGenerator (text stays text); each written atomically.
            if (auto error = view->exportImage(path, options, scenario.title))
                return error;
            if (written)
                written->append(path);
        }
    }
    if (fileScenario.model)
        if (auto error = exportModelViews(fileScenario, outDir, ext, options, names, head, written))
            return error;
    if (!names.contains(QStringLiteral("derivation")))
        return std::nullopt;

    // The derivation panel: text, not a plot, built on a document of its own.
    ScenarioDocument document;
    if (auto error = openForExport(document, scenario))
        return error;
    document.setSelectedQuery(std::clamp(selectedQuery, 0, std::max(0, scenario.m() - 1)));
    const Appearance::ExportScale scale(options.textScale);
    DerivationPanel derivation(&document);
    derivation.setAttribute(Qt::WA_DontShowOnScreen);
    const QString path = outDir.filePath(QStringLiteral("derivation.") + ext);
    if (auto error = derivation.exportImage(path, options, scenario.title))
        return error;
    if (written)
        written->append(path);
    return std::nullopt;
}

} // namespace sml
