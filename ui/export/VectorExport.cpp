#include "export/VectorExport.h"

#include <QPdfWriter>
#include <QSvgGenerator>

namespace sml {

bool writeVectorImage(const QString &path, const ImageExportOptions &options, const QString &title,
                      const QString &description, const VectorPaint &paint)
{
    if (options.format == QLatin1String("pdf")) {
        QPdfWriter writer(path);
        writer.setCreator(QStringLiteral("SoftmaxLab"));
        writer.setTitle(title);
        writer.setResolution(96);
        writer.setPageLayout(options.pdfPageLayout());
        return paint(writer, VectorFormat::Pdf);
    }
    QSvgGenerator generator;
    options.setUpSvg(generator, path, title);
    if (!description.isEmpty())
        generator.setDescription(description);
    return paint(generator, VectorFormat::Svg);
}

} // namespace sml
