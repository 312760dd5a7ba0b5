import Foundation

/// ttconv and GStreamer (`ttmlparse`, `ttmlrender`) reading iTT and TTML files, for the iTT
/// cross-checks (installed by `scripts/install-deps.sh --test`). Each reader's output that
/// cannot be parsed is an error, never an empty list.
///
/// What the peers accept of Apple's iTT (measured with ttconv 1.2.3 and GStreamer 1.22):
/// - ttconv reads iTT as TTML only when told (`tt convert --itype ttml`: the `.itt` extension is
///   "not a valid FileTypes"). It reads `ttp:timeBase="smpte"` with `ttp:frameRate`,
///   `ttp:frameRateMultiplier` and `ttp:dropMode` itself (frame labels, drop-frame included). It
///   refuses Apple's negative `div begin="-01:00:00:00"` ("Bad begin attribute value": TTML1
///   §10.3.1 time expressions have no sign) and `tts:origin`/`tts:extent` in cells (IMSC1 §8.4.3
///   allows px and % only), and `;` before the frames (not TTML).
/// - GStreamer's `ttmlparse` reads only clock times `HH:MM:SS(.fff)` on `begin`/`end` (no
///   frames — `HH:MM:SS:FF` loses its frames —, no `dur`, no offset times, no `ttp:` parameters),
///   origin and extent only in %, and a document only after an `<?xml` declaration.
public enum TTMLPeers {
    /// Where a cue is shown: the region's identifier and, when in % of the root container,
    /// its origin (x, y) and extent (width, height).
    public struct Placement: Equatable, CustomStringConvertible, Sendable {
        public var region: String
        public var origin: [Double]?
        public var extent: [Double]?
        public init(region: String, origin: [Double]? = nil, extent: [Double]? = nil) {
            self.region = region
            self.origin = origin
            self.extent = extent
        }
        public var description: String {
            "\(region) \(origin.map { "\($0)" } ?? "-") \(extent.map { "\($0)" } ?? "-")"
        }
    }

    /// A stretch of text in one style, as a viewer sees it: text colour and the background
    /// behind the glyphs as RGBA (0–255; a transparent one as all zeros), italic (oblique
    /// counts), bold, underline.
    public struct Run: Equatable, CustomStringConvertible, Sendable {
        public var text: String
        public var color: [Int]
        public var background: [Int]
        public var italic: Bool
        public var bold: Bool
        public var underline: Bool
        public init(text: String, color: [Int], background: [Int], italic: Bool, bold: Bool, underline: Bool) {
            self.text = text
            self.color = color
            self.background = background[3] == 0 ? [0, 0, 0, 0] : background
            self.italic = italic
            self.bold = bold
            self.underline = underline
        }
        /// The style alone, for comparing character by character.
        public var style: String {
            "color \(color) background \(background)\(italic ? " italic" : "")\(bold ? " bold" : "")\(underline ? " underline" : "")"
        }
        public var description: String { "\(text.debugDescription) \(style)" }
    }

    /// A cue as a peer shows it: the text of one paragraph, from when it appears to when it goes,
    /// and where; its styled runs when the peer gives them (ttconv).
    public struct Cue: Equatable, CustomStringConvertible, Sendable {
        public var start: Double
        public var end: Double
        public var text: String
        public var placement: Placement?
        public var runs: [Run]?
        public init(start: Double, end: Double, text: String, placement: Placement? = nil, runs: [Run]? = nil) {
            self.start = start
            self.end = end
            self.text = text
            self.placement = placement
            self.runs = runs
        }
        public var description: String {
            "\(start)–\(end) \(text.debugDescription)\(placement.map { " @\($0)" } ?? "")"
        }
    }

    // MARK: - ttconv

