import CaptionCore
import CaptionData

/// The caption services a transport stream's program map announces: ATSC A/65 §6.9.2's
/// caption_service_descriptor (tag 0x86, Table 6.26), in the PMT (ISO/IEC 13818-1 §2.4.4.8) in
/// the video stream's descriptor loop or, for the whole program, in its program_info loop.
/// Each entry names a language (ISO 639-2) for a CEA-708 service or a line-21 field (Specs/
/// caption-tracks.md, "Languages in a transport stream").
public struct TransportStreamCaptionServices: Sendable, Hashable {
    /// Each CEA-708 service's language.
    public var services: [Int: String] = [:]
    /// The CEA-608 language of each line-21 field.
    public var fields: [CaptionField: String] = [:]
    /// What reading found (a section whose CRC is wrong, a descriptor cut short), located by
    /// packet.
    public var diagnostics: [Diagnostic] = []

    /// The descriptor's tag (A/65 Table 6.25).
    static let descriptorTag: UInt8 = 0x86
    /// How much of a file's head is read for its PAT and PMT, which a multiplex repeats at least
    /// every 100 ms (A/65 §4.1; ISO/IEC 13818-1 §2.4.4.10 allows up to 0.7 s).
    public static let headSize = 4 << 20

    public init() {}

    /// The PMT of the program that carries elementary stream `videoPID`, read from `bytes` (the
    /// head of a transport stream): nil when they hold no PAT and PMT for it, or when they are
    /// not a transport stream.
    public static func read(_ bytes: [UInt8], videoPID: Int, fileName: String?) -> TransportStreamCaptionServices? {
        guard var sections = TransportStreamSections(bytes) else { return nil }
        var pmtPIDs = Set<Int>()
        var found: TransportStreamCaptionServices?
        var problems: [Diagnostic] = []
        func location(_ packet: Int) -> DiagnosticLocation {
            DiagnosticLocation(file: (fileName ?? "transport stream") + " packet \(packet + 1)")
        }
        // Sections failing their CRC: one warning for all, at the first (a multiplex repeats its
        // PAT and PMT ten times a second, so a broken one fails at every repetition).
        var failed: (first: Int, count: Int, tables: Set<UInt8>)?
        sections.forEachSection(in: bytes, pids: { pmtPIDs.union([0]) }) { section in
            let s = section.bytes
            guard s.count >= 12, s[1] & 0x80 != 0 else { return true }  // long form only
            guard TransportStreamSections.crc32(s) == 0 else {
                var f = failed ?? (section.packet, 0, [])
                f.count += 1
                f.tables.insert(s[0])
                failed = f
                return true
            }
            let body = s[8..<(s.count - 4)]
            switch s[0] {
            case 0x00:  // PAT (§2.4.4.3): program_number, PID pairs; program 0 is the network PID.
                var at = body.startIndex
                while at + 4 <= body.endIndex {
                    let program = Int(body[at]) << 8 | Int(body[at + 1])
                    if program != 0 { pmtPIDs.insert(Int(body[at + 2] & 0x1F) << 8 | Int(body[at + 3])) }
                    at += 4
                }
                return true
            case 0x02:  // PMT (§2.4.4.8)
                guard let services = Self.programMap(body, videoPID: videoPID, location: location(section.packet))
                else { return true }
                found = services
                return false
            default:
                return true
            }
        }
        if let failed {
            let tables = failed.tables.sorted().map { "0x" + String($0, radix: 16) }.joined(separator: ", ")
            let what =
                failed.count == 1
                ? "a section (table_id \(tables)) fails" : "\(failed.count) sections (table_id \(tables)) fail"
            problems.insert(
                Diagnostic(
                    .warning, "tracks.ts-section",
                    "\(what) its CRC_32 (ISO/IEC 13818-1 Annex A); not read",
                    at: location(failed.first)), at: 0)
        }
        guard var found else {
            guard !problems.isEmpty else { return nil }
            var none = TransportStreamCaptionServices()
            none.diagnostics = problems
            return none
        }
        found.diagnostics = problems + found.diagnostics
        return found
    }

    /// The services a PMT's body (after section_number and last_section_number, before the
    /// CRC) gives, when the program carries `videoPID`: the video stream's descriptors first,
    /// then the program's.
    static func programMap(_ body: ArraySlice<UInt8>, videoPID: Int, location: DiagnosticLocation)
        -> TransportStreamCaptionServices?
    {
        let b = Array(body)
        guard b.count >= 4 else { return nil }
        let programInfoLength = Int(b[2] & 0x0F) << 8 | Int(b[3])
        guard 4 + programInfoLength <= b.count else { return nil }
        let programDescriptors = b[4..<(4 + programInfoLength)]
        var at = 4 + programInfoLength
        while at + 5 <= b.count {
            let pid = Int(b[at + 1] & 0x1F) << 8 | Int(b[at + 2])
            let length = Int(b[at + 3] & 0x0F) << 8 | Int(b[at + 4])
            let end = min(at + 5 + length, b.count)
            if pid == videoPID {
                var result = TransportStreamCaptionServices()
                for descriptors in [b[(at + 5)..<end], programDescriptors] {
                    result.take(descriptors, location: location)
                }
                return result
            }
            at = end
        }
        return nil
    }

    /// Reads the caption_service_descriptors of a descriptor loop; the first entry for a
    /// service or field holds.
    mutating func take(_ loop: ArraySlice<UInt8>, location: DiagnosticLocation) {
        var at = loop.startIndex
        while at + 2 <= loop.endIndex {
            let tag = loop[at]
            let length = Int(loop[at + 1])
            let end = at + 2 + length
            guard end <= loop.endIndex else {
                diagnostics.append(
                    Diagnostic(
                        .warning, "tracks.ts-descriptor",
                        "a descriptor (tag 0x\(String(tag, radix: 16))) runs past its loop; the rest of the loop is not read",
                        at: location))
                return
            }
            if tag == Self.descriptorTag { takeCaptionServices(loop[(at + 2)..<end], location: location) }
            at = end
        }
    }

    /// A/65 Table 6.26: reserved(3) number_of_services(5); each service 6 bytes: language (3,
    /// ISO 639-2), digital_cc(1) reserved(1) then caption_service_number(6) or reserved(5)
    /// line21_field(1), easy_reader(1) wide_aspect_ratio(1) reserved(14).
    mutating func takeCaptionServices(_ d: ArraySlice<UInt8>, location: DiagnosticLocation) {
        guard let count = d.first.map({ Int($0 & 0x1F) }) else { return }
        var at = d.startIndex + 1
        for _ in 0..<count {
            guard at + 6 <= d.endIndex else {
                diagnostics.append(
                    Diagnostic(
                        .warning, "tracks.ts-descriptor",
                        "a caption_service_descriptor announces \(count) services but holds fewer (ATSC A/65 Table 6.26)",
                        at: location))
                return
            }
            let code = String(decoding: d[at..<(at + 3)], as: UTF8.self)
            let flags = d[at + 3]
            at += 6
            let language = code.allSatisfy({ $0.isASCII && $0.isLetter }) ? code.lowercased() : nil
            guard let language, language != "und" else { continue }
            if flags & 0x80 != 0 {
                let service = Int(flags & 0x3F)
                if DTVCCServiceBlock.serviceNumbers.contains(service), services[service] == nil {
                    services[service] = language
                }
            } else {
                let field: CaptionField = flags & 0x01 == 0 ? .one : .two
                if fields[field] == nil { fields[field] = language }
            }
        }
    }
}
