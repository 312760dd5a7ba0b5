import CaptionCore
import CaptionTracks

/// One sample of a 3GPP timed-text (`tx3g`, `mov_text`) track (`MovTextSample.read`), on any
/// bytes:
/// 1. reading never fails: runs, and a sentence for each problem (none empty);
/// 2. the runs hold at most as many characters as the text's bytes, and no CR (line breaks are LF);
/// 3. the sample written back (`MovTextSample.bytes`) reads back with no problem as the same
///    runs (once neighbouring runs of one style are joined).
enum MovTextCheck {
    static func check(_ bytes: [UInt8]) throws(FuzzFinding) {
        let reading = MovTextSample.read(bytes)
        if reading.problems.contains(where: \.isEmpty) { throw FuzzFinding("a problem without a sentence") }
        let sample = reading.sample
        let text = sample.text
        guard text.unicodeScalars.count <= max(0, bytes.count - 2), !text.unicodeScalars.contains("\r") else {
            throw FuzzFinding("\(text.unicodeScalars.count) characters from \(bytes.count) bytes, or a CR kept")
        }
        let written = sample.bytes()
        let reread = MovTextSample.read(written)
        guard reread.problems.isEmpty else { throw FuzzFinding("the written sample has problems: \(reread.problems)") }
        // The 16-bit length holds 65,535 bytes of UTF-8: longer text (UTF-16 text of more than
        // 21,845 characters past U+07FF) is cut at a character, as the writer documents.
        if text.utf8.count > Int(UInt16.max) {
            guard text.unicodeScalars.starts(with: reread.sample.text.unicodeScalars),
                reread.sample.text.utf8.count <= Int(UInt16.max)
            else { throw FuzzFinding("a long text was not cut at a character") }
            return
        }
        let a = Caption(runs: sample.runs, timeRange: .init(start: .zero, end: .zero)).normalizedRuns
        let b = Caption(runs: reread.sample.runs, timeRange: .init(start: .zero, end: .zero)).normalizedRuns
        guard a == b else { throw FuzzFinding("write → read changed the runs\nread:   \(a)\nreread: \(b)") }
    }
}
