import CaptionCore
import LocatedJSON

/// Reads the captions JSON format (Specs/json-format.md) straight from bytes into the model,
/// pulling values from the suite's one JSON scanner (``JSONScanner``) with no tree between.
/// Same rules as the model's `Decodable` conformance, about eight times faster than
/// `JSONDecoder`; errors give the line, the column and the path of the bad value.
struct JSONCaptionReader {
    /// The JSON syntax.
    var scanner: JSONScanner
    /// Where we are, for error messages: object keys and array indices.
    enum PathStep {
        case key(String)
        case index(Int)
    }
    var path: [PathStep] = []
    /// Nesting limit: deeper input is rejected rather than recursed into (hostile input).
    static let maximumDepth = JSONScanner.defaultMaximumDepth
    /// The most captions one document may hold (Specs/limits.md): 55 times a 20-hour feature.
    static let maximumCaptions = 1_000_000
    /// ``maximumCaptions`` unless a test asks for fewer.
    let captionLimit: Int

    /// A reader at the start of `bytes` (a UTF-8 byte order mark is tolerated).
    init(_ bytes: [UInt8], maximumCaptions: Int = Self.maximumCaptions) {
        scanner = JSONScanner(bytes, maximumDepth: Self.maximumDepth)
        captionLimit = maximumCaptions
    }

    struct Failure: Error {
        let message: String
        let line: Int
        let column: Int
    }

    /// The document, or a failure with the line, the column and the path of the bad value.
    mutating func readDocument() throws(Failure) -> CaptionDocument {
        do throws(JSONError) {
            try scanner.checkEncoding()
            let document = try readDocumentObject()
            try scanner.expectEnd()
            return document
        } catch {
            throw located(error)
        }
    }

    // MARK: - Model

    mutating func readDocumentObject() throws(JSONError) -> CaptionDocument {
        var doc = CaptionDocument()
        try readObject { key, r throws(JSONError) in
            switch key {
            case "captions":
                doc.captions =
                    try r.readArray(limit: (r.captionLimit, "captions")) { r throws(JSONError) in try r.readCaption() }
                    ?? []
            case "language": doc.language = try r.readString()
            case "dropFrame": doc.dropFrame = try r.readBool()
            case "timeBase": doc.timeBase = try r.readEnum(CaptionDocument.TimeBase.self)
            case "frameRate":
                let at = r.scanner.valueStart()
                if let text = try r.readString() {
                    guard let rate = FrameRate(text) else {
                        throw r.failure("unknown frame rate \"\(text)\"", at: at)
                    }
                    doc.frameRate = rate
                }
            case "version":
                let at = r.scanner.valueStart()
                if let v = try r.readInteger(), v > Int64(CaptionDocument.jsonFormatVersion) {
                    throw r.failure(
                        "version \(v) is newer than this reader (\(CaptionDocument.jsonFormatVersion))", at: at)
                }
            case "metadata":
                var meta: [String: String] = [:]
                try r.readObject { k, r throws(JSONError) in meta[k] = try r.readString() }
                doc.metadata = meta
            case "regionBackdrops":
                doc.regionBackdrops =
                    try r.readArray(limit: (r.captionLimit, "region backdrops")) { r throws(JSONError) in
                        try r.readRegionBackdrop()
                    } ?? []
            default: try r.skipValue()
            }
        }
        return doc
    }

    /// `{"region": {…}, "startTime": "…", "endTime": "…"}`, every key needed.
    mutating func readRegionBackdrop() throws(JSONError) -> CaptionRegionBackdrop {
        let objectStart = scanner.valueStart()
        var region: CaptionRegion?
        var start: MediaTime?
        var end: MediaTime?
        try readObject { key, r throws(JSONError) in
            switch key {
            case "region": region = try r.readRegion()
            case "startTime": start = try r.readTime()
            case "endTime": end = try r.readTime()
            default: try r.skipValue()
            }
        }
        guard let region, let start, let end else {
            throw failure("a region backdrop needs \"region\", \"startTime\" and \"endTime\"", at: objectStart)
        }
        return CaptionRegionBackdrop(region: region, timeRange: .asWritten(start: start, end: end))
    }

    mutating func readCaption() throws(JSONError) -> Caption {
        let objectStart = scanner.valueStart()
        var startTime: MediaTime?
        var endTime: MediaTime?
        var startSeconds: Double?
        var endSeconds: Double?
        var text: String?
        var runs: [CaptionRun]?
        var caption = Caption(runs: [], timeRange: .zero)
        try readObject { key, r throws(JSONError) in
            switch key {
            case "startTime": startTime = try r.readTime()
            case "endTime": endTime = try r.readTime()
            case "start": startSeconds = try r.readNumber()
            case "end": endSeconds = try r.readNumber()
            case "text": text = try r.readString()
            case "styles": runs = try r.readArray { r throws(JSONError) in try r.readRun() }
            case "id": caption.id = try r.readString()
            case "region": caption.region = try r.readRegion()
            case "textAlignment": caption.textAlignment = try r.readEnum(CaptionTextAlignment.self)
            case "animation": caption.animation = try r.readEnum(CaptionAnimation.self) ?? .none
            case "forcedDisplay": caption.forcedDisplay = try r.readBool() ?? false
            case "lineHeight": caption.lineHeight = try r.readDimension()
            case "wrapsLines": caption.wrapsLines = try r.readBool() ?? true
            case "direction": caption.direction = try r.readEnum(CaptionTextDirection.self)
            case "blockBackground": caption.blockBackground = try r.readColor()
            case "rubyReserve": caption.rubyReserve = try r.readRubyReserve()
            case "fillsLineGap": caption.fillsLineGap = try r.readBool() ?? false
            case "linePadding":
                let at = r.scanner.valueStart()
                caption.linePadding = try r.readDimension()
                if let p = caption.linePadding, p.value < 0 {
                    throw r.failure("linePadding \(p) is negative", at: at)
                }
            case "multiRowAlign": caption.multiRowAlign = try r.readEnum(CaptionTextAlignment.self)
            case "shear":
                let at = r.scanner.valueStart()
                caption.shear = try r.readNumber()
                if let v = caption.shear, !(-100...100).contains(v) {
                    throw r.failure("shear \(v) is not between -100 and 100 (percent of 90°)", at: at)
                }
            default: try r.skipValue()
            }
        }
        func time(_ exact: MediaTime?, _ seconds: Double?, _ exactKey: String, _ secondsKey: String)
            throws(JSONError) -> MediaTime
        {
            if let t = exact { return t }
            if let s = seconds {
                guard let time = MediaTime(jsonSeconds: s) else {
                    throw failure("\(secondsKey) \(s) is not a usable time in seconds", at: objectStart)
                }
                return time
            }
            throw failure("missing key \"\(exactKey)\": a caption needs \(exactKey) or \(secondsKey)", at: objectStart)
        }
        let start = try time(startTime, startSeconds, "startTime", "start")
        let end = try time(endTime, endSeconds, "endTime", "end")
        // Fixtures/fuzz/json/ holds the finding that made a non-numeric start's duration invalid.
        caption.timeRange = .asWritten(start: start, end: end)
        // An empty text with no runs is a caption without runs, which the writer writes as
        // `"styles": [], "text": ""` (Specs/json-format.md).
        if runs == nil || runs?.isEmpty == true, let text, !text.isEmpty { runs = [CaptionRun(text)] }
        caption.runs = runs ?? []
        return caption
    }
}
