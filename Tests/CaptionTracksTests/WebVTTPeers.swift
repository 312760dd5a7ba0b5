import Foundation
import TestSupport

/// Independent builders and readers of WebVTT tracks (ISO/IEC 14496-30) for the `wvtt` tests:
/// PyPI `pymp4` (a construct-based box parser and builder that knows `vttC`, `vlab`, `vttc`,
/// `iden`, `sttg`, `payl`) and GStreamer's `qtdemux`, which turns each sample into WebVTT cue
/// blocks. Neither shares code with ours.
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

    /// pymp4 1.4 pins construct 2.8, which looks for `collections.Sequence` (moved to
    /// `collections.abc` in Python 3.10): the names are put back before it is imported.
    static let prelude = """
        import collections, collections.abc, json, struct, sys
        for _n in ("Sequence", "Mapping", "MutableMapping"):
            setattr(collections, _n, getattr(collections.abc, _n))
        from pymp4.parser import Box, MP4
        from construct import GreedyRange

        """

    /// Builds a movie holding one WebVTT track with pymp4: `spec` gives the timescale, the
    /// `vttC` text and the samples (`duration`, and `cues` of `vsid`/`id`/`ctim`/`settings`/
    /// `text`, none for `vtte`). Handler `text`, `nmhd`, one chunk after `moov`; with
    /// `samplesPerFragment`, a fragmented movie instead (CMAF's way): `mvex`/`trex` in `moov`,
    /// then a `moof` and `mdat` for every that many samples (the fragment boxes packed here).
    static func build(_ spec: [String: Any], to path: String) throws {
        let script =
            prelude + """
                spec = json.load(open(sys.argv[1]))
                def cue(c):
                    kids = []
                    if "vsid" in c: kids.append(Box.build(dict(type=b"vsid", data=struct.pack(">i", c["vsid"]))))
                    if "id" in c: kids.append(Box.build(dict(type=b"iden", cue_id=c["id"])))
                    if "ctim" in c: kids.append(Box.build(dict(type=b"ctim", data=c["ctim"].encode())))
                    if "settings" in c: kids.append(Box.build(dict(type=b"sttg", settings=c["settings"])))
                    kids.append(Box.build(dict(type=b"payl", cue_text=c["text"])))
                    body = b"".join(kids)
                    return struct.pack(">I", 8 + len(body)) + b"vttc" + body
                samples = [b"".join(cue(c) for c in s["cues"]) if s["cues"] else Box.build(dict(type=b"vtte", data=b""))
                           for s in spec["samples"]]
                durations = [s["duration"] for s in spec["samples"]]
                ts = spec.get("timescale", 1000)
                total = sum(durations)
                def head(offset):
                    stsd = dict(type=b"stsd", entries=[dict(format=b"wvtt", data_reference_index=1, children=[
                        dict(type=b"vttC", config=spec["config"]), dict(type=b"vlab", label="pymp4")])])
                    stbl = dict(type=b"stbl", children=[stsd,
                        dict(type=b"stts", entries=[dict(sample_count=1, sample_delta=d) for d in durations]),
                        dict(type=b"stsc", entries=[dict(first_chunk=1, samples_per_chunk=len(samples), sample_description_index=1)]),
                        dict(type=b"stsz", version=0, sample_size=0, sample_count=len(samples), entry_sizes=[len(s) for s in samples]),
                        dict(type=b"stco", entries=[dict(chunk_offset=offset)])])
                    dinf = dict(type=b"dinf", children=[dict(type=b"dref", data_entries=[dict(type=b"url ", flags=dict(), location=None)])])
                    minf = dict(type=b"minf", children=[dict(type=b"nmhd", data=b"\\0\\0\\0\\0"), dinf, stbl])
                    mdia = dict(type=b"mdia", children=[
                        dict(type=b"mdhd", version=0, creation_time=0, modification_time=0, timescale=ts, duration=total, language="und"),
                        dict(type=b"hdlr", handler_type=b"text", name="WebVTT"), minf])
                    trak = dict(type=b"trak", children=[dict(type=b"tkhd", flags=3, track_ID=1, duration=total), mdia])
                    moov = dict(type=b"moov", children=[dict(type=b"mvhd", timescale=ts, duration=total, next_track_ID=2), trak])
                    ftyp = dict(type=b"ftyp", major_brand=b"isom", minor_version=512, compatible_brands=[b"isom", b"iso6", b"mp41"])
                    return Box.build(ftyp) + Box.build(moov)
                per = spec.get("samplesPerFragment")
                if not per:
                    h = head(0)
                    h = head(len(h) + 8)
                    payload = b"".join(samples)
                    open(sys.argv[2], "wb").write(h + struct.pack(">I", 8 + len(payload)) + b"mdat" + payload)
                    sys.exit(0)
                # Fragmented (ISO/IEC 14496-12 §8.8): an empty sample table and mvex/trex in moov,
                # then a moof + mdat per `per` samples: tfhd with default-base-is-moof (0x020000),
                # tfdt version 1, trun with a data offset and each sample's duration and size.
                def box(t, body): return struct.pack(">I", 8 + len(body)) + t + body
                def full(t, version, flags, body): return box(t, struct.pack(">I", version << 24 | flags) + body)
                stsd = dict(type=b"stsd", entries=[dict(format=b"wvtt", data_reference_index=1, children=[
                    dict(type=b"vttC", config=spec["config"]), dict(type=b"vlab", label="pymp4")])])
                stbl = dict(type=b"stbl", children=[stsd, dict(type=b"stts", entries=[]),
                    dict(type=b"stsc", entries=[]), dict(type=b"stsz", version=0, sample_size=0, sample_count=0, entry_sizes=[]),
                    dict(type=b"stco", entries=[])])
                dinf = dict(type=b"dinf", children=[dict(type=b"dref", data_entries=[dict(type=b"url ", flags=dict(), location=None)])])
                minf = dict(type=b"minf", children=[dict(type=b"nmhd", data=b"\\0\\0\\0\\0"), dinf, stbl])
                mdia = dict(type=b"mdia", children=[
                    dict(type=b"mdhd", version=0, creation_time=0, modification_time=0, timescale=ts, duration=0, language="und"),
                    dict(type=b"hdlr", handler_type=b"text", name="WebVTT"), minf])
                trak = dict(type=b"trak", children=[dict(type=b"tkhd", flags=3, track_ID=1, duration=0), mdia])
                moov = Box.build(dict(type=b"moov", children=[dict(type=b"mvhd", timescale=ts, duration=0, next_track_ID=2), trak]))
                trex = full(b"trex", 0, 0, struct.pack(">IIIII", 1, 1, 0, 0, 0))
                moov = box(b"moov", moov[8:] + box(b"mvex", trex))
                out = Box.build(dict(type=b"ftyp", major_brand=b"iso6", minor_version=0, compatible_brands=[b"iso6", b"cmfc"])) + moov
                time = 0
                for n, first in enumerate(range(0, len(samples), per)):
                    group = list(range(first, min(first + per, len(samples))))
                    entries = b"".join(struct.pack(">II", durations[i], len(samples[i])) for i in group)
                    def traf(offset):
                        return box(b"traf", full(b"tfhd", 0, 0x020000, struct.pack(">I", 1))
                                   + full(b"tfdt", 1, 0, struct.pack(">Q", time))
                                   + full(b"trun", 0, 0x000301, struct.pack(">Ii", len(group), offset) + entries))
                    size = len(box(b"moof", full(b"mfhd", 0, 0, struct.pack(">I", n + 1)) + traf(0)))
                    moof = box(b"moof", full(b"mfhd", 0, 0, struct.pack(">I", n + 1)) + traf(size + 8))
                    out += moof + box(b"mdat", b"".join(samples[i] for i in group))
                    time += sum(durations[i] for i in group)
                open(sys.argv[2], "wb").write(out)
                """
        let specPath = path + ".json"
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        try python(script, [specPath, path])
    }

    /// The first `wvtt` track of `path` as pymp4 parses it: the sample tables expanded
    /// (`stts`, `stsc`, `stsz`, `stco`/`co64`) and each sample's bytes parsed as boxes.
    static func read(_ path: String) throws -> Track {
        let script =
            prelude + """
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
        let out = try python(script, [path])
        return try JSONDecoder().decode(Track.self, from: Data(out.utf8))
    }

    @discardableResult
    private static func python(_ script: String, _ args: [String]) throws -> String {
        let r = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script] + args)
        guard r.status == 0 else {
            throw PeerDecoders.Failure.failed("pymp4 (python3; `make test` installs it)", r.stderr)
        }
        return r.stdout
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
