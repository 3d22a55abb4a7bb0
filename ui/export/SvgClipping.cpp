#include "export/SvgClipping.h"

#include <QFont>
#include <QFontDatabase>
#include <QFontInfo>
#include <QHash>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <QUuid>

namespace sml {

/// Forwards everything to a QPainter on the generator and records clip changes (see
/// ClipMarkingSvgDevice). It claims the generator's own features, so that QPainter emulates
/// for it exactly what it would emulate for the generator.
class ClipMarkingEngine : public QPaintEngine
{
public:
    explicit ClipMarkingEngine(QSvgGenerator *generator)
        : QPaintEngine(
              PaintEngineFeatures(QPaintEngine::AllFeatures) &
              ~PaintEngineFeatures(QPaintEngine::PatternBrush | QPaintEngine::PerspectiveTransform |
                                   QPaintEngine::ConicalGradientFill | QPaintEngine::PorterDuff)),
          mGenerator(generator),
          mToken(QStringLiteral("smlclip") + QUuid::createUuid().toString(QUuid::Id128).left(16) +
                 QLatin1Char('x'))
    {
    }

    const QString &token() const { return mToken; }
    const std::vector<std::optional<QRectF>> &clips() const { return mClips; }

    bool begin(QPaintDevice *) override
    {
        mClips.clear();
        mCurrent.reset();
        mPending.reset();
        mMarked = false;
        return mInner.begin(mGenerator);
    }
    bool end() override { return mInner.end(); }
    Type type() const override { return QPaintEngine::SVG; }

    void updateState(const QPaintEngineState &state) override
    {
        const DirtyFlags flags = state.state();
        if (flags & DirtyPen)
            mInner.setPen(state.pen());
        if (flags & DirtyBrush)
            mInner.setBrush(state.brush());
        if (flags & DirtyBrushOrigin)
            mInner.setBrushOrigin(state.brushOrigin());
        if (flags & DirtyFont)
            mInner.setFont(state.font());
        if (flags & DirtyBackground)
            mInner.setBackground(state.backgroundBrush());
        if (flags & DirtyBackgroundMode)
            mInner.setBackgroundMode(state.backgroundMode());
        if (flags & DirtyTransform)
            mInner.setTransform(state.transform());
        if (flags & DirtyHints) {
            mInner.setRenderHints(~state.renderHints(), false);
            mInner.setRenderHints(state.renderHints(), true);
        }
        if ((flags & DirtyCompositionMode) && mInner.compositionMode() != state.compositionMode())
            mInner.setCompositionMode(state.compositionMode());
        if (flags & DirtyOpacity)
            mInner.setOpacity(state.opacity());
        if (flags & (DirtyClipPath | DirtyClipRegion | DirtyClipEnabled))
            noteClip();
    }

    void drawRects(const QRect *rects, int count) override
    {
        mark();
        mInner.drawRects(rects, count);
    }
    void drawRects(const QRectF *rects, int count) override
    {
        mark();
        mInner.drawRects(rects, count);
    }
    void drawLines(const QLine *lines, int count) override
    {
        mark();
        mInner.drawLines(lines, count);
    }
    void drawLines(const QLineF *lines, int count) override
    {
        mark();
        mInner.drawLines(lines, count);
    }
    void drawEllipse(const QRectF &r) override
    {
        mark();
        mInner.drawEllipse(r);
    }
    void drawEllipse(const QRect &r) override
    {
        mark();
        mInner.drawEllipse(r);
    }
    void drawPath(const QPainterPath &path) override
    {
        mark();
        mInner.drawPath(path);
    }
    void drawPoints(const QPointF *points, int count) override
    {
        mark();
        mInner.drawPoints(points, count);
    }
    void drawPoints(const QPoint *points, int count) override
    {
        mark();
        mInner.drawPoints(points, count);
    }
    void drawPolygon(const QPointF *points, int count, PolygonDrawMode mode) override
    {
        mark();
        switch (mode) {
        case PolylineMode:
            mInner.drawPolyline(points, count);
            break;
        case ConvexMode:
            mInner.drawConvexPolygon(points, count);
            break;
        case WindingMode:
            mInner.drawPolygon(points, count, Qt::WindingFill);
            break;
        case OddEvenMode:
            mInner.drawPolygon(points, count, Qt::OddEvenFill);
            break;
        }
    }
    void drawPolygon(const QPoint *points, int count, PolygonDrawMode mode) override
    {
        QPolygonF polygon;
        polygon.reserve(count);
        for (int i = 0; i < count; ++i)
            polygon << QPointF(points[i]);
        drawPolygon(polygon.constData(), count, mode);
    }
    void drawPixmap(const QRectF &r, const QPixmap &pm, const QRectF &sr) override
    {
        mark();
        mInner.drawPixmap(r, pm, sr);
    }
    void drawTiledPixmap(const QRectF &r, const QPixmap &pixmap, const QPointF &s) override
    {
        mark();
        mInner.drawTiledPixmap(r, pixmap, s);
    }
    void drawImage(const QRectF &r, const QImage &pm, const QRectF &sr,
                   Qt::ImageConversionFlags flags) override
    {
        mark();
        mInner.drawImage(r, pm, sr, flags);
    }
    void drawTextItem(const QPointF &p, const QTextItem &textItem) override
    {
        mark();
        mInner.drawTextItem(p, textItem);
    }

private:
    /// The clip now in force, in device coordinates. (QPainter::restore() updates the state
    /// at once, so the clip goes off and on around every element; only a draw marks it.)
    void noteClip()
    {
        QPainter *outer = painter();
        mPending.reset();
        if (outer && outer->hasClipping())
            mPending = outer->combinedTransform().map(outer->clipPath()).boundingRect();
    }

