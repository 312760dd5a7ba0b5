import CEA708
import CaptionCore
import CaptionData

/// The CEA-708 half of a stream of `cc_data()`: the valid DTVCC constructs (`cc_type` 2 and 3)
/// of each picture, CDP or MCC line that carried any, in the order a decoder receives them
/// (presentation order), with their times. It is what ``CEA608Transmission`` is for the CEA-608
/// half, and is read the same way from A/53 video (SEI, MPEG-2 user data) and MCC files.
///
/// ``services(locating:)`` assembles the DTVCC packets (CTA-708-E §5) and splits their service
/// blocks (§6) per service; ``captions(service:end:language:locating:)`` decodes one service
/// into captions (§7–8, ``CEA708CaptionBuilder``). Only pictures with DTVCC data are kept: a
/// few bytes a frame at most, 1,200 bytes a second (9,600 bit/s, §4.3.6.1).
public struct DTVCCTransmission: Sendable, Hashable {
    /// The DTVCC constructs of one picture (or CDP, or MCC line).
    public struct Picture: Sendable, Hashable {
        /// When the picture is shown.
        public var time: MediaTime
        /// The caller's number for it (picture in decoding order, MCC line): what
        /// ``services(locating:)`` hands back to place a finding.
        public var number: Int
        public var constructs: [CCData.Construct]

        public init(time: MediaTime, number: Int, constructs: [CCData.Construct]) {
            self.time = time
            self.number = number
            self.constructs = constructs
        }
    }

    /// The pictures with DTVCC data, in the order a decoder receives them.
    public private(set) var pictures: [Picture] = []

    public init() {}

    /// Whether no picture carried DTVCC data.
    public var isEmpty: Bool { pictures.isEmpty }

    /// Adds a picture's constructs; its valid DTVCC constructs are kept (filler and CEA-608
    /// pairs are not).
    public mutating func add(_ constructs: some Sequence<CCData.Construct>, time: MediaTime, number: Int) {
        let dtvcc = constructs.filter { $0.valid && $0.type >= 2 }
        if !dtvcc.isEmpty { pictures.append(Picture(time: time, number: number, constructs: dtvcc)) }
    }

    /// Each service's data as it arrived, one chunk per service block at the time of the
    /// picture that completed its packet.
    public struct Services: Sendable {
        public var data: [Int: [(time: MediaTime, data: [UInt8])]] = [:]
        /// Lost packets and bad service blocks, located by `locating`.
        public var diagnostics: [Diagnostic] = []

        /// The service numbers present, in order.
        public var numbers: [Int] { data.keys.sorted() }
    }

    /// The services carried (CTA-708-E §5–6); `locating` places a picture's findings.
    public func services(locating: (Picture) -> DiagnosticLocation) -> Services {
        var assembler = DTVCCPacketAssembler()
        var services = Services()
        for picture in pictures {
            let location = locating(picture)
            for done in assembler.receive(picture.constructs, at: location) {
                let blocks = done.packet.serviceBlocks
                for problem in blocks.problems {
                    services.diagnostics.append(Diagnostic(.warning, "dtvcc.service-block", problem, at: location))
                }
                for block in blocks.blocks {
                    services.data[block.service, default: []].append((picture.time, block.data))
                }
            }
        }
        services.diagnostics = assembler.finish() + services.diagnostics
        return services
    }

    /// Service `service` decoded into captions (Specs/cea708.md), on the 16:9 grid; the last
    /// caption still shown ends at `end`. `notes` come first in the result; an absent service
    /// is an error that names the services present.
    public func captions(
        service: Int, end: MediaTime?, language: String?, name: String,
        locating: (Picture) -> DiagnosticLocation
    ) throws(CaptionTracksError) -> CaptionReadResult {
        try captions(
            service: service, of: services(locating: locating), end: end, language: language, name: name,
            locating: locating)
    }

    /// ``captions(service:end:language:name:locating:)`` from services already assembled
    /// (``services(locating:)`` once for every service read).
    public func captions(
        service: Int, of services: Services, end: MediaTime?, language: String?, name: String,
        locating: (Picture) -> DiagnosticLocation
    ) throws(CaptionTracksError) -> CaptionReadResult {
        guard let data = services.data[service] else {
            let present = services.numbers.map(String.init).joined(separator: ", ")
            throw CaptionTracksError(
                .missing,
                "\(name) carries no CEA-708 service \(service)"
                    + (present.isEmpty ? " (no DTVCC data at all)" : "; present: \(present)"))
        }
        let built = CEA708CaptionBuilder.read(data, wide: true, end: end)
        var document = built.document
        document.language = language
        let file = locating(pictures.first ?? Picture(time: .zero, number: 0, constructs: [])).file
        let located = built.diagnostics.map { d -> Diagnostic in
            var d = d
            if d.location.file == nil { d.location.file = file }
            return d
        }
        return CaptionReadResult(document: document, diagnostics: services.diagnostics + located)
    }
}
