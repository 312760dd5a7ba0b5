internal import CFFmpeg

/// Owns a libavfilter graph. Filters are added one at a time with their options set through
/// `av_opt_set` (never a filter-graph string, so file names and expressions need no escaping)
/// and linked by hand; ``configure()`` then lets libavfilter negotiate formats, inserting its
/// own converters where two filters disagree.
final class FilterGraph {
    let pointer: UnsafeMutablePointer<AVFilterGraph>
    /// What the graph is for, in messages ("conforming video track 1 of a.mp4").
    let purpose: String
    private var count = 0

    init(purpose: String) throws {
        guard let graph = avfilter_graph_alloc() else {
            throw MediaError(code: captions_averror(ENOMEM), operation: purpose, call: "avfilter_graph_alloc")
        }
        pointer = graph
        self.purpose = purpose
    }

    deinit {
        var p: UnsafeMutablePointer<AVFilterGraph>? = pointer
        avfilter_graph_free(&p)
    }

    /// Sets the number of threads the graph's filters may use (0: one per core).
    func setThreads(_ count: Int32) { pointer.pointee.nb_threads = count }

    /// A new instance of the filter `name` with `options` (option name, value as text), set
    /// and initialised. The graph frees it.
    @discardableResult
    func add(_ name: String, _ options: [(String, String)] = []) throws -> UnsafeMutablePointer<AVFilterContext> {
        guard let filter = avfilter_get_by_name(name) else {
            throw MediaError(
                code: captions_averror(ENOSYS), operation: "\(purpose): this FFmpeg has no \(name) filter",
                call: "avfilter_get_by_name")
        }
        count += 1
        guard let context = avfilter_graph_alloc_filter(pointer, filter, "\(name)\(count)") else {
            throw MediaError(code: captions_averror(ENOMEM), operation: purpose, call: "avfilter_graph_alloc_filter")
        }
        for (key, value) in options {
            FFmpegLog.clear()
            let r = av_opt_set(UnsafeMutableRawPointer(context), key, value, AV_OPT_SEARCH_CHILDREN)
            if r < 0 {
                throw MediaError(
                    code: r, operation: "\(purpose): setting \(name)'s option \(key) to \(value)", call: "av_opt_set",
                    detail: FFmpegLog.lastMessage)
            }
        }
        FFmpegLog.clear()
        // An empty dictionary rather than NULL: filters with an `init_dict` callback (scale in
        // FFmpeg 5.1) dereference the pointer.
        var leftover: OpaquePointer?
        let r = avfilter_init_dict(context, &leftover)
        av_dict_free(&leftover)
        if r < 0 {
            throw MediaError(
                code: r, operation: "\(purpose): starting the \(name) filter", call: "avfilter_init_dict",
                detail: FFmpegLog.lastMessage)
        }
        return context
    }

    /// Links output `outPad` of `from` to input `inPad` of `to`.
    func link(
        _ from: UnsafeMutablePointer<AVFilterContext>, _ outPad: Int = 0, to: UnsafeMutablePointer<AVFilterContext>,
        _ inPad: Int = 0
    ) throws {
        let r = avfilter_link(from, UInt32(outPad), to, UInt32(inPad))
        try MediaError.check(r, call: "avfilter_link", "\(purpose): linking filters")
    }

    /// Adds the filters of `chain` (name and options) one after another behind `from`, and
    /// returns the last (`from` itself for an empty chain).
    func chain(
        after from: UnsafeMutablePointer<AVFilterContext>, _ chain: [(String, [(String, String)])]
    ) throws -> UnsafeMutablePointer<AVFilterContext> {
        var last = from
        for (name, options) in chain {
            let next = try add(name, options)
            try link(last, to: next)
            last = next
        }
        return last
    }

    /// Checks the links and negotiates formats.
    func configure() throws {
        FFmpegLog.clear()
        let r = avfilter_graph_config(pointer, nil)
        if r < 0 {
            throw MediaError(
                code: r, operation: "\(purpose): setting up the filter graph", call: "avfilter_graph_config",
                detail: FFmpegLog.lastMessage)
        }
    }

    /// A number as filter options take it: plain decimal, enough digits for microseconds.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let scaled = (value * 1_000_000).rounded()
        let negative = scaled < 0
        let total = Int64(abs(scaled))
        var fraction = String(total % 1_000_000)
        while fraction.count < 6 { fraction = "0" + fraction }
        return (negative ? "-" : "") + "\(total / 1_000_000).\(fraction)"
    }
}
