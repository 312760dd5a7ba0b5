import CaptionCore
import Foundation
import TestSupport

@testable import ITT

/// Helpers for the TTML core's tests.
enum TTMLTest {
    /// Reads TTML text with ``TTMLReader`` (the profile it declares, else DFXP).
    static func read(_ text: String, strict: Bool = false) throws -> CaptionReadResult {
        try TTMLReader(options: CaptionFormatOptions(fileName: "test.ttml", strict: strict)).read(Array(text.utf8))
    }

    /// A media-time-base TTML document: `root` attributes on `tt`, then `head` and `body`.
    static func document(root: String = "", head: String = "", body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
        xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" \
        xmlns:ebuttm="urn:ebu:tt:metadata" xmlns:ebutts="urn:ebu:tt:style" \
        xmlns:itts="http://www.w3.org/ns/ttml/profile/imsc1#styling" \
        xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt" xml:lang="en" \(root)>
          <head>\(head)</head>
          <body>\(body)</body>
        </tt>
        """
    }

    /// `document` written in IMSC 1.1 Text into a file of a temporary folder (kept alive by the
    /// returned folder), for a peer to read.
    static func writeIMSC11(_ document: CaptionDocument, named name: String) throws -> (
        written: CaptionWriteResult, path: String, folder: TemporaryDirectory
    ) {
        let written = try TTMLWriter(options: CaptionFormatOptions(fileName: name), profile: .imsc11Text)
            .write(document)
        let folder = try TemporaryDirectory("ttml-" + name)
        let path = folder.path(name)
        try Data(written.bytes).write(to: URL(fileURLWithPath: path))
        return (written, path, folder)
    }

    /// `seconds` as media time.
    static func s(_ seconds: Int64) -> MediaTime { MediaTime(value: seconds, timescale: 1) }
}
