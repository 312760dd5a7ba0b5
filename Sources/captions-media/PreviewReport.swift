import CaptionKit
import FoundationEssentials
import Render

/// What `captions preview --json` prints: the pictures written, the scenes of a contact sheet,
/// the picture size, the fonts that drew the captions and every diagnostic.
struct PreviewReport: Encodable {
    /// One image written.
    struct Output: Encodable {
        /// The file, or `-` for standard output.
        var path: String
        var format: PreviewCommand.ImageFormat
        /// The image's size in bytes.
        var bytes: Int
        /// The time shown, in seconds, and as a timecode at the file's frame rate.
        var seconds: Double
        var timecode: String

        init(
            path: String, format: PreviewCommand.ImageFormat, bytes: Int, time: MediaTime, label: (MediaTime) -> String
        ) {
            self.path = path
            self.format = format
            self.bytes = bytes
            self.seconds = time.seconds
            self.timecode = label(time)
        }
    }

    /// One scene of a contact sheet: a span over which the picture stays the same.
    struct Scene: Encodable {
        var number: Int
        var start: Double
        var end: Double
        var startTimecode: String
        var endTimecode: String
        var path: String

        init(number: Int, start: MediaTime, end: MediaTime, path: String, label: (MediaTime) -> String) {
            self.number = number
            self.start = start.seconds
            self.end = end.seconds
            self.startTimecode = label(start)
            self.endTimecode = label(end)
            self.path = path
        }
    }

    /// A font face that drew some character.
    struct Font: Encodable {
        var family: String
        var path: String
        var index: Int

        init(_ face: FontFaceDescriptor) {
            family = face.family
            path = face.path
            index = face.index
        }
    }

    var file: String
    var width = 0
    var height = 0
    var look = ""
    var language: String?
    var outputs: [Output] = []
    var scenes: [Scene] = []
    var fonts: [Font] = []
    var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
