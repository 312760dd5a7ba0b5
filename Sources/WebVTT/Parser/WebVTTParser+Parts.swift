/// The parser's rules applied to the parts of a cue held apart, as a movie's WebVTT track keeps
/// them (ISO/IEC 14496-30: the identifier in `iden`, the settings in `sttg`, the text in `payl`,
/// a timestamp in `ctim`), so that such a cue reads exactly as the same cue in a `.vtt` file.
extension WebVTTParser {
    /// A cue from its identifier, settings and text, each decoded and transformed as §6.1 step 1
    /// does a file (UTF-8 with U+FFFD for bytes that are not, U+0000 → U+FFFD, CR LF and CR →
    /// LF); the settings parsed by §6.3 ("parse the WebVTT cue settings") against `regions`, the
    /// header's regions. Times are left at zero; `problems` says, in sentences, what was replaced.
    public static func cue(
        identifier: [UInt8], settings: [UInt8], text: [UInt8], regions: [WebVTTRegion]
    ) -> (cue: WebVTTCue, problems: [String]) {
        var problems: [String] = []
        func decoded(_ bytes: [UInt8], _ what: String) -> [UInt8] {
            let input = WebVTTInput(bytes)
            if input.hadInvalidUTF8 { problems.append("the \(what) is not UTF-8: bad bytes are shown as U+FFFD") }
            if input.nullCount > 0 { problems.append("\(input.nullCount) U+0000 in the \(what) replaced by U+FFFD") }
            return input.bytes
        }
        var cue = WebVTTCue(identifier: WebVTTBytes.string(decoded(identifier, "cue identifier")[...]))
        WebVTTSettingsParser.parseCueSettings(decoded(settings, "cue settings")[...], regions: regions, into: &cue)
        cue.text = WebVTTBytes.string(decoded(text, "cue text")[...])
        return (cue, problems)
    }

    /// The milliseconds of a WebVTT timestamp (§6.3 "collect a WebVTT timestamp") that is the
    /// whole of `text` but for ASCII whitespace around it; nil when it is not one.
    public static func milliseconds(ofTimestamp text: [UInt8]) -> Int64? {
        let trimmed = text.drop(while: WebVTTBytes.isWhitespace)
        let body = trimmed[
            ..<(trimmed.lastIndex { !WebVTTBytes.isWhitespace($0) }.map { $0 + 1 } ?? trimmed.startIndex)]
        var position = body.startIndex
        guard let ms = WebVTTTimestamp.collect(body, &position), position == body.endIndex else { return nil }
        return ms
    }
}
