import CaptionCore
import CaptionJSON
import CaptionTracks
import ITT
import SCC
import SRT
import WebVTT

/// The one place that lists every file format (one row per format), and picks a format by name,
/// by extension or by probing the bytes.
public struct CaptionFormatRegistry: Sendable {
    public let formats: [CaptionFormat]

    public init(formats: [CaptionFormat]) {
        self.formats = formats
    }

    /// Every format the suite supports.
    public static let standard = CaptionFormatRegistry(formats: [
        JSONCaptionFormat.descriptor,
        // Documents are conformed to CEA-608 (wrapped, placed on the grid, styles mapped) first.
        SCCFormat.descriptor.preparing(CEA608Preparation.prepare),
        ITTFormat.descriptor,
        // Read only yet: TTML profiles (IMSC 1.x Text, EBU-TT-D, DFXP, SMPTE-TT) through the
        // TTML core that iTT is a profile of (Specs/ttml.md).
        TTMLFormat.descriptor,
        SRTFormat.descriptor,
        WebVTTFormat.descriptor,
        // CEA-608 and CEA-708 in CDPs: the 608 half conformed to CEA-608 first as for SCC.
        MCCCaptionFormat.descriptor(conformingCEA608: CEA608Preparation.prepare),
        // Read only: the captions inside MP4 and QuickTime movies.
        MovieCaptionFormat.descriptor,
    ])

    /// The format called `name` (case-insensitive), or an error listing the known names.
    public func format(named name: String) throws(CaptionFormatError) -> CaptionFormat {
        let n = name.lowercased()
        if let f = formats.first(where: { $0.name == n || $0.extensions.contains(n) }) { return f }
        throw CaptionFormatError(
            .unknownFormat, "unknown format \"\(name)\"; known: \(formats.map(\.name).joined(separator: ", "))")
    }

    /// The format for `path`'s extension, if one claims it.
    public func format(forPath path: String) -> CaptionFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ext = path[path.index(after: dot)...].lowercased()
        return formats.first { $0.extensions.contains(ext) }
    }

    /// The format that probes `bytes` with the highest confidence, if any is above zero.
    public func probe(_ bytes: [UInt8]) -> CaptionFormat? {
        let head = bytes.prefix(65536)
        let scored = formats.map { ($0, $0.probe(head)) }.filter { $0.1 > 0 }
        return scored.max { $0.1 < $1.1 }?.0
    }

    /// How the message ends when the format of a file to read cannot be told: the parameter
    /// that names it (`CaptionFile.read(_:format:options:)`). A command line says its own flag
    /// instead (the `captions` CLI: `--from`).
    public static let readFormatHint = "name it with format:"

    /// How the message ends when the format of a file to write cannot be told
    /// (`CaptionFile.write(_:to:format:…)`; the `captions` CLI: `--to`).
    public static let writeFormatHint = "name the format to write with format:"

    /// Picks the input format: `name` if given, else the extension, else the probe.
    public func inputFormat(path: String, bytes: [UInt8], name: String?) throws(CaptionFormatError) -> CaptionFormat {
        if let name { return try format(named: name) }
        if let f = format(forPath: path), f.reader != nil { return f }
        if let f = probe(bytes), f.reader != nil { return f }
        throw CaptionFormatError(
            .unknownFormat,
            "cannot tell the format of \(path): \(Self.readFormatHint) (\(formats.map(\.name).joined(separator: ", ")))",
            at: DiagnosticLocation(file: path))
    }

    /// Picks the output format: `name` if given, else the extension.
    public func outputFormat(path: String, name: String?) throws(CaptionFormatError) -> CaptionFormat {
        if let name { return try format(named: name) }
        if let f = format(forPath: path) { return f }
        throw CaptionFormatError(
            .unknownFormat, "cannot tell the output format of \(path) from its extension: \(Self.writeFormatHint)",
            at: DiagnosticLocation(file: path))
    }
}
