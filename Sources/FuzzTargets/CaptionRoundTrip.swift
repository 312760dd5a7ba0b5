import CaptionKit

/// The properties every caption reader keeps, whatever the bytes:
/// 1. it returns a document or throws a ``CaptionFormatError`` that names the file (never another
///    error, never a crash: libFuzzer catches those, and hangs and runaway memory with its
///    `-timeout` and `-rss_limit_mb`/`-malloc_limit_mb`);
/// 2. a document it accepts is either refused by the writer with a ``CaptionFormatError``, or
///    written to bytes that the reader reads back;
/// 3. writing the reread document gives the same bytes again: what the writer changes (SCC
///    places text on the 608 grid, iTT snaps times to frames) it changes once, or, after a write
///    that reported changes, twice at most;
/// 4. for a format whose writer reports every change it makes (`reportsEveryChange`: JSON, iTT),
///    a write with no warning reads back as the very document read: nothing is dropped or
///    moved silently.
public enum CaptionRoundTrip {
    static let fileName = "fuzz-input"

    /// `documented`: the changes the format's specification says its writer makes without a
    /// warning, applied to the document read before it is compared with the one read back.
    /// `settles`: check property 3; off only for a format with an open finding against it
    /// (kept under Fuzz/open/NAME/), so that fuzzing goes on finding other problems meanwhile.
    /// `derive`: the seeds a seed file gives (``FuzzTarget/derive``), such as
    /// ``CaptionSeeds/converting(to:)`` for a format with few fixtures of its own.
    public static func target(
        format name: String, reportsEveryChange: Bool = false, settles: Bool = true, seeds: [String],
        maximumInputBytes: Int = 65536, derive: (@Sendable (_ path: String, _ bytes: [UInt8]) -> [[UInt8]])? = nil,
        documented: @escaping @Sendable (_ read: CaptionDocument, _ reread: CaptionDocument) -> CaptionDocument = {
            read, _ in read
        }
    ) -> FuzzTarget {
        let format = try? CaptionFormatRegistry.standard.format(named: name)
        return FuzzTarget(name: name, seeds: seeds, maximumInputBytes: maximumInputBytes, derive: derive) {
            bytes throws(FuzzFinding) in
            guard let format else { throw FuzzFinding("no format \"\(name)\" is registered") }
            try check(
                bytes, format: format, reportsEveryChange: reportsEveryChange, settles: settles, documented: documented)
        }
    }

    /// Checks the properties above for `format` on one input. `changesTwice`: whether, for this
    /// first read, the writer may change the document once more without a warning (a format that
    /// carries it twice, where what one half changes shows in the other at the next write).
    public static func check(
        _ bytes: [UInt8], format: CaptionFormat, reportsEveryChange: Bool, settles: Bool = true,
        documented: (_ read: CaptionDocument, _ reread: CaptionDocument) -> CaptionDocument = { read, _ in read },
        rereading: (_ first: CaptionReadResult) -> [String: String] = { _ in [:] },
        changesTwice: (_ first: CaptionReadResult) -> Bool = { _ in false }
    ) throws(FuzzFinding) {
        guard let reader = format.reader, let writer = format.writer else {
            throw FuzzFinding("the \(format.name) format cannot be both read and written")
        }
        // A file's identity and creation time fixed (MCC's UUID= and Creation Date=), so that
        // two writes of one document can be compared byte for byte.
        let options = CaptionFormatOptions(
            fileName: fileName,
            settings: ["uuid": "00000000-0000-4000-8000-000000000000", "created": "2000-01-01T00:00:00Z"])
        guard let first = try read(bytes, with: reader, options: options, what: "the input") else { return }
        let written: CaptionWriteResult
        do {
            written = try writer(first.document, options)
        } catch let error as CaptionFormatError {
            try checkNamesFile(error, what: "the writer's error")
            return
        } catch {
            throw FuzzFinding("the writer threw \(type(of: error)) instead of a CaptionFormatError: \(error)")
        }
        // What we wrote is read the way the input was (the same CEA-708 service, say), when
        // the first read says how it went.
        var rereadOptions = options
        rereadOptions.settings.merge(rereading(first), uniquingKeysWith: { _, new in new })
        guard let second = try read(written.bytes, with: reader, options: rereadOptions, what: "the writer's output")
        else {
            throw FuzzFinding("the writer's output cannot be read back:\n\(text(written.bytes))")
        }
        let warned = written.diagnostics.contains { $0.severity >= .warning }
        if reportsEveryChange && !warned {
            let expected = normalized(documented(first.document, second.document))
            let reread = normalized(second.document)
            if reread != expected {
                throw FuzzFinding(
                    "write → read changed the document without a warning: \(difference(expected, reread))\n"
                        + "written:\n\(text(written.bytes))")
            }
        }
        guard settles else { return }
        let again = try rewrite(second.document, with: writer, options: options)
        if again.bytes == written.bytes { return }
        // A write that reported changes (a style code with no spare cell pushing text past the
        // last column, say) may change the document once more as it is read back; the next write
        // must then be the fixed point.
        guard warned || changesTwice(first),
            let third = try read(again.bytes, with: reader, options: rereadOptions, what: "the second output")
        else {
            throw FuzzFinding(
                "writing the reread document gave other bytes\nfirst:\n\(text(written.bytes))\nsecond:\n"
                    + text(again.bytes))
        }
        let last = try rewrite(third.document, with: writer, options: options)
        guard last.bytes == again.bytes else {
            throw FuzzFinding(
                "the writer does not settle: three writes gave three outputs\nsecond:\n\(text(again.bytes))\n"
                    + "third:\n\(text(last.bytes))")
        }
    }

