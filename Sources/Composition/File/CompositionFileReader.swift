import CaptionCore
import LocatedJSON
import Media

/// Reads a composition file (Specs/composition.md). Syntax errors, unknown members, wrong types,
/// bad times and impossible values are errors with the file, line, column and JSON path of the
/// value; nothing here opens a source (``CompositionPlan`` does, with the same locations).
public struct CompositionFileReader {
    /// The name used in messages.
    public var fileName: String
    /// The folder relative source paths are taken from.
    public var baseDirectory: String

    public init(fileName: String, baseDirectory: String) {
        self.fileName = fileName
        self.baseDirectory = baseDirectory
    }

    public func read(_ bytes: [UInt8]) throws(CompositionFileError) -> CompositionFile {
        let root: LocatedJSON
        do throws(JSONError) {
            root = try LocatedJSON.parse(bytes)
        } catch {
            throw CompositionFileError(
                file: fileName, location: location(error.offset, "$", bytes), message: "JSON syntax: " + error.message)
        }
        var decoding = Decoding(reader: self, bytes: bytes)
        var file = try decoding.file(root)
        file.baseDirectory = baseDirectory
        return file
    }

    func location(_ offset: Int, _ path: String, _ bytes: [UInt8] = []) -> JSONLocation {
        let (line, column) = TextPosition.lineAndColumn(of: offset, in: bytes)
        return JSONLocation(path: path, line: line, column: column)
    }

    struct Decoding: LocatedJSONDecoding {
        let reader: CompositionFileReader
        let bytes: [UInt8]
        /// Timecodes are read at the file's frame rate (30 until it says).
        var rate = FrameRate.fps30

        init(reader: CompositionFileReader, bytes: [UInt8]) {
            self.reader = reader
            self.bytes = bytes
        }

        func at(_ v: LocatedJSON, _ path: String) -> JSONLocation { reader.location(v.offset, path, bytes) }

        func failure(at offset: Int, _ path: String, _ message: String) -> CompositionFileError {
            CompositionFileError(
                file: reader.fileName, location: reader.location(offset, path, bytes), message: message)
        }

        /// A time: decimal seconds ("12.5", optionally "12.5s"), a ratio ("1/30"), a timecode at
        /// the file's frame rate ("00:00:12:15") or a JSON number of seconds.
        func time(_ v: LocatedJSON, _ path: String, allowNegative: Bool = false) throws(CompositionFileError)
            -> MediaTime
        {
            let t: MediaTime
            switch v {
            case .number(let n, _):
                guard let m = MediaTime(jsonSeconds: n) else { throw fail(v, path, "\(n) is not a usable time") }
                t = m
            case .string(let s, _):
                guard let m = Self.parseTime(s, rate: rate) else {
                    throw fail(
                        v, path,
                        "\"\(s)\" is not a time: expected seconds (\"12.5\"), a ratio (\"1/30\") or a timecode (\"00:00:12:15\")"
                    )
                }
                t = m
            default:
                throw fail(v, path, "expected a time (a string such as \"12.5\"), found \(v.kindName)")
            }
            if !allowNegative && t < .zero { throw fail(v, path, "a time must not be negative") }
            return t
        }

        static func parseTime(_ text: String, rate: FrameRate) -> MediaTime? {
            var s = Substring(text.trimmedOfSpaces())
            if s.contains(":") || s.contains(";") {
                return (try? Timecode(String(s), rate: rate)).map { $0.mediaTime(at: rate) }
            }
            if s.hasSuffix("s") { s = s.dropLast() }
            if s.contains("/") { return MediaTime(String(s)).flatMap { $0.isNumeric ? $0 : nil } }
            return MediaTime(decimalSeconds: s)
        }

        mutating func file(_ root: LocatedJSON) throws(CompositionFileError) -> CompositionFile {
            let m = try members(
                root, "$",
                allowed: [
                    "version", "renderSize", "frameRate", "audio", "clips", "tracks", "audioMix", "video", "titles",
                ],
                required: ["clips"])
            var file = CompositionFile()
            if let v = m["version"], try number(v, "$.version", in: 1...1) != 1 {
                throw fail(v, "$.version", "only version 1 is known")
            }
            if let v = m["frameRate"] {
                let text: String
                switch v {
                case .number(let n, _): text = n == n.rounded() ? String(Int(n)) : String(n)
                default: text = try string(v, "$.frameRate")
                }
                guard let r = FrameRate(text) else {
                    throw fail(v, "$.frameRate", "\"\(text)\" is not a frame rate (30, 29.97, 30000/1001…)")
                }
                file.frameRate = r
                rate = r
            }
            if let v = m["renderSize"] {
                let text = try string(v, "$.renderSize")
                guard let size = VideoSize(text), (2...16384).contains(size.width), (2...16384).contains(size.height),
                    size.width % 2 == 0, size.height % 2 == 0
                else {
                    throw fail(
                        v, "$.renderSize",
                        "expected WIDTHxHEIGHT with even sides up to 16384, e.g. \"1280x720\", not \"\(text)\"")
                }
                file.renderSize = size
            }
            if let v = m["audio"] {
                let a = try members(v, "$.audio", allowed: ["sampleRate", "channels"])
                if let r = a["sampleRate"] {
                    file.audioSampleRate = Int(try number(r, "$.audio.sampleRate", in: 8000...192_000))
                }
                if let c = a["channels"] { file.audioChannelCount = Int(try number(c, "$.audio.channels", in: 1...8)) }
            }
            let clips = try array(m["clips"] ?? .array([], offset: 0), "$.clips")
            for (i, c) in clips.enumerated() { file.clips.append(try item(c, "$.clips[\(i)]", first: i == 0)) }
            guard file.clips.contains(where: { if case .clip = $0 { return true } else { return false } }) else {
                throw fail(m["clips"] ?? root, "$.clips", "at least one clip with a \"source\" is needed")
            }
            if let v = m["tracks"] {
                for (i, t) in try array(v, "$.tracks").enumerated() {
                    file.tracks.append(try track(t, "$.tracks[\(i)]"))
                }
                var names: Set<String> = ["A", "B", "clips"]
                for (i, t) in file.tracks.enumerated() where !names.insert(t.name).inserted {
                    throw CompositionFileError(
                        file: reader.fileName, location: t.location.child("name"),
                        message: "the track name \"\(t.name)\" is taken (A, B and clips name the main sequence) [\(i)]")
                }
            }
            if let v = m["audioMix"] {
                for (i, r) in try array(v, "$.audioMix").enumerated() {
                    file.audioMix.append(try mix(r, "$.audioMix[\(i)]"))
                }
            }
            if let v = m["video"] {
                let vm = try members(v, "$.video", allowed: ["instructions"])
                if let list = vm["instructions"] {
                    file.instructionsLocation = at(list, "$.video.instructions")
                    file.instructions = try array(list, "$.video.instructions").enumerated().map {
                        (i, x) throws(CompositionFileError) in try instruction(x, "$.video.instructions[\(i)]")
                    }
                }
            }
            if let v = m["titles"] {
                file.titles = try array(v, "$.titles").enumerated().map { (i, x) throws(CompositionFileError) in
                    try title(x, "$.titles[\(i)]")
                }
            }
            return file
        }
    }
}

extension String {
    fileprivate func trimmedOfSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
