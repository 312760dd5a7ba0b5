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

    /// The files given here, in channel order.
    public var files: [MovieCaptionWriter.ChannelCaptions] {
        [cc1, cc2, cc3, cc4].enumerated().compactMap { i, path in
            path.map { MovieCaptionWriter.ChannelCaptions(channel: i + 1, path: $0) }
        }
    }

    /// The option names given, for messages.
    public var given: [String] { files.map { "--cc\($0.channel)" } }

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