    /// Before a draw: a marker when the clip differs from the one marked last.
    void mark()
    {
        if (mMarked && mPending == mCurrent)
            return;
        mMarked = true;
        mCurrent = mPending;
        mClips.push_back(mCurrent);
        // Drawn in a state of its own, so the generator opens a group for it; finish() replaces
        // the whole <text> element.
        mInner.save();
        mInner.resetTransform();
        mInner.setOpacity(1);
        mInner.setPen(QPen(Qt::black));
        mInner.setBrush(Qt::NoBrush);
        mInner.drawText(QPointF(0, 0), mToken + QString::number(mClips.size() - 1));
        mInner.restore();
    }

    QSvgGenerator *mGenerator;
    QString mToken;
    QPainter mInner;
    std::vector<std::optional<QRectF>> mClips;
    std::optional<QRectF> mCurrent; ///< the clip marked last
    std::optional<QRectF> mPending; ///< the clip in force
    bool mMarked = false;
};

ClipMarkingSvgDevice::ClipMarkingSvgDevice(QSvgGenerator *generator)
    : mGenerator(generator), mEngine(std::make_unique<ClipMarkingEngine>(generator))
{
}

ClipMarkingSvgDevice::~ClipMarkingSvgDevice() = default;

QPaintEngine *ClipMarkingSvgDevice::paintEngine() const
{
    return mEngine.get();
}

const std::vector<std::optional<QRectF>> &ClipMarkingSvgDevice::clips() const
{
    return mEngine->clips();
}

int ClipMarkingSvgDevice::metric(PaintDeviceMetric metric) const
{
    const QSvgGenerator *g = mGenerator;
    switch (metric) {
    case PdmWidth:
        return g->width();
    case PdmHeight:
        return g->height();
    case PdmWidthMM:
        return g->widthMM();
    case PdmHeightMM:
        return g->heightMM();
    case PdmNumColors:
        return g->colorCount();
    case PdmDepth:
        return g->depth();
    case PdmDpiX:
        return g->logicalDpiX();
    case PdmDpiY:
        return g->logicalDpiY();
    case PdmPhysicalDpiX:
        return g->physicalDpiX();
    case PdmPhysicalDpiY:
        return g->physicalDpiY();
    case PdmDevicePixelRatio:
        return int(g->devicePixelRatio());
    case PdmDevicePixelRatioScaled:
        return int(g->devicePixelRatio() * QPaintDevice::devicePixelRatioFScale());
    }
    return QPaintDevice::metric(metric);
}

namespace {

QString number(double v)
{
    return QString::number(v, 'g', 9); // C locale
}

/// "DejaVu Sans" stays bare in CSS; anything else is quoted.
QString cssFamily(const QString &family)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z][A-Za-z0-9 _-]*$"));
    if (plain.match(family).hasMatch())
        return family;
    QString quoted = family;
    quoted.remove(QLatin1Char('\'')).remove(QLatin1Char('"'));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

} // namespace

