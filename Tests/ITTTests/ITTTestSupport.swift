import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// Helpers shared by the ITT tests.
enum ITTTest {
    /// Reads iTT text.
    static func read(_ text: String, strict: Bool = false) throws -> CaptionReadResult {
        try ITTReader(options: CaptionFormatOptions(fileName: "test.itt", strict: strict)).read(Array(text.utf8))
    }

    /// Reads a file's bytes.
    static func read(contentsOf url: URL, strict: Bool = false) throws -> CaptionReadResult {
        let bytes = [UInt8](try Data(contentsOf: url))
        return try ITTReader(options: CaptionFormatOptions(fileName: url.lastPathComponent, strict: strict)).read(bytes)
    }

    /// Writes a document and returns the text.
    static func write(_ document: CaptionDocument, options: CaptionFormatOptions = .init()) throws -> (
        String, [Diagnostic]
    ) {
        let result = try ITTWriter(options: options).write(document)
        return (String(decoding: result.bytes, as: UTF8.self), result.diagnostics)
    }

    /// A document around `body` content with the given root parameters and head.
    static func document(
        parameters: String =
            #"ttp:timeBase="smpte" ttp:frameRate="30" ttp:frameRateMultiplier="1000 1001" ttp:dropMode="nonDrop""#,
        head: String = "", body: String
    ) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
        xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" \
        xmlns:itts="http://www.w3.org/ns/ttml/profile/imsc1#styling" \
        xmlns:ittp="http://www.w3.org/ns/ttml/profile/imsc1#parameter" \
        xmlns:ry="http://namespace.itunes.apple.com/itt/ttml-extension#ruby" \
        xmlns:vt="http://namespace.itunes.apple.com/itt/ttml-extension#vertical" xml:lang="en-US" \(parameters)>
          <head>\(head)</head>
          <body>\(body)</body>
        </tt>
        """
    }

    /// Expects two documents to be equal, naming the first differing caption instead of
    /// printing both documents whole.
    static func expectEqual(
        _ actual: CaptionDocument, _ expected: CaptionDocument, _ label: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var a = actual
        var e = expected
        a.captions = []
        e.captions = []
        #expect(a == e, "document fields differ \(label)", sourceLocation: sourceLocation)
        #expect(actual.captions.count == expected.captions.count, "\(label)", sourceLocation: sourceLocation)
        for (i, (x, y)) in zip(actual.captions, expected.captions).enumerated() where x != y {
            Issue.record("\(label) caption \(i) differs:\n\(x)\n≠\n\(y)", sourceLocation: sourceLocation)
            return
        }
    }

    /// The frame-exact time of `frames` frames at 29.97 fps: frames × 1001/30000 s, written out
    /// rather than taken from `FrameRate`, whose arithmetic the iTT reader uses.
    static func ntsc(_ frames: Int64) -> MediaTime { MediaTime(value: frames * 1001, timescale: 30000) }
}
