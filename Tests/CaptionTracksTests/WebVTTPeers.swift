import Foundation
import TestSupport

/// Independent readers of WebVTT tracks (ISO/IEC 14496-30) for the `wvtt` tests: PyPI `pymp4`
/// (a construct-based box parser that knows `vttC`, `vlab`, `vttc`, `iden`, `sttg`, `payl`;
/// ``PyMP4Movie`` builds tracks with it) and GStreamer's `qtdemux`, which turns each sample into
/// WebVTT cue blocks. Neither shares code with ours.
enum WebVTTPeers {
    /// A cue as a peer sees it in one sample.
    struct Piece: Hashable, Codable, CustomStringConvertible {
        var sourceID: Int32?
        var identifier: String?
        var currentTime: String?
        var settings: String?
        var payload: String?
        var description: String {
            "[\(sourceID.map(String.init) ?? "-") \(identifier ?? "-") \(settings ?? "-") \(payload.debugDescription)]"
        }
    }

    /// A sample as pymp4 reads it: its media time, duration and boxes (`vtte` → `empty`).
    struct Sample: Hashable, Codable, CustomStringConvertible {
        var time: Int64
        var duration: Int64
        var empty: Bool
        var cues: [Piece]
        var description: String { "\(time)+\(duration) \(empty ? "vtte" : cues.description)" }
    }

    /// A movie's first `wvtt` track as pymp4 reads it.
    struct Track: Codable {
        var handler: String
        var timescale: Int64
        var configuration: String?
        var label: String?
        var samples: [Sample]
    }

    /// The first `wvtt` track of `path` as pymp4 parses it: the sample tables expanded
    /// (`stts`, `stsc`, `stsz`, `stco`/`co64`) and each sample's bytes parsed as boxes.
    static func read(_ path: String) throws -> Track {
        let script =
            PyMP4Movie.prelude + """
                data = open(sys.argv[1], "rb").read()
                def kids(b): return getattr(b, "children", None) or []
                def find(b, t): return next((c for c in kids(b) if c.type == t), None)
                def text(b, field): return None if b is None else getattr(b, field, None)
                moov = next(b for b in MP4.parse(data) if b.type == b"moov")
                for trak in (c for c in kids(moov) if c.type == b"trak"):
                    mdia = find(trak, b"mdia"); stbl = find(find(mdia, b"minf"), b"stbl")
                    entry = find(stbl, b"stsd").entries[0]
                    if entry.format != b"wvtt": continue
                    stts = [(e.sample_count, e.sample_delta) for e in find(stbl, b"stts").entries]
                    stsz = find(stbl, b"stsz")
                    sizes = list(stsz.entry_sizes) if stsz.sample_size == 0 else [stsz.sample_size] * stsz.sample_count
                    chunks = find(stbl, b"stco") or find(stbl, b"co64")
                    offsets = [e.chunk_offset for e in chunks.entries]
                    stsc = list(find(stbl, b"stsc").entries)
                    per_chunk = []
                    for i in range(len(offsets)):
                        per_chunk.append(next(e.samples_per_chunk for e in reversed(stsc) if e.first_chunk <= i + 1))
                    positions = []
                    for off, n in zip(offsets, per_chunk):
                        for _ in range(n):
                            positions.append(off); off += sizes[len(positions) - 1]
                    times = []; t = 0
                    for count, delta in stts:
                        for _ in range(count): times.append((t, delta)); t += delta
                    samples = []
                    for (t, d), off, size in zip(times, positions, sizes):
                        s = dict(time=t, duration=d, empty=False, cues=[])
                        for box in GreedyRange(Box).parse(data[off:off + size]):
                            if box.type == b"vtte": s["empty"] = True
                            if box.type != b"vttc": continue
                            c = {}
                            for k in kids(box):
                                if k.type == b"vsid": c["sourceID"] = struct.unpack(">i", k.data)[0]
                                if k.type == b"iden": c["identifier"] = k.cue_id
                                if k.type == b"ctim": c["currentTime"] = k.data.decode()
                                if k.type == b"sttg": c["settings"] = k.settings
                                if k.type == b"payl": c["payload"] = k.cue_text
                            s["cues"].append(c)
                        samples.append(s)
                    ekids = entry.children
                    print(json.dumps(dict(handler=find(mdia, b"hdlr").handler_type.decode(),
                        timescale=find(mdia, b"mdhd").timescale,
                        configuration=text(next((k for k in ekids if k.type == b"vttC"), None), "config"),
                        label=text(next((k for k in ekids if k.type == b"vlab"), None), "label"), samples=samples)))
                    break
                """
        let out = try PyMP4Movie.python(script, [path])
        return try JSONDecoder().decode(Track.self, from: Data(out.utf8))
    }

    // MARK: - GStreamer

    /// A cue block as GStreamer's `qtdemux` writes it for one sample (its WebVTT output: the
    /// sample's time and duration as the cue times, `iden`, `sttg` and `payl` as they are).
    struct GStreamerCue: Hashable, CustomStringConvertible {
        var identifier: String?
        var start: String
        var end: String
        var settings: String
        var text: String
        var description: String { "\(identifier ?? "-") \(start) --> \(end) \(settings) \(text.debugDescription)" }
    }

    /// `gst-launch-1.0 filesrc ! qtdemux ! filesink` on the first subtitle stream, parsed.
    static func gstreamer(_ movie: String, in dir: TemporaryDirectory) throws -> [GStreamerCue] {
        let out = dir.path("gst-\(UUID().uuidString).vtt")
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("gst-launch-1.0"),
            [
                "-q", "filesrc", "location=\(movie)", "!", "qtdemux", "name=d", "d.subtitle_0", "!", "filesink",
                "location=\(out)",
            ])
        guard r.status == 0 else { throw PeerDecoders.Failure.failed("gst-launch-1.0 (qtdemux)", r.stderr + r.stdout) }
        let text = try String(contentsOfFile: out, encoding: .utf8)
        var cues: [GStreamerCue] = []
        for block in text.components(separatedBy: "\n\n") {
            var lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let timing = lines.firstIndex(where: { $0.contains(" --> ") }), timing <= 1 else { continue }
            let id = timing == 1 ? lines[0] : nil
            let parts = lines[timing].split(separator: " ", maxSplits: 3).map(String.init)
            guard parts.count >= 3 else { continue }
            lines.removeFirst(timing + 1)
            cues.append(
                GStreamerCue(
                    identifier: id, start: parts[0], end: parts[2], settings: parts.count > 3 ? parts[3] : "",
                    text: lines.joined(separator: "\n")))
        }
        return cues
    }
}
