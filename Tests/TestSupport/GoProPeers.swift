import Foundation

/// GoPro's own parser (PyPI `py-gpmf-parser`, bindings to gopro/gpmf-parser) and exiftool, run on
/// a movie, for comparison with our GPMF and mebx readers.
public enum GoProPeers {
    /// Each GPS sample as gpmf-parser scales it: [time, v1, v2, …]. The time is the payload's
    /// start plus i × duration ÷ count, from the payload times gpmf-parser reads
    /// (GetPayloadTime), without the extractor's fitted start offset.
    public static func gpmfParser(_ path: String, key: String = "GPS5") throws -> [[Double]] {
        let script = """
            import sys, json
            import py_gpmf_parser as p
            h = p.OpenMP4Source(sys.argv[1], p.MOV_GPMF_TRAK_TYPE, p.MOV_GPMF_TRAK_SUBTYPE, 0)
            out = []
            for i in range(p.GetNumberPayloads(h)):
                size = p.GetPayloadSize(h, i)
                res = p.GetPayloadResource(h, 0, size)
                payload = p.GetPayload(h, res, i, size)
                ret, t_in, t_out = p.GetPayloadTime(h, i)
                ret, s = p.GPMF_Init(payload, size)
                if ret != p.GPMF_ERROR.GPMF_OK: continue
                while p.GPMF_FindNext(s, p.Str2FourCC(sys.argv[2]), p.GPMF_RECURSE_LEVELS_AND_TOLERANT) == p.GPMF_ERROR.GPMF_OK:
                    n = p.GPMF_Repeat(s); e = p.GPMF_ElementsInStruct(s)
                    ret, data = p.GPMF_ScaledData(s, n * e * 8, 0, n, p.GPMF_SampleType.DOUBLE)
                    if ret != p.GPMF_ERROR.GPMF_OK: continue
                    for k in range(n):
                        out.append([t_in + k * (t_out - t_in) / n] + [float(x) for x in data[k*e:(k+1)*e]])
            p.CloseSource(h)
            print(json.dumps(out))
            """
        let result = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script, path, key])
        guard result.status == 0 else {
            throw PeerDecoders.Failure.failed("py-gpmf-parser (run `make test` to install it)", result.stderr)
        }
        // Output that is not a list of samples is an error, never "no sample".
        guard let samples = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[Double]] else {
            throw PeerDecoders.Failure.failed("py-gpmf-parser (unparsable output)", result.stdout + result.stderr)
        }
        return samples
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
