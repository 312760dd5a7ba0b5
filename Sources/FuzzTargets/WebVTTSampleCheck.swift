import CaptionCore
import CaptionTracks
import WebVTT

/// One sample of a WebVTT track (ISO/IEC 14496-30 `wvtt`, `WebVTTSample.read`), on any bytes:
/// 1. reading never fails: cues, comments, and a sentence for each problem (none empty);
/// 2. the sample written back (`WebVTTSample.bytes`) reads back with no problem as the same cues
///    and comments;
/// 3. its cues, through the WebVTT parser's rules (`WebVTTParser.cue`: settings §6.3, text §6.4)
///    and the document mapping a track's reading uses, give at least one caption each.
enum WebVTTSampleCheck {
    static func check(_ bytes: [UInt8]) throws(FuzzFinding) {
        let reading = WebVTTSample.read(bytes)
        if reading.problems.contains(where: \.isEmpty) { throw FuzzFinding("a problem without a sentence") }
        let sample = reading.sample
        let reread = WebVTTSample.read(sample.bytes)
        guard reread.problems.isEmpty else { throw FuzzFinding("the written sample has problems: \(reread.problems)") }
        guard reread.sample == sample else {
            throw FuzzFinding("write → read changed the sample\nread:   \(sample)\nreread: \(reread.sample)")
        }
        var file = WebVTTFile()
        for cue in sample.cues {
            var (parsed, _) = WebVTTParser.cue(
                identifier: Array(cue.identifier.utf8), settings: Array(cue.settings.utf8),
                text: Array(cue.payload.utf8), regions: [])
            parsed.endMilliseconds = 1000
            file.cues.append(parsed)
        }
        var notes: [Diagnostic] = []
        let document = WebVTTDocumentMapping(file: file, fileName: nil).document(notes: &notes)
        guard document.captions.count >= sample.cues.count else {
            throw FuzzFinding("\(sample.cues.count) cues gave \(document.captions.count) captions")
        }
    }
}