    private static func rewrite(
        _ document: CaptionDocument,
        with writer: @Sendable (CaptionDocument, CaptionFormatOptions) throws -> CaptionWriteResult,
        options: CaptionFormatOptions
    ) throws(FuzzFinding) -> CaptionWriteResult {
        do {
            return try writer(document, options)
        } catch {
            throw FuzzFinding("the writer refused a document it had written and read back: \(error)")
        }
    }

    /// The reader's result, or nil when it refused the bytes with a proper error.
    private static func read(
        _ bytes: [UInt8], with reader: @Sendable ([UInt8], CaptionFormatOptions) throws -> CaptionReadResult,
        options: CaptionFormatOptions, what: String
    ) throws(FuzzFinding) -> CaptionReadResult? {
        do {
            return try reader(bytes, options)
        } catch let error as CaptionFormatError {
            try checkNamesFile(error, what: "the reader's error on \(what)")
            guard !error.message.isEmpty else { throw FuzzFinding("the reader's error on \(what) has no message") }
            return nil
        } catch {
            throw FuzzFinding("the reader threw \(type(of: error)) instead of a CaptionFormatError: \(error)")
        }
    }

    private static func checkNamesFile(_ error: CaptionFormatError, what: String) throws(FuzzFinding) {
        guard error.location.file == fileName else {
            throw FuzzFinding("\(what) does not name the file: \(error)")
        }
    }

    /// The document with each caption's runs normalized (neighbours of one style joined, empty
    /// runs dropped): how a reader splits text into runs carries nothing.
    static func normalized(_ document: CaptionDocument) -> CaptionDocument {
        var d = document
        for i in d.captions.indices { d.captions[i].runs = d.captions[i].normalizedRuns }
        return d
    }

    /// The first difference between two documents, short enough to read: the caption count,
    /// else the first caption that differs and each of its properties that does (every stored
    /// property, by reflection, so that one added to the model is named too), else the
    /// document's own properties.
    static func difference(_ a: CaptionDocument, _ b: CaptionDocument) -> String {
        if a.captions.count != b.captions.count {
            return "\(a.captions.count) captions became \(b.captions.count)"
        }
        for (i, (x, y)) in zip(a.captions, b.captions).enumerated() where x != y {
            return "caption \(i + 1): " + differingProperties(x, y)
        }
        var x = a
        var y = b
        x.captions = []
        y.captions = []
        return differingProperties(x, y)
    }

    /// The stored properties of `a` and `b` that differ (compared as values where they are
    /// hashable, by their descriptions otherwise), as "name a → b".
    static func differingProperties<T>(_ a: T, _ b: T) -> String {
        let parts = zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children).compactMap {
            x, y -> String? in
            let (p, q) = (String(describing: x.value), String(describing: y.value))
            if let u = x.value as? AnyHashable, let v = y.value as? AnyHashable {
                guard u != v else { return nil }
            } else if p == q {
                return nil
            }
            return "\(x.label ?? "?") \(p.prefix(300)) → \(q.prefix(300))"
        }
        return parts.isEmpty ? "a difference their descriptions do not show" : parts.joined(separator: "; ")
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes.prefix(4000), as: UTF8.self) }
}