QByteArray withRealFontFamilies(const QByteArray &svg)
{
    static const QRegularExpression familyRe(QStringLiteral("font-family=\"([^\"]*)\""));
    const QString text = QString::fromUtf8(svg);
    QHash<QString, QString> resolved;
    QString out;
    out.reserve(text.size() + text.size() / 16);
    qsizetype pos = 0;
    for (auto it = familyRe.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QString asked = m.captured(1);
        auto found = resolved.constFind(asked);
        if (found == resolved.constEnd()) {
            const QString real = QFontInfo(QFont(asked)).family();
            const QString generic = QFontDatabase::isFixedPitch(real)
                                        ? QStringLiteral("monospace")
                                        : QStringLiteral("sans-serif");
            found = resolved.insert(asked, cssFamily(real.isEmpty() ? asked : real) +
                                               QStringLiteral(", ") + generic);
        }
        out += QStringView(text).mid(pos, m.capturedStart() - pos);
        out += QStringLiteral("font-family=\"%1\"").arg(*found);
        pos = m.capturedEnd();
    }
    if (pos == 0)
        return svg;
    out += QStringView(text).mid(pos);
    return out.toUtf8();
}

QByteArray ClipMarkingSvgDevice::finish(const QByteArray &svg) const
{
    const QString text = QString::fromUtf8(svg);
    const QRegularExpression markerRe(QStringLiteral("<text[^>]*>%1(\\d+)</text>")
                                          .arg(QRegularExpression::escape(mEngine->token())));
    const std::vector<std::optional<QRectF>> &clips = mEngine->clips();
    QString out;
    out.reserve(text.size());
    QString defs;
    qsizetype pos = 0;
    bool wrapperOpen = false;
    QHash<QString, QString> clipIds; // one <clipPath> per rectangle
    for (auto it = markerRe.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const qsizetype index = m.captured(1).toLongLong();
        // The generator's state groups are flat siblings inside its one outer group: the group
        // open at the marker is the last one opened before it. Close it (and the previous clip
        // group), open the new clip group, and reopen the same state group inside it.
        const qsizetype groupStart = text.lastIndexOf(QStringLiteral("<g "), m.capturedStart());
        const qsizetype groupEnd = groupStart < 0 ? -1 : text.indexOf(QLatin1Char('>'), groupStart);
        if (groupEnd < 0 || index < 0 || index >= qsizetype(clips.size()))
            continue; // not ours (cannot happen: the token is unique to this painting)
        out += QStringView(text).mid(pos, m.capturedStart() - pos);
        out += QStringLiteral("</g>\n");
        if (wrapperOpen)
            out += QStringLiteral("</g>\n");
        if (const std::optional<QRectF> &clip = clips[size_t(index)]) {
            const QString rect = QStringLiteral("x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\"")
                                     .arg(number(clip->x()), number(clip->y()),
                                          number(clip->width()), number(clip->height()));
            QString &id = clipIds[rect];
            if (id.isEmpty()) {
                id = QStringLiteral("smlClip%1").arg(clipIds.size());
                defs += QStringLiteral("<clipPath id=\"%1\"><rect %2/></clipPath>\n").arg(id, rect);
            }
            out += QStringLiteral("<g clip-path=\"url(#%1)\">\n").arg(id);
        } else {
            out += QStringLiteral("<g>\n");
        }
        wrapperOpen = true;
        out += QStringView(text).mid(groupStart, groupEnd - groupStart + 1);
        pos = m.capturedEnd();
    }
    QString rest = text.mid(pos);
    if (wrapperOpen) {
        // Close the last clip group inside the generator's outer group: before the last
        // "</g>" ahead of "</svg>".
        const qsizetype svgEnd = rest.lastIndexOf(QStringLiteral("</svg>"));
        const qsizetype outerEnd =
            svgEnd < 0 ? -1 : rest.lastIndexOf(QStringLiteral("</g>"), svgEnd);
        if (outerEnd >= 0)
            rest.insert(outerEnd, QStringLiteral("</g>\n"));
    }
    out += rest;
    if (!defs.isEmpty()) {
        const qsizetype defsEnd = out.indexOf(QStringLiteral("</defs>"));
        if (defsEnd >= 0)
            out.insert(defsEnd, defs);
        else
            out.replace(QStringLiteral("<title>"),
                        QStringLiteral("<defs>\n") + defs + QStringLiteral("</defs>\n<title>"));
    }
    out.replace(QStringLiteral("version=\"1.2\" baseProfile=\"tiny\""),
                QStringLiteral("version=\"1.1\""));
    return withRealFontFamilies(out.toUtf8());
}

} // namespace sml
