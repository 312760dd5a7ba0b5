import Foundation
import TestSupport

/// A movie of one subtitle track built by PyPI `pymp4` (a construct-based box parser and
/// builder, sharing no code with ours), for the `wvtt` and `stpp` tests (ISO/IEC 14496-30): the
/// independent writer whose tracks our reader must read, plain or in fragments.
enum PyMP4Movie {
    /// pymp4 1.4 pins construct 2.8, which looks for `collections.Sequence` (moved to
    /// `collections.abc` in Python 3.10): the names are put back before it is imported.
    static let prelude = """
        import collections, collections.abc, json, struct, sys
        for _n in ("Sequence", "Mapping", "MutableMapping"):
            setattr(collections, _n, getattr(collections.abc, _n))
        from pymp4.parser import Box, MP4
        from construct import GreedyRange

        """

    /// Builds a movie holding one subtitle track, as `spec` says:
    /// - `format` `"wvtt"` (the default): a WebVTT track (§7; handler `text`, `nmhd`) whose
    ///   entry holds `config` (`vttC`) and a `vlab`, each sample's `cues` (`vsid`/`id`/`ctim`/
    ///   `settings`/`text`) packed by pymp4 as `vttc` boxes, none for `vtte`;
    /// - `format` `"stpp"`: a TTML track (§5; handler `subt`, `sthd`) whose XMLSubtitleSampleEntry
    ///   (ISO/IEC 14496-12 §12.6.3.2) holds `namespace` (TTML's by default), `schemaLocation`,
    ///   `auxiliaryMIMETypes` and, when given, a `mime` box of `mime`; each sample's `document`
    ///   is its bytes (UTF-8).
    ///
    /// Every sample has its `duration` (in `timescale`, 1000 by default). The samples are one
    /// chunk after `moov`; with `samplesPerFragment`, the movie is fragmented instead (CMAF's
    /// way): `mvex`/`trex` in `moov`, then a `moof` and `mdat` for every that many samples.
    /// `overrun` (`fragment`, 1-based, and `bytes`) makes that fragment's `trun` give its last
    /// sample that many bytes more than its `mdat` holds (a damaged fragment).
    static func build(_ spec: [String: Any], to path: String) throws {
        let script =
            prelude + """
                spec = json.load(open(sys.argv[1]))
                def box(t, body): return struct.pack(">I", 8 + len(body)) + t + body
                def full(t, version, flags, body): return box(t, struct.pack(">I", version << 24 | flags) + body)
                def cue(c):
                    kids = []
                    if "vsid" in c: kids.append(Box.build(dict(type=b"vsid", data=struct.pack(">i", c["vsid"]))))
                    if "id" in c: kids.append(Box.build(dict(type=b"iden", cue_id=c["id"])))
                    if "ctim" in c: kids.append(Box.build(dict(type=b"ctim", data=c["ctim"].encode())))
                    if "settings" in c: kids.append(Box.build(dict(type=b"sttg", settings=c["settings"])))
                    kids.append(Box.build(dict(type=b"payl", cue_text=c["text"])))
                    return box(b"vttc", b"".join(kids))
                if spec.get("format", "wvtt") == "wvtt":
                    samples = [b"".join(cue(c) for c in s["cues"]) if s["cues"] else Box.build(dict(type=b"vtte", data=b""))
                               for s in spec["samples"]]
                    entry = dict(format=b"wvtt", data_reference_index=1, children=[
                        dict(type=b"vttC", config=spec["config"]), dict(type=b"vlab", label="pymp4")])
                    handler, name, header = b"text", "WebVTT", b"nmhd"
                else:
                    samples = [s["document"].encode() for s in spec["samples"]]
                    strings = b"".join(spec.get(k, d).encode() + b"\\0" for k, d in (
                        ("namespace", "http://www.w3.org/ns/ttml"), ("schemaLocation", ""), ("auxiliaryMIMETypes", "")))
                    mime = full(b"mime", 0, 0, spec["mime"].encode() + b"\\0") if "mime" in spec else b""
                    entry = dict(format=b"stpp", data_reference_index=1, data=strings + mime)
                    handler, name, header = b"subt", "TTML", b"sthd"
                durations = [s["duration"] for s in spec["samples"]]
                ts = spec.get("timescale", 1000)
                per = spec.get("samplesPerFragment")
                def moov(tables, total):
                    stbl = dict(type=b"stbl", children=[dict(type=b"stsd", entries=[entry])] + tables)
                    dinf = dict(type=b"dinf", children=[dict(type=b"dref", data_entries=[dict(type=b"url ", flags=dict(), location=None)])])
                    minf = dict(type=b"minf", children=[dict(type=header, data=b"\\0\\0\\0\\0"), dinf, stbl])
                    mdia = dict(type=b"mdia", children=[
                        dict(type=b"mdhd", version=0, creation_time=0, modification_time=0, timescale=ts, duration=total, language="und"),
                        dict(type=b"hdlr", handler_type=handler, name=name), minf])
                    trak = dict(type=b"trak", children=[dict(type=b"tkhd", flags=3, track_ID=1, duration=total), mdia])
                    built = Box.build(dict(type=b"moov", children=[dict(type=b"mvhd", timescale=ts, duration=total, next_track_ID=2), trak]))
                    # Fragmented (ISO/IEC 14496-12 §8.8.1): mvex/trex announces the fragments.
                    return box(b"moov", built[8:] + box(b"mvex", full(b"trex", 0, 0, struct.pack(">IIIII", 1, 1, 0, 0, 0)))) if per else built
                if not per:
                    ftyp = Box.build(dict(type=b"ftyp", major_brand=b"isom", minor_version=512, compatible_brands=[b"isom", b"iso6", b"mp41"]))
                    def head(offset):
                        return ftyp + moov([
                            dict(type=b"stts", entries=[dict(sample_count=1, sample_delta=d) for d in durations]),
                            dict(type=b"stsc", entries=[dict(first_chunk=1, samples_per_chunk=len(samples), sample_description_index=1)]),
                            dict(type=b"stsz", version=0, sample_size=0, sample_count=len(samples), entry_sizes=[len(s) for s in samples]),
                            dict(type=b"stco", entries=[dict(chunk_offset=offset)])], sum(durations))
                    h = head(len(head(0)) + 8)
                    open(sys.argv[2], "wb").write(h + box(b"mdat", b"".join(samples)))
                    sys.exit(0)
                # Fragments (§8.8): an empty sample table in moov, then a moof + mdat per `per` samples:
                # tfhd with default-base-is-moof (0x020000), tfdt version 1, trun with a data offset and
                # each sample's duration and size.
                out = Box.build(dict(type=b"ftyp", major_brand=b"iso6", minor_version=0, compatible_brands=[b"iso6", b"cmfc"]))
                out += moov([dict(type=b"stts", entries=[]), dict(type=b"stsc", entries=[]),
                    dict(type=b"stsz", version=0, sample_size=0, sample_count=0, entry_sizes=[]), dict(type=b"stco", entries=[])], 0)
                overrun = spec.get("overrun", {})
                time = 0
                for n, first in enumerate(range(0, len(samples), per)):
                    group = list(range(first, min(first + per, len(samples))))
                    sizes = [len(samples[i]) for i in group]
                    if overrun.get("fragment") == n + 1: sizes[-1] += overrun["bytes"]
                    entries = b"".join(struct.pack(">II", durations[i], size) for i, size in zip(group, sizes))
                    def traf(offset):
                        return box(b"traf", full(b"tfhd", 0, 0x020000, struct.pack(">I", 1))
                                   + full(b"tfdt", 1, 0, struct.pack(">Q", time))
                                   + full(b"trun", 0, 0x000301, struct.pack(">Ii", len(group), offset) + entries))
                    size = len(box(b"moof", full(b"mfhd", 0, 0, struct.pack(">I", n + 1)) + traf(0)))
                    out += box(b"moof", full(b"mfhd", 0, 0, struct.pack(">I", n + 1)) + traf(size + 8))
                    out += box(b"mdat", b"".join(samples[i] for i in group))
                    time += sum(durations[i] for i in group)
                open(sys.argv[2], "wb").write(out)
                """
        let specPath = path + ".json"
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        try python(script, [specPath, path])
    }

    /// Runs `script` under python3 with pymp4 (`scripts/install-deps.sh --test` installs it);
    /// its standard output.
    @discardableResult
    static func python(_ script: String, _ args: [String]) throws -> String {
        let r = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script] + args)
        guard r.status == 0 else {
            throw PeerDecoders.Failure.failed("pymp4 (python3; `make test` installs it)", r.stderr)
        }
        return r.stdout
    }
}
