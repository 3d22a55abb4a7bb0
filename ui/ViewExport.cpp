#include "ViewExport.h"

#include "Analysis.h"
#include "AttentionHeatmapView.h"
#include "EntropyView.h"
#include "ScenarioIo.h"
#include "WeightBarsView.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSvgGenerator>

#include <memory>
#include <vector>

namespace sml {

QStringList exportViewNames()
{
    return {QStringLiteral("attention-heatmap"), QStringLiteral("weight-bars"),
            QStringLiteral("entropy")};
}

QStringList exportFormats()
{
    return {QStringLiteral("png"), QStringLiteral("jpg"), QStringLiteral("pdf"),
            QStringLiteral("svg")};
}

static std::vector<std::unique_ptr<PlotView>> makeViews()
{
    std::vector<std::unique_ptr<PlotView>> views;
    views.push_back(std::make_unique<AttentionHeatmapView>());
    views.push_back(std::make_unique<WeightBarsView>());
    views.push_back(std::make_unique<EntropyView>());
    return views;
}

static bool saveSvg(PlotView *view, const QString &path, QSize size, const QString &title)
{
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(title);
    generator.setDescription(QStringLiteral("SoftmaxLab view"));
    QCPPainter painter;
    if (!painter.begin(&generator))
        return false;
    view->toPainter(&painter, size.width(), size.height());
    return painter.end();
}

std::optional<QString> exportAllViews(const Scenario &scenario, const QString &dir,
                                      const QString &format, QSize size, QStringList *written)
{
    const QString ext = format.toLower();
    if (!exportFormats().contains(ext))
        return QCoreApplication::translate("ViewExport", "unknown export format “%1” (use %2)")
            .arg(format, exportFormats().join(QStringLiteral(", ")));
    if (size.width() < 16 || size.height() < 16 || size.width() > 20000 || size.height() > 20000)
        return QCoreApplication::translate("ViewExport",
                                           "export size %1x%2 is outside 16…20000 pixels")
            .arg(size.width())
            .arg(size.height());
    if (auto error = validateScenario(scenario))
        return error->message;
    if (!QDir().mkpath(dir))
        return QCoreApplication::translate("ViewExport", "cannot create the directory %1")
            .arg(QDir::toNativeSeparators(dir));

    const Analysis analysis(scenario);
    const QDir outDir(dir);
    for (const std::unique_ptr<PlotView> &view : makeViews()) {
        view->setAttribute(Qt::WA_DontShowOnScreen);
        view->resize(size);
        view->setLayoutSize(size);
        view->showAnalysis(analysis, 0);
        const QString path = outDir.filePath(view->viewName() + QLatin1Char('.') + ext);
        bool ok = false;
        if (ext == QLatin1String("png"))
            ok = view->savePng(path, size.width(), size.height());
        else if (ext == QLatin1String("jpg"))
            ok = view->saveJpg(path, size.width(), size.height(), 1.0, 95);
        else if (ext == QLatin1String("pdf"))
            ok = view->savePdf(path, size.width(), size.height(), QCP::epNoCosmetic,
                               QStringLiteral("SoftmaxLab"), scenario.title);
        else
            ok = saveSvg(view.get(), path, size, scenario.title);
        if (!ok || !QFileInfo(path).isFile())
            return QCoreApplication::translate("ViewExport", "cannot write %1")
                .arg(QDir::toNativeSeparators(path));
        if (written)
            written->append(path);
    }
    return std::nullopt;
}

} // namespace sml
