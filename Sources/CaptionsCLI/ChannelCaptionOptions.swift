import ArgumentParser
import CaptionKit

/// `--cc1 … --cc4 FILE`: caption files put in a movie as CEA-608, each on its own channel,
/// beside (or instead of) the command's main caption file (`mux`'s CAPTIONS argument, `export
/// --captions`), which goes on `--channel` (default 1). One file a field: CC1 or CC2 in field 1,
/// CC3 or CC4 in field 2; so `--captions en.scc --cc3 es.scc` is English in CC1 and Spanish in
/// CC3 (Specs/caption-tracks.md).
public struct ChannelCaptionOptions: ParsableArguments {
    public init() {}

    @Option(name: .customLong("cc1"), help: "A caption file for CC1 (field 1).")
    public var cc1: String?

    @Option(name: .customLong("cc2"), help: "A caption file for CC2 (field 1).")
    public var cc2: String?

    @Option(
        name: .customLong("cc3"),
        help: "A caption file for CC3 (field 2), e.g. a second language beside the main file's CC1.")
    public var cc3: String?

    @Option(name: .customLong("cc4"), help: "A caption file for CC4 (field 2).")
    public var cc4: String?

    @Option(
        name: .customLong("channel-language"),
        help: ArgumentHelp(
            "A channel's own language, CCn=TAG (ISO 639-2 or BCP 47), over --language for that channel's file: a c708 track names it for the channel's field and CEA-708 service. Repeat for each channel.",
            valueName: "CCn=TAG"))
    public var channelLanguage: [String] = []

    /// `--channel-language` as channel → tag (`CC3=spa` or `3=spa`), or a ValidationError that
    /// names the malformed one.
    public func languages() throws -> [Int: String] {
        var languages: [Int: String] = [:]
        for given in channelLanguage {
            let parts = given.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts.first.map { $0.uppercased().hasPrefix("CC") ? String($0.dropFirst(2)) : $0 } ?? ""
            guard parts.count == 2, !parts[1].isEmpty, let channel = Int(name), (1...4).contains(channel) else {
                throw ValidationError("--channel-language \(given): expected CCn=TAG, n 1 to 4, e.g. CC3=spa")
            }
            guard languages[channel] == nil else {
                throw ValidationError("--channel-language names CC\(channel) twice")
            }
            languages[channel] = parts[1]
        }
        return languages
    }

    /// The files given here, in channel order.
    public var files: [MovieCaptionWriter.ChannelCaptions] {
        [cc1, cc2, cc3, cc4].enumerated().compactMap { i, path in
            path.map { MovieCaptionWriter.ChannelCaptions(channel: i + 1, path: $0) }
        }
    }

    /// The option names given, for messages.
    public var given: [String] {
        files.map { "--cc\($0.channel)" } + (channelLanguage.isEmpty ? [] : ["--channel-language"])
    }

    /// Every file to put in the movie, the main one first (`main` on `channel`, default 1; else
    /// the one of the lowest channel here): one a channel and one a field, or a ValidationError
    /// that says which clash. `mainName` names the main file in messages.
    public func all(main: String?, channel: Int?, mainName: String) throws -> [MovieCaptionWriter.ChannelCaptions] {
        if main == nil, channel != nil, !files.isEmpty {
            throw ValidationError("--channel goes with \(mainName); with --cc1…--cc4 each file names its channel")
        }
        let all = (main.map { [MovieCaptionWriter.ChannelCaptions(channel: channel ?? 1, path: $0)] } ?? []) + files
        func name(_ i: Int) -> String { i == 0 && main != nil ? mainName : "--cc\(all[i].channel)" }
        for i in all.indices {
            for j in 0..<i where (all[i].channel + 1) / 2 == (all[j].channel + 1) / 2 {
                let (a, b) = (all[j].channel, all[i].channel)
                throw ValidationError(
                    a == b
                        ? "\(name(j)) and \(name(i)) are both for CC\(a): one caption file a channel"
                        : "CC\(a) and CC\(b) share field \((b + 1) / 2): one caption file a field (CC1 or CC2, CC3 or CC4)"
                )
            }
        }
        return all
    }
}
