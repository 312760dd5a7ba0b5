import CaptionCore
import Dashboard
import Media
import Metadata
import Render

/// The GPS dashboard as a custom compositor: for each request it reads the group in force of
/// its sample-data track (``VideoCompositionRequest/sourceTimedMetadata(byTrackID:)``),
/// interpolates towards the next one, and blends the dashboard straight into the frame's
/// planes. The renderer is made once, at the frame size, and its static parts (panels, labels,
/// the map's track…) become one premultiplied Y'CbCr overlay in the frame's matrix and range,
/// blended with one multiply-add per covered sample; the widgets' changing parts are blended
/// over it, redrawn only when what they show changes. (With a layout whose widgets overlap,
/// every static part is below every changing part.)
public final class GPSDashboardCompositor: VideoCompositing {
    public let trackID: CompositionTrackID
    public let series: GPSSeries
    public let layout: DashboardLayout
    public let units: UnitSystem
    private let fonts: any FontProvider
    public private(set) var renderer: DashboardRenderer?
    private var target = FrameTarget.planes(.planar8, YCbCrConversion(matrix: .bt709, limitedRange: true))
    /// The static parts, converted for Y'CbCr frames…
    private var overlay: PlaneOverlay?
    /// …or as runs of covered pixels for the RGBA canvas of an overlay-only export.
    private var staticOverlay: RGBAOverlay?
    /// Called after each frame with its time, the values given to the widgets (nil when no
    /// group is in force) and what each widget shows: for tests and reports.
    public var frameObserver: ((MediaTime, DashboardValues?, DashboardRenderer) -> Void)?
    /// Frames drawn.
    public private(set) var framesDrawn = 0

    /// A dashboard of `layout` reading sample-data track `track`, whose groups make the series
    /// (heart-rate zones for a rider whose maximum is `maximumHeartRate`, when given).
    public init(
        track: SampleDataTrack, layout: DashboardLayout = .standard, units: UnitSystem = .metric,
        maximumHeartRate: Int? = nil, fonts: any FontProvider
    ) {
        trackID = track.trackID
        series = GPSSeries(groups: track.groups, maximumHeartRate: maximumHeartRate)
        self.layout = layout
        self.units = units
        self.fonts = fonts
    }

    public var supportedPixelFormats: Set<PixelFormat> { FrameTarget.pixelFormats }

    public func prepare(for format: VideoFrameFormat) throws {
        renderer = try DashboardRenderer(
            layout: layout, width: format.width, height: format.height, series: series, units: units, fonts: fonts)
        target = try FrameTarget(format)
        var picture = try RGBAImage(width: format.width, height: format.height)
        LayerBlending.composite(renderer?.staticLayers ?? [], into: &picture)
        switch target {
        case .planes(let layout, let conversion):
            overlay = PlaneOverlay(picture, conversion: conversion, layout: layout)
            staticOverlay = nil
        case .rgba:
            overlay = nil
            staticOverlay = RGBAOverlay(picture)
        }
    }

    public func compose(_ request: VideoCompositionRequest) throws {
        guard let renderer else { return }
        let values = series.values(
            at: request.compositionTime, groupInForce: request.sourceTimedMetadata(byTrackID: trackID))
        let layers = try renderer.dynamicLayers(for: values)
        let frame = request.destinationFrame
        try target.draw(
            into: frame,
            planes: { planes in
                overlay?.blend(into: planes)
                LayerBlending.composite(layers, into: planes)
            },
            rgba: { plane in
                staticOverlay?.blend(into: plane)
                LayerBlending.composite(layers, into: plane)
            })
        framesDrawn += 1
        frameObserver?(request.compositionTime, values, renderer)
    }
}
