import Foundation

/// GoPro's own parser (PyPI `py-gpmf-parser`, bindings to gopro/gpmf-parser) and exiftool, run on
/// a movie, for comparison with our GPMF and mebx readers.
public enum GoProPeers {
    /// A Python prelude: `payloads(path)` yields each GPMF payload of the movie's GPMF track as
    /// gpmf-parser reads it: its start and end times (GetPayloadTime) and a stream at its start.
    static let payloadReader = """
        import sys, json, calendar, datetime
        import py_gpmf_parser as p
        def payloads(path):
            h = p.OpenMP4Source(path, p.MOV_GPMF_TRAK_TYPE, p.MOV_GPMF_TRAK_SUBTYPE, 0)
            if h == 0: sys.exit("gpmf-parser cannot open a GPMF track in " + path)
            for i in range(p.GetNumberPayloads(h)):
                size = p.GetPayloadSize(h, i)
                res = p.GetPayloadResource(h, 0, size)
                payload = p.GetPayload(h, res, i, size)
                ret, t_in, t_out = p.GetPayloadTime(h, i)
                ret, s = p.GPMF_Init(payload, size)
                if ret == p.GPMF_ERROR.GPMF_OK: yield t_in, t_out, s
            p.CloseSource(h)

        """

    /// Runs `payloadReader` + `body` on `arguments`; the rows it prints as JSON.
    static func runPayloadScript(_ body: String, _ arguments: [String]) throws -> [[Double]] {
        let result = try CLIRunner.runProcess(
            try PeerDecoders.tool("python3"), ["-c", payloadReader + body] + arguments)
        guard result.status == 0 else {
            throw PeerDecoders.Failure.failed("py-gpmf-parser (run `make test` to install it)", result.stderr)
        }
        guard let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[Double]] else {
            throw PeerDecoders.Failure.failed("py-gpmf-parser", "not a JSON list: \(result.stdout.prefix(200))")
        }
        return rows
    }

    /// Each GPS sample as gpmf-parser scales it: [time, v1, v2, …]. The time is the payload's
    /// start plus i × duration ÷ count, from the payload times gpmf-parser reads
    /// (GetPayloadTime), without the extractor's fitted start offset.
    public static func gpmfParser(_ path: String, key: String = "GPS5") throws -> [[Double]] {
        let body = """
            out = []
            for t_in, t_out, s in payloads(sys.argv[1]):
                while p.GPMF_FindNext(s, p.Str2FourCC(sys.argv[2]), p.GPMF_RECURSE_LEVELS_AND_TOLERANT) == p.GPMF_ERROR.GPMF_OK:
                    n = p.GPMF_Repeat(s); e = p.GPMF_ElementsInStruct(s)
                    ret, data = p.GPMF_ScaledData(s, n * e * 8, 0, n, p.GPMF_SampleType.DOUBLE)
                    if ret != p.GPMF_ERROR.GPMF_OK: continue
                    for k in range(n):
                        out.append([t_in + k * (t_out - t_in) / n] + [float(x) for x in data[k*e:(k+1)*e]])
            print(json.dumps(out))
            """
        return try runPayloadScript(body, [path, key])
    }

    /// Each payload's `GPSU` as gpmf-parser reads it: [payload start (s), UTC seconds since 1970]
    /// for the payloads that carry one. GPSU is `yymmddhhmmss.sss`, the UTC of the payload's
    /// first GPS5 sample (GPMF documentation, "GPSU").
    public static func gpsUTC(_ path: String) throws -> [[Double]] {
        let body = """
            out = []
            for t_in, t_out, s in payloads(sys.argv[1]):
                if p.GPMF_FindNext(s, p.Str2FourCC("GPSU"), p.GPMF_RECURSE_LEVELS_AND_TOLERANT) == p.GPMF_ERROR.GPMF_OK:
                    text = bytes(p.GPMF_RawData(s))[:16].decode("ascii")
                    d = datetime.datetime.strptime(text[:12], "%y%m%d%H%M%S")
                    out.append([t_in, calendar.timegm(d.utctimetuple()) + float("0" + text[12:])])
            print(json.dumps(out))
            """
        return try runPayloadScript(body, [path])
    }

    /// `exiftool -ee -n -j -G3` on `path`: one dictionary per document (Doc1, Doc2… for the
    /// timed samples), tag name → value.
    public static func exiftool(_ path: String) throws -> [[String: Any]] {
        let result = try CLIRunner.runProcess(
            try PeerDecoders.tool("exiftool"), ["-ee", "-n", "-j", "-G3", "-api", "LargeFileSupport=1", path])
        guard result.status == 0 else { throw PeerDecoders.Failure.failed("exiftool", result.stderr) }
        guard let list = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]],
            let all = list.first
        else { throw PeerDecoders.Failure.failed("exiftool (unparsable output)", result.stdout + result.stderr) }
        // Group "DocN:Tag" keys by document.
        var docs: [Int: [String: Any]] = [:]
        for (key, value) in all {
            let parts = key.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].hasPrefix("Doc"), let n = Int(parts[0].dropFirst(3)) else { continue }
            docs[n, default: [:]][String(parts[1])] = value
        }
        return docs.keys.sorted().map { docs[$0] ?? [:] }
    }
}
