import CaptionCore
import FoundationEssentials

/// The suite's own JSON format (Specs/json-format.md): the caption model as JSON, lossless.
public enum JSONCaptionFormat {
    public static let descriptor = CaptionFormat(
        name: "json", title: "captions JSON (lossless model)", extensions: ["json"],
        probe: probe, reader: { try read($0, options: $1) }, writer: { try write($0, options: $1) })

    /// 100 when the text declares `"format": "captions-json"`, 20 for any JSON object.
    public static func probe(_ bytes: ArraySlice<UInt8>) -> Int {
        guard let first = bytes.first(where: { ![9, 10, 13, 32].contains($0) }), first == UInt8(ascii: "{")
        else { return 0 }
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        return head.contains("\"\(CaptionDocument.jsonFormatIdentifier)\"") ? 100 : 20
    }

    /// Reads a document; time-order problems are reported as diagnostics.
    public static func read(_ bytes: [UInt8], options: CaptionFormatOptions = .init()) throws -> CaptionReadResult {
        let document: CaptionDocument
        do {
            var reader = JSONCaptionReader(bytes)
            document = try reader.readDocument()
        } catch {
            throw CaptionFormatError(
                .unreadable, error.message,
                at: DiagnosticLocation(file: options.fileName, line: error.line, column: error.column))
        }
        var diagnostics: [Diagnostic] = []
        for (i, caption) in document.captions.enumerated() {
            let r = caption.timeRange
            let at = DiagnosticLocation(file: options.fileName, time: r.start)
            if !r.start.isNumeric || !r.end.isNumeric {
                diagnostics.append(
                    Diagnostic(.error, "json.time", "caption \(i + 1) has a non-numeric time \(r)", at: at))
            } else if r.duration < .zero {
                diagnostics.append(
                    Diagnostic(
                        .error, "json.time-order", "caption \(i + 1) ends (\(r.end)) before it starts (\(r.start))",
                        at: at, suggestedFix: "swap startTime and endTime"))
            }
        }
        return CaptionReadResult(document: document, diagnostics: diagnostics)
    }

    /// Writes pretty-printed JSON with sorted keys: the same document always gives the same bytes.
    public static func write(_ document: CaptionDocument, options: CaptionFormatOptions = .init()) throws
        -> CaptionWriteResult
    {
        var writer = JSONCaptionWriter(capacity: 256 + document.captions.count * 512)
        writer.write(document)
        return CaptionWriteResult(bytes: writer.bytes)
    }

    /// Turns a decoding error into "at captions[3].startTime: expected …".
    static func describe(_ error: DecodingError) -> String {
        func path(_ p: [CodingKey]) -> String {
            var s = ""
            for key in p {
                if let i = key.intValue {
                    s += "[\(i)]"
                } else {
                    s += s.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return s.isEmpty ? "top level" : s
        }
        switch error {
        case .dataCorrupted(let c):
            var detail = c.debugDescription
            if let underlying = c.underlyingError { detail += " (\(underlying))" }
            return "invalid JSON at \(path(c.codingPath)): \(detail)"
        case .keyNotFound(let key, let c):
            return "missing key \"\(key.stringValue)\" at \(path(c.codingPath)): \(c.debugDescription)"
        case .typeMismatch(let type, let c):
            return "at \(path(c.codingPath)): expected \(type): \(c.debugDescription)"
        case .valueNotFound(let type, let c):
            return "at \(path(c.codingPath)): expected a \(type) value, found null"
        @unknown default:
            return "invalid JSON: \(error)"
        }
    }
}
