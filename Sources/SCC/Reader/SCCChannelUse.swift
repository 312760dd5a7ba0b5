import CEA608
import CaptionCore

/// What a reading's words carried, channel by channel: so that a file (or a movie's caption
/// data, which is read as SCC) that sends words and gives no caption says why, as an error-level
/// finding (issue 34: a source that carries caption data and decodes to no caption is an error,
/// never a silent empty result).
struct SCCChannelUse: Sendable {
    /// The finding's rule (``SCCReader/noCaptionsRule``).
    static let rule = SCCReader.noCaptionsRule

    /// Words read, filler included.
    private(set) var words = 0
    /// Words that were not filler (0x80 0x80, 15.119(i)(1)).
    private(set) var dataWords = 0
    /// Whether a word acted for the channel read.
    private(set) var ownData = false
    /// The channels (1–4) the other words were for.
    private(set) var others: Set<Int> = []

    mutating func count(_ step: CEA608DecodeStep, channel: CaptionChannel) {
        words += 1
        if step.code != .padding || step.failedParity { dataWords += 1 }
        if step.accepted { ownData = true }
        if let service = step.channel, service != channel { others.insert(service.rawValue) }
    }

    /// Why no caption came of these words for `channel`; nil for a file without words (nothing
    /// was carried: the empty-result rule of the commands says the rest).
    func whyNothing(channel: CaptionChannel, xdsPackets: Int, textRows: Int, neverDisplayed: Bool) -> String? {
        guard words > 0 else { return nil }
        let cc = "CC\(channel.rawValue)"
        let head = "no caption for \(cc): "
        if dataWords == 0 {
            return head + "its \(words) word\(words == 1 ? " is" : "s are all") filler (80 80), which carries nothing"
        }
        if !ownData {
            var parts: [String] = []
            if !others.isEmpty {
                parts.append("its data is for " + others.sorted().map { "CC\($0)" }.joined(separator: ", "))
            }
            if xdsPackets > 0 {
                parts.append("it carries \(xdsPackets) XDS packet\(xdsPackets == 1 ? "" : "s"), kept apart")
            }
            if parts.isEmpty { parts.append("none of its \(dataWords) data words is for \(cc)") }
            return head + parts.joined(separator: "; ")
        }
        if neverDisplayed { return head + "what it loads is never displayed (no EOC shows it)" }
        if textRows > 0 { return head + "its data is text-mode rows (TR/RTD, \(textRows) kept apart), not captions" }
        return head + "its words for \(cc) put nothing on the screen"
    }

    /// `read CC3 with CaptionFormatOptions.channel 3` when the data is for another channel.
    func suggestion(channel: CaptionChannel) -> String? {
        guard !ownData, let other = others.sorted().first else { return nil }
        return "read CC\(other) with \(CaptionFormatOptions.ParameterWords.channel) \(other)"
    }
}
