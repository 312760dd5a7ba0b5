// Helpers for the SCC reader tests: reading inline text or a shared fixture, and a one-line
// summary of a caption that the tests compare against values worked out by hand.

import CaptionCore
import Foundation
import SCC
import TestSupport

/// Reads SCC text given inline.
func readSCC(_ text: String, _ options: CaptionFormatOptions = CaptionFormatOptions()) throws -> SCCReadResult {
    try SCCReader(options: options).read(Array(text.utf8))
}

/// The bytes of `../shared/fixtures/scc/<relative>`.
func fixtureBytes(_ relative: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: TestPaths.sharedFixture("scc/" + relative)))
}

/// Reads a shared fixture leniently (the default).
func readFixture(_ relative: String, _ options: CaptionFormatOptions = CaptionFormatOptions()) throws
    -> SCCReadResult
{
    var options = options
    options.fileName = relative
    return try SCCReader(options: options).read(try fixtureBytes(relative))
}

/// The media time of a 29.97 fps label such as "00:00:01;02" (drop-frame) or "00:00:01:02".
func time(_ label: String, rate: FrameRate = .fps29_97) -> MediaTime {
    (try? Timecode(label, rate: rate))?.mediaTime(at: rate) ?? .invalid
}

/// `start end rows:column text [RUn] [paint]`: labels in drop-frame or non-drop counting, rows
/// 1-based as in 47 CFR 15.119 (first–last row of the region), column 0-based.
func summary(_ caption: Caption, dropFrame: Bool, rate: FrameRate = .fps29_97) -> String {
    func label(_ time: MediaTime) -> String {
        guard let frame = rate.frame(at: time),
            let code = try? Timecode(frameCount: frame, rate: rate, dropFrame: dropFrame)
        else { return "?" }
        return code.description
    }
    var text = label(caption.timeRange.start) + " " + label(caption.timeRange.end)
    if let region = caption.region, let origin = region.origin, let size = region.size {
        let top = Int(origin.y.value) + 1
        let bottom = top + Int(size.height.value) - 1
        text += " \(top)-\(bottom):\(Int(origin.x.value))"
        if case .rollUp(let rows) = region.scroll { text += " RU\(rows)" }
    }
    if caption.animation == .characterReveal { text += " paint" }
    return text + " " + caption.text
}

/// Summaries of all captions of a result.
func summaries(_ result: SCCReadResult, dropFrame: Bool = true) -> [String] {
    result.document.captions.map { summary($0, dropFrame: dropFrame) }
}

/// The rule IDs of the diagnostics, in order.
func rules(_ result: SCCReadResult) -> [String] {
    result.diagnostics.map(\.ruleID)
}

/// One item of a hand-built SCC line: a code (parity-stripped, channel 1 form) or text.
enum SCCPiece {
    case code(UInt16)
    case text(String)
}

/// The hex words of `pieces`, odd parity added (47 CFR 15.119(b)), two characters per word.
func sccWords(_ pieces: [SCCPiece]) -> String {
    func parity(_ byte: UInt8) -> UInt8 { byte.nonzeroBitCount % 2 == 0 ? byte | 0x80 : byte }
    var words: [String] = []
    for piece in pieces {
        switch piece {
        case .code(let code):
            words.append(HexText.pair(parity(UInt8(code >> 8)), parity(UInt8(code & 0xFF))))
        case .text(let text):
            var bytes = text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
            if bytes.count % 2 == 1 { bytes.append(0) }
            for index in stride(from: 0, to: bytes.count, by: 2) {
                words.append(HexText.pair(parity(bytes[index]), parity(bytes[index + 1])))
            }
        }
    }
    return words.joined(separator: " ")
}