    /// ttconv's reading of each file: its intermediate synchronic documents (TTML2 §11.3.1.3,
    /// what is shown at each significant time), run in one Python process, turned into cues.
    /// Apple's negative `div begin` is taken out before ttconv reads the file and its time —
    /// worked out by ttconv's own SMPTE arithmetic — added back to every time.
    public static func ttconv(_ paths: [String]) throws -> [Result<[Cue], PeerDecoders.Failure>] {
        let script = #"""
            import sys, json
            import xml.etree.ElementTree as ET
            from fractions import Fraction
            import ttconv.imsc.reader as reader
            import ttconv.model as model
            import ttconv.style_properties as sp
            from ttconv.isd import ISD
            from ttconv.imsc.attributes import TemporalAttributeParsingContext, parse_time_expression, TimeBase, DropMode
            TT = "{http://www.w3.org/ns/ttml}"
            TTP = "{http://www.w3.org/ns/ttml#parameter}"
            def text_of(e):
                if isinstance(e, model.Br): return "\n"
                if isinstance(e, model.Text): return e.get_text()
                if isinstance(e, (model.Rt, model.Rtc, model.Rp)): return ""
                return "".join(text_of(c) for c in e)
            def length(v): return [float(v.value), v.units.value]
            SP = sp.StyleProperties
            def look(e):
                # What a viewer sees of a text node: its span's colour, face and decoration, and
                # the nearest background behind it up to its paragraph (backgroundColor is not
                # inherited: TTML1 §8.2.2).
                span = e.parent()
                color = span.get_style(SP.Color)
                background = None
                a = span
                while a is not None:
                    b = a.get_style(SP.BackgroundColor)
                    if b is not None and b.components[3] != 0:
                        background = b
                        break
                    if isinstance(a, model.P): break
                    a = a.parent()
                decoration = span.get_style(SP.TextDecoration)
                return {"color": list(color.components) if color else [255, 255, 255, 255],
                        "background": list(background.components) if background else [0, 0, 0, 0],
                        "italic": span.get_style(SP.FontStyle) in (sp.FontStyleType.italic, sp.FontStyleType.oblique),
                        "bold": span.get_style(SP.FontWeight) == sp.FontWeightType.bold,
                        "underline": bool(decoration is not None and decoration.underline)}
            def runs_of(e, out):
                if isinstance(e, model.Br): out.append(dict(out[-1] if out else look_default, text="\n"))
                elif isinstance(e, (model.Rt, model.Rtc, model.Rp)): pass
                elif isinstance(e, model.Text): out.append(dict(look(e), text=e.get_text()))
                else:
                    for c in e: runs_of(c, out)
                return out
            look_default = {"color": [255, 255, 255, 255], "background": [0, 0, 0, 0], "italic": False, "bold": False, "underline": False}
            def read(path):
                tree = ET.parse(path)
                root = tree.getroot()
                offset = Fraction(0)
                for div in root.iter(TT + "div"):
                    b = div.attrib.get("begin")
                    if b and b.startswith("-"):
                        ctx = TemporalAttributeParsingContext()
                        num, den = (int(x) for x in root.attrib.get(TTP + "frameRateMultiplier", "1 1").split())
                        ctx.frame_rate = Fraction(int(root.attrib.get(TTP + "frameRate", "30"))) * num / den
                        ctx.time_base = TimeBase[root.attrib.get(TTP + "timeBase", "media")]
                        ctx.drop_mode = DropMode[root.attrib.get(TTP + "dropMode", "nonDrop")]
                        offset -= parse_time_expression(ctx, b[1:])
                        del div.attrib["begin"]
                doc = reader.to_model(tree)
                if doc is None: raise ValueError("ttconv read no document")
                out = []
                for t, isd in ISD.generate_isd_sequence(doc):
                    regions = []
                    for r in isd.iter_regions():
                        texts = []
                        runs = []
                        def walk(e):
                            if isinstance(e, model.P):
                                texts.append(text_of(e))
                                runs.append(runs_of(e, []))
                            else:
                                for c in e: walk(c)
                        walk(r)
                        if not texts: continue
                        o = r.get_style(sp.StyleProperties.Origin)
                        x = r.get_style(sp.StyleProperties.Extent)
                        regions.append({"id": r.get_id(), "origin": [length(o.x), length(o.y)] if o else None,
                                        "extent": [length(x.width), length(x.height)] if x else None, "texts": texts,
                                        "runs": runs})
                    t = t + offset
                    out.append({"time": [t.numerator, t.denominator], "regions": regions})
                return out
            results = []
            for path in sys.argv[1:]:
                try: results.append({"isds": read(path)})
                except Exception as e: results.append({"error": f"{type(e).__name__}: {e}"})
            print(json.dumps(results))
            """#
        let result = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script] + paths)
        guard result.status == 0 else { throw PeerDecoders.Failure.failed("ttconv (python3 -c)", result.stderr) }
        guard let list = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]],
            list.count == paths.count
        else { throw PeerDecoders.Failure.failed("ttconv (unparsable output)", result.stdout + result.stderr) }
        return try list.map { entry in
            if let error = entry["error"] as? String { return .failure(.failed("ttconv", error)) }
            guard let isds = entry["isds"] as? [[String: Any]] else {
                throw PeerDecoders.Failure.failed("ttconv (no ISD list)", "\(entry)")
            }
            return .success(try cues(fromISDs: isds))
        }
    }

    /// ttconv's reading of one file; its error when it cannot read it.
    public static func ttconv(_ path: String) throws -> [Cue] {
        guard let first = try ttconv([path]).first else { throw PeerDecoders.Failure.failed("ttconv", "no result") }
        return try first.get()
    }

    /// ttconv's own findings on each file: what its IMSC reader logs as a warning or an error
    /// while it reads the file (ttconv has no validator; these log calls are the checks it has),
    /// or that it could not read it at all; in one Python process.
    public static func ttconvFindings(_ paths: [String]) throws -> [[String]] {
        let script = #"""
            import json, logging, sys, xml.etree.ElementTree as et
            import ttconv.imsc.reader as reader
            class Collect(logging.Handler):
                def __init__(self):
                    super().__init__(logging.WARNING)
                    self.found = []
                def emit(self, record):
                    self.found.append(f"{record.levelname} {record.getMessage()}")
            results = []
            for path in sys.argv[1:]:
                collect = Collect()
                logging.getLogger().addHandler(collect)
                try:
                    if reader.to_model(et.parse(path)) is None: collect.found.append("ERROR no document")
                except Exception as e:
                    collect.found.append(f"ERROR {type(e).__name__}: {e}")
                logging.getLogger().removeHandler(collect)
                results.append(collect.found)
            print(json.dumps(results))
            """#
        let result = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script] + paths)
        guard result.status == 0 else { throw PeerDecoders.Failure.failed("ttconv (python3 -c)", result.stderr) }
        guard let list = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String]],
            list.count == paths.count
        else { throw PeerDecoders.Failure.failed("ttconv (unparsable output)", result.stdout + result.stderr) }
        return list
    }

    /// Cues from a sequence of ISDs: a paragraph's text shown in a region from the ISD where it
    /// appears to the first one without it (+infinity after the last).
    static func cues(fromISDs isds: [[String: Any]]) throws -> [Cue] {
        var open: [(cue: Cue, key: String)] = []
        var done: [Cue] = []
        for isd in isds {
            guard let time = isd["time"] as? [Int], time.count == 2, time[1] != 0,
                let regions = isd["regions"] as? [[String: Any]]
            else { throw PeerDecoders.Failure.failed("ttconv (bad ISD)", "\(isd)") }
            let t = Double(time[0]) / Double(time[1])
            var shown: [(Placement, String)] = []
            var runs: [[Run]] = []
            for region in regions {
                guard let id = region["id"] as? String, let texts = region["texts"] as? [String],
                    let styled = region["runs"] as? [[[String: Any]]], styled.count == texts.count
                else {
                    throw PeerDecoders.Failure.failed("ttconv (bad region)", "\(region)")
                }
                let placement = Placement(
                    region: id, origin: percent(region["origin"]), extent: percent(region["extent"]))
                shown += texts.map { (placement, $0) }
                runs += try styled.map { try $0.map(run) }
            }
            let keys = shown.map { "\($0.0)\u{0}\($0.1)" }
            // Close what is no longer shown; keep what still is; open what is new.
            var stillOpen: [(cue: Cue, key: String)] = []
            var remaining = keys
            for item in open {
                if let i = remaining.firstIndex(of: item.key) {
                    stillOpen.append(item)
                    remaining.remove(at: i)
                } else {
                    var cue = item.cue
                    cue.end = t
                    done.append(cue)
                }
            }
            for (index, (key, (placement, text))) in zip(keys, shown).enumerated() {
                guard let i = remaining.firstIndex(of: key) else { continue }
                remaining.remove(at: i)
                stillOpen.append(
                    (Cue(start: t, end: .infinity, text: text, placement: placement, runs: runs[index]), key))
            }
            open = stillOpen
        }
        return sorted(done + open.map(\.cue))
    }

    /// One run of the ttconv script's output.
    static func run(_ entry: [String: Any]) throws -> Run {
        guard let text = entry["text"] as? String, let color = entry["color"] as? [Int], color.count == 4,
            let background = entry["background"] as? [Int], background.count == 4,
            let italic = entry["italic"] as? Bool, let bold = entry["bold"] as? Bool,
            let underline = entry["underline"] as? Bool
        else { throw PeerDecoders.Failure.failed("ttconv (bad run)", "\(entry)") }
        return Run(text: text, color: color, background: background, italic: italic, bold: bold, underline: underline)
    }

    /// `[[v, "rw"], [v, "rh"]]` (lengths relative to the root container) as percentages.
    static func percent(_ value: Any?) -> [Double]? {
        guard let pair = value as? [[Any]], pair.count == 2 else { return nil }
        let values = pair.compactMap { length -> Double? in
            guard length.count == 2, let unit = length[1] as? String, ["rw", "rh", "%"].contains(unit) else {
                return nil
            }
            return (length[0] as? NSNumber)?.doubleValue
        }
        return values.count == 2 ? values : nil
    }

    /// Cues in the order compared: start, then region, then text.
    public static func sorted(_ cues: [Cue]) -> [Cue] {
        cues.sorted {
            ($0.start, $0.placement?.region ?? "", $0.text) < ($1.start, $1.placement?.region ?? "", $1.text)
        }
    }

    // MARK: - GStreamer

    /// `gst-launch-1.0 filesrc ! ttmlparse ! fakesink dump=true -v`: one cue per buffer ttmlparse
    /// pushes (a scene: every paragraph shown in that interval, their texts joined), with the
    /// buffer's pts and duration. The text is the buffer's bytes as fakesink dumps them (each
    /// text run is a NUL-terminated memory).
    public static func gstreamer(_ ttmlPath: String) throws -> [Cue] {
        let result = try CLIRunner.runProcess(
            try PeerDecoders.tool("gst-launch-1.0"),
            ["-v", "filesrc", "location=\(ttmlPath)", "!", "ttmlparse", "!", "fakesink", "dump=true", "silent=false"])
        guard result.status == 0 else { throw PeerDecoders.gstreamerFailure("ttmlparse", result) }
        return try parseGStreamerDump(result.stdout)
    }

    /// The buffers of a fakesink `dump=true -v` log: the chain messages give size, pts and
    /// duration; the hex dump lines (offset 00000000 starts a buffer) give the bytes.
    public static func parseGStreamerDump(_ log: String) throws -> [Cue] {
        var buffers: [(size: Int, pts: Double, duration: Double)] = []
        var dumps: [[UInt8]] = []
        for line in log.split(separator: "\n") {
            if let m = line.firstMatch(
                of: /last-message = chain .*?\((\d+) bytes, dts: [^,]+, pts: ([0-9:.]+), duration: ([0-9:.]+|none)/)
            {
                guard let size = Int(m.output.1), let pts = clock(m.output.2) else {
                    throw PeerDecoders.Failure.failed("ttmlparse (unparsable chain line)", String(line))
                }
                // GST_CLOCK_TIME_NONE prints as 5124093:24:32.709551616: no end.
                let duration = clock(m.output.3).flatMap { $0 > 1e7 ? nil : $0 } ?? .infinity
                buffers.append((size, pts, duration))
            } else if let m = line.firstMatch(of: /^([0-9a-f]{8}) \(0x[0-9a-f]+\): ((?:[0-9a-f]{2} )+)/) {
                let bytes = m.output.2.split(separator: " ").compactMap { UInt8($0, radix: 16) }
                if m.output.1 == "00000000" { dumps.append([]) }
                guard !dumps.isEmpty else { throw PeerDecoders.Failure.failed("ttmlparse (dump)", String(line)) }
                dumps[dumps.count - 1] += bytes
            }
        }
        guard buffers.count == dumps.count, zip(buffers, dumps).allSatisfy({ $0.size == $1.count }) else {
            throw PeerDecoders.Failure.failed(
                "ttmlparse (\(buffers.count) buffers, \(dumps.count) dumps of other sizes)", log)
        }
        return zip(buffers, dumps).map { buffer, bytes in
            let text = bytes.split(separator: 0, omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }.joined()
            return Cue(start: buffer.pts, end: buffer.pts + buffer.duration, text: text)
        }
    }

    /// `H:MM:SS.nnnnnnnnn` as seconds.
    static func clock(_ text: Substring) -> Double? {
        let parts = text.split(separator: ":")
        guard parts.count == 3, let h = Double(parts[0]), let m = Double(parts[1]), let s = Double(parts[2]) else {
            return nil
        }
        return h * 3600 + m * 60 + s
    }

    /// A box of lit pixels (``InkBox``).
    public typealias Ink = InkBox

    /// `ttmlparse ! ttmlrender` over black video (`width`×`height`, `rate` frames a second,
    /// `seconds` long): for each frame, the box of its pixels brighter than mid-grey (nil when
    /// nothing is drawn). GStreamer places each region's text from the region's origin and
    /// extent, so this is where GStreamer shows each cue.
    public static func gstreamerInk(
        _ ttmlPath: String, width: Int, height: Int, rate: Int, seconds: Int, in directory: TemporaryDirectory
    ) throws -> [Ink?] {
        let bytes = try gstreamerPictures(
            ttmlPath, format: "GRAY8", width: width, height: height, rate: rate, seconds: seconds, in: directory)
        let size = width * height
        return stride(from: 0, to: bytes.count, by: size).map { start in
            InkBox.of(width: width, count: size) { bytes[start + $0] > 128 }
        }
    }

    /// `ttmlparse ! ttmlrender` over black video, every frame's pixels in raw `format` ("GRAY8",
    /// one byte a pixel; "RGB", three), one frame after another.
    public static func gstreamerPictures(
        _ ttmlPath: String, format: String, width: Int, height: Int, rate: Int, seconds: Int,
        in directory: TemporaryDirectory
    ) throws -> [UInt8] {
        let raw = directory.path("ttmlrender.\(format.lowercased())")
        let result = try CLIRunner.runProcess(
            try PeerDecoders.tool("gst-launch-1.0"),
            [
                "-q", "videotestsrc", "pattern=black", "num-buffers=\(rate * seconds)", "!",
                "video/x-raw,width=\(width),height=\(height),framerate=\(rate)/1", "!", "ttmlrender", "name=r", "!",
                "videoconvert", "!", "video/x-raw,format=\(format)", "!", "filesink", "location=\(raw)",
                "filesrc", "location=\(ttmlPath)", "!", "ttmlparse", "!", "r.text_sink",
            ])
        guard result.status == 0 else { throw PeerDecoders.gstreamerFailure("ttmlrender", result) }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        let size = width * height * (format == "GRAY8" ? 1 : 3)
        guard bytes.count == size * rate * seconds else {
            throw PeerDecoders.Failure.failed("ttmlrender", "\(bytes.count) bytes for \(rate * seconds) frames")
        }
        return bytes
    }

    // MARK: - What the peers need changed

    /// The same document as conforming TTML1: `;` before the frames (a drop-frame habit, not
    /// TTML1 §10.3.1 syntax) written `:`, and a decimal `ttp:frameRate` such as "29.97" (§6.2.4
    /// wants an integer) given as its nearest integer — the reading our lenient reader gives
    /// with warnings. Conforming documents are returned unchanged.
    public static func conforming(_ text: String) -> String {
        var out = text.replacing(/(begin|end|dur)="(\d+:\d\d:\d\d);(\d+)"/) { m in
            "\(m.output.1)=\"\(m.output.2):\(m.output.3)\""
        }
        out = out.replacing(/ttp:frameRate="(\d+)\.(\d+)"/) { m in
            let value = Double("\(m.output.1).\(m.output.2)") ?? 0
            return "ttp:frameRate=\"\(Int(value.rounded()))\""
        }
        return out
    }

    /// The document as GStreamer's `ttmlparse` can read it: an `<?xml` declaration first, and each
    /// `begin`/`end` frame label `HH:MM:SS:FF` of a non-drop SMPTE (or media) time base written as
    /// the clock time it stands for, ((HH × 3600 + MM × 60 + SS) × frameRate + FF) frames at
    /// frameRate × frameRateMultiplier (TTML1 §6.2.4, §6.2.5, §10.3.1), to the millisecond.
    /// Throws for what this cannot rewrite (drop-frame labels, `dur`, offset times).
    public static func forGStreamer(_ text: String) throws -> String {
        let rate = text.firstMatch(of: /ttp:frameRate="(\d+)"/).flatMap { Int($0.output.1) } ?? 30
        let multiplier =
            text.firstMatch(of: /ttp:frameRateMultiplier="(\d+) (\d+)"/)
            .flatMap { m in Int(m.output.1).flatMap { a in Int(m.output.2).map { (a, $0) } } } ?? (1, 1)
        if text.contains(/ttp:dropMode="drop/) {
            throw PeerDecoders.Failure.failed("forGStreamer", "drop-frame labels")
        }
        if text.contains(/\sdur="/) { throw PeerDecoders.Failure.failed("forGStreamer", "dur attributes") }
        var out = text.replacing(/(begin|end)="(\d+):(\d\d):(\d\d):(\d+)"/) { m in
            let frames = ((Int(m.output.2)! * 60 + Int(m.output.3)!) * 60 + Int(m.output.4)!) * rate + Int(m.output.5)!
            // frames ÷ (rate × num/den) seconds, in whole milliseconds (rounded half up).
            let milliseconds = (2 * 1000 * frames * multiplier.1 + rate * multiplier.0) / (2 * rate * multiplier.0)
            let (h, rest) = milliseconds.quotientAndRemainder(dividingBy: 3_600_000)
            let (mi, rest2) = rest.quotientAndRemainder(dividingBy: 60_000)
            let (s, ms) = rest2.quotientAndRemainder(dividingBy: 1000)
            return "\(m.output.1)=\"" + String(format: "%02d:%02d:%02d.%03d", h, mi, s, ms) + "\""
        }
        if out.contains(/(begin|end)="[^"]*[^0-9:."][^"]*"/) {
            throw PeerDecoders.Failure.failed("forGStreamer", "offset times ttmlparse cannot read")
        }
        // GStreamer 1.22 draws a TTML1 §8.3.10 named colour as black (seen: "white" and "yellow"
        // text drawn black); the same colour as `#rrggbb` it draws right.
        out = out.replacing(/(tts:color|tts:backgroundColor)="([a-zA-Z]+)"/) { m in
            let name = m.output.2.lowercased()
            return "\(m.output.1)=\"\(Self.namedColors[name] ?? name)\""
        }
        if !out.hasPrefix("<?xml") { out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + out }
        return out
    }

    /// TTML1 §8.3.10's named colours, as the table there gives them.
    static let namedColors: [String: String] = [
        "transparent": "#00000000", "black": "#000000", "silver": "#c0c0c0", "gray": "#808080",
        "white": "#ffffff", "maroon": "#800000", "red": "#ff0000", "purple": "#800080", "fuchsia": "#ff00ff",
        "magenta": "#ff00ff", "green": "#008000", "lime": "#00ff00", "olive": "#808000", "yellow": "#ffff00",
        "navy": "#000080", "blue": "#0000ff", "teal": "#008080", "aqua": "#00ffff", "cyan": "#00ffff",
    ]
}
