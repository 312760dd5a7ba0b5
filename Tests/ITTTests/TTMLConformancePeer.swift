import Foundation
import TestSupport

/// ttconv (sandflow/ttconv, installed by `scripts/install-deps.sh --test`) as the independent
/// reader of TTML documents: its intermediate synchronic documents (TTML2 §11.3.1.3) with the
/// styles it computes, for many files in one Python process.
enum TTMLConformancePeer {
    /// One paragraph as ttconv shows it in one ISD: its runs (text, colour `#RRGGBBAA`, the
    /// nearest background of the span, p, div or body, font size `[value, unit]`, visibility)
    /// and its computed `tts:textAlign`.
    struct Paragraph: Decodable {
        var runs: [Run]
        var textAlign: String?
        var text: String { runs.map(\.text).joined() }
    }

    struct Run: Decodable {
        var text: String
        var color: String?
        var background: String?
        var fontSize: Length?
        var visibility: String?

        init(from decoder: Decoder) throws {
            var c = try decoder.unkeyedContainer()
            text = try c.decode(String.self)
            color = try c.decodeIfPresent(String.self)
            background = try c.decodeIfPresent(String.self)
            fontSize = try c.decodeIfPresent(Length.self)
            visibility = try c.decodeIfPresent(String.self)
        }
    }

    /// `[value, unit]`: ttconv's computed lengths are in `rw`/`rh` (percent of the root
    /// container's width/height).
    struct Length: Decodable {
        var value: Double
        var unit: String
        init(from decoder: Decoder) throws {
            var c = try decoder.unkeyedContainer()
            value = try c.decode(Double.self)
            unit = try c.decode(String.self)
        }
    }

    struct Region: Decodable {
        var id: String
        var origin: [Length]?
        var extent: [Length]?
        var displayAlign: String?
        var writingMode: String?
        /// The region's computed `tts:backgroundColor` (its area's fill), `#RRGGBBAA`.
        var background: String?
        var ps: [Paragraph]
    }

    struct ISD: Decodable {
        var time: [Int]
        var regions: [Region]
        var seconds: Double { Double(time[0]) / Double(time[1]) }
    }

    struct Reading: Decodable {
        var isds: [ISD]?
        var error: String?
    }

    /// ttconv's reading of each file (an `error` where ttconv failed).
    static func read(_ paths: [String]) throws -> [Reading] {
        let result = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script] + paths)
        guard result.status == 0 else { throw PeerDecoders.Failure.failed("ttconv (python3 -c)", result.stderr) }
        let readings = try JSONDecoder().decode([Reading].self, from: Data(result.stdout.utf8))
        guard readings.count == paths.count else {
            throw PeerDecoders.Failure.failed("ttconv", "\(readings.count) readings for \(paths.count) files")
        }
        return readings
    }

    static let script = #"""
        import sys, json, logging
        logging.disable(logging.CRITICAL)
        import xml.etree.ElementTree as ET
        import ttconv.imsc.reader as reader
        import ttconv.model as model
        import ttconv.style_properties as sp
        from ttconv.isd import ISD
        def color(c):
            if c is None: return None
            r,g,b,a = c.components
            return "#%02X%02X%02X%02X" % (r,g,b,a)
        def length(v): return [float(v.value), v.units.value]
        def runs_of(e, bg, out):
            if isinstance(e, (model.Rt, model.Rtc, model.Rp)): return
            own = e.get_style(sp.StyleProperties.BackgroundColor) if not isinstance(e, (model.Text, model.Br)) else None
            if own is not None and own.components[3] != 0: bg = own
            if isinstance(e, model.Br): out.append(["\n", None, None, None, None]); return
            if isinstance(e, model.Text):
                p = e.parent()
                fs = p.get_style(sp.StyleProperties.FontSize)
                vis = p.get_style(sp.StyleProperties.Visibility)
                out.append([e.get_text(), color(p.get_style(sp.StyleProperties.Color)), color(bg),
                            length(fs) if fs is not None else None, vis.value if vis is not None else None])
                return
            for c in e: runs_of(c, bg, out)
        def read(path):
            doc = reader.to_model(ET.parse(path))
            if doc is None: raise ValueError("ttconv read no document")
            out = []
            for t, isd in ISD.generate_isd_sequence(doc):
                regions = []
                for r in isd.iter_regions():
                    ps = []
                    def walk(e, bg):
                        own = e.get_style(sp.StyleProperties.BackgroundColor) if not isinstance(e, ISD.Region) else None
                        if own is not None and own.components[3] != 0: bg = own
                        if isinstance(e, model.P):
                            runs = []
                            runs_of(e, bg, runs)
                            ta = e.get_style(sp.StyleProperties.TextAlign)
                            ps.append({"runs": runs, "textAlign": ta.value if ta is not None else None})
                        else:
                            for c in e: walk(c, bg)
                    walk(r, None)
                    if not ps: continue
                    o = r.get_style(sp.StyleProperties.Origin); x = r.get_style(sp.StyleProperties.Extent)
                    da = r.get_style(sp.StyleProperties.DisplayAlign); wm = r.get_style(sp.StyleProperties.WritingMode)
                    regions.append({"id": r.get_id(), "origin": [length(o.x), length(o.y)] if o else None,
                                    "extent": [length(x.width), length(x.height)] if x else None,
                                    "displayAlign": da.value if da is not None else None,
                                    "writingMode": wm.value if wm is not None else None,
                                    "background": color(r.get_style(sp.StyleProperties.BackgroundColor)), "ps": ps})
                out.append({"time": [t.numerator, t.denominator], "regions": regions})
            return out
        results = []
        for path in sys.argv[1:]:
            try: results.append({"isds": read(path)})
            except Exception as e: results.append({"error": f"{type(e).__name__}: {e}"})
        print(json.dumps(results))
        """#
}
