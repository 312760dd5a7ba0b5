import CaptionCore
import CaptionData
import ISOBMFF

/// The CEA-608 words a video carries as A/53 `cc_data`, read picture by picture from any
/// container: the caller's demuxer hands on each compressed picture with its presentation time
/// (the Media module's `VideoPacketReader` does, for MPEG transport and program streams,
/// Matroska and anything else libavformat reads). MPEG-2 video keeps the data in picture user
/// data (``MPEG2UserDataReader``), H.264 and HEVC in SEI (``SEICaptionReader``), length-prefixed
/// or as a byte stream (Annex B). No picture is decoded.
///
/// Pictures arrive in decoding order; a decoder hands their caption data on in the order it
/// shows them, so ``transmission`` orders them by presentation time, as FFmpeg's decoders do.
public struct VideoStreamCaptions: Sendable {
    /// How the pictures hold their caption data.
    public enum Layout: Sendable, Hashable, CustomStringConvertible {
        /// MPEG-2 video (ISO/IEC 13818-2): `user_data()` before the slices.
        case mpeg2
        /// H.264 or HEVC NAL units after start codes (transport streams).
        case annexB(SEICaptionReader.Codec)
        /// H.264 or HEVC NAL units after big-endian lengths of this many bytes (`avcC`/`hvcC` in
        /// Matroska, MP4 read through libavformat).
        case lengthPrefixed(SEICaptionReader.Codec, Int)

        public var description: String {
            switch self {
            case .mpeg2: return "MPEG-2 video"
            case .annexB(let codec), .lengthPrefixed(let codec, _): return codec == .h264 ? "H.264" : "HEVC"
            }
        }
    }

    public let layout: Layout
    /// The file's name, for messages.
    public let fileName: String?
    /// What was wrong with pictures, located by picture number and time.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Pictures read so far.
    public private(set) var pictureCount = 0
    /// The languages the container announces for the caption services and line-21 fields (a
    /// transport stream's caption_service_descriptor, ``TransportStreamCaptionServices``).
    public var announced = TransportStreamCaptionServices()

    private var pictures: [PictureData] = []
    private var early = 0
    /// The latest presentation time read.
    private var lastTime: MediaTime?

    private struct PictureData: Sendable {
        var time: MediaTime
        var order: Int
        var pairs: [CEA608Transmission.TimedPair]
        /// The valid DTVCC constructs (CEA-708).
        var dtvcc: [CCData.Construct]
    }

    /// The reader for video in FFmpeg's codec `codecName` (`mpeg2video`, `h264`, `hevc`) with
    /// codec configuration `configuration` (FFmpeg's `extradata`: an `avcC`/`hvcC` record, whose
    /// first byte is its version 1, means length-prefixed NAL units; anything else a byte
    /// stream); nil for a codec that carries no A/53 data this reader knows.
    public init?(codecName: String, configuration: [UInt8], fileName: String?) {
        switch codecName {
        case "mpeg2video", "mpeg1video":
            layout = .mpeg2
        case "h264", "hevc":
            let codec: SEICaptionReader.Codec = codecName == "h264" ? .h264 : .hevc
            // ISO/IEC 14496-15 §5.3.3.1 (avcC byte 4) and §8.3.3.1 (hvcC byte 21):
            // lengthSizeMinusOne in the low two bits.
            let index = codec == .h264 ? 4 : 21
            if configuration.first == 1, configuration.count > index {
                layout = .lengthPrefixed(codec, Int(configuration[index] & 0x03) + 1)
            } else {
                layout = .annexB(codec)
            }
        default:
            return nil
        }
        self.fileName = fileName
    }

    /// Reads one picture (decoding order) shown at `presentationTime` (nil when the file gives
    /// none: the picture is then taken as shown right after the previous one read).
    public mutating func add(picture bytes: RawSpan, presentationTime: MediaTime?) {
        bytes.withUnsafeBytes { add(picture: $0, presentationTime: presentationTime) }
    }

    /// The same for `bytes` in memory (tests, and pictures read whole).
    public mutating func add(picture bytes: [UInt8], presentationTime: MediaTime?) {
        bytes.withUnsafeBytes { add(picture: $0, presentationTime: presentationTime) }
    }

    mutating func add(picture bytes: UnsafeRawBufferPointer, presentationTime: MediaTime?) {
        let index = pictureCount
        pictureCount += 1
        let reading: SEICaptionReader.Reading
        switch layout {
        case .mpeg2:
            reading = MPEG2UserDataReader.read(picture: bytes)
        case .annexB(let codec):
            reading = SEICaptionReader(codec: codec, lengthSize: 4).read(annexB: bytes)
        case .lengthPrefixed(let codec, let size):
            do {
                reading = try SEICaptionReader(codec: codec, lengthSize: size).read(sampleSize: bytes.count) {
                    (range: Range<Int>) throws(ISOBMFFError) in Array(bytes[range])
                }
            } catch {
                reading = SEICaptionReader.Reading(problems: [error.message])
            }
        }
        let time = presentationTime ?? pictures.last?.time ?? .zero
        if time.isNumeric, lastTime.map({ time > $0 }) ?? true { lastTime = time }
        for problem in reading.problems {
            diagnostics.append(Diagnostic(.warning, "tracks.a53", problem, at: location(picture: index, time: time)))
        }
        var pairs: [CEA608Transmission.TimedPair] = []
        var dtvcc: [CCData.Construct] = []
        for data in reading.ccData {
            guard time.isNumeric, time >= .zero else {
                early += data.pairs.count
                continue
            }
            for (field, pair) in data.pairs {
                pairs.append(CEA608Transmission.TimedPair(time: time, field: field, pair: pair))
            }
            // CTA-708-E §4.4: cc_type 2 and 3 carry DTVCC packets.
            if data.processCCData { dtvcc += data.constructs.filter { $0.valid && $0.type >= 2 } }
        }
        if !pairs.isEmpty || !dtvcc.isEmpty {
            pictures.append(PictureData(time: time, order: index, pairs: pairs, dtvcc: dtvcc))
        }
    }

    /// The pairs in presentation order (pictures of equal time keep their decoding order).
    public var transmission: CEA608Transmission { CEA608Transmission(pairs: presentationOrder.flatMap(\.pairs)) }

    /// The DTVCC constructs (CEA-708) in presentation order, numbered by picture (decoding
    /// order, from 0).
    public var dtvcc: DTVCCTransmission {
        var dtvcc = DTVCCTransmission()
        for picture in presentationOrder { dtvcc.add(picture.dtvcc, time: picture.time, number: picture.order) }
        return dtvcc
    }

    /// Both halves and what was noticed; a CEA-708 caption still shown ends with the last
    /// picture.
    public var reading: A53Reading {
        let name = name
        return A53Reading(
            transmission: transmission, dtvcc: dtvcc, diagnostics: allDiagnostics, end: lastTime,
            locating: { picture in Self.location(name: name, picture: picture.number, time: picture.time) })
    }

    private var presentationOrder: [PictureData] {
        pictures.sorted { $0.time != $1.time ? $0.time < $1.time : $0.order < $1.order }
    }

    /// Everything noticed: the container's and the pictures' problems, and pairs before the start.
    public var allDiagnostics: [Diagnostic] {
        let diagnostics = announced.diagnostics + diagnostics
        guard early > 0 else { return diagnostics }
        return diagnostics + [
            Diagnostic(
                .info, "tracks.before-start",
                "\(early) byte pair(s) fall before the movie's start and are not shown",
                at: DiagnosticLocation(file: fileName))
        ]
    }

    /// The captions `options` ask for: a CEA-608 channel through the SCC reader, or a CEA-708
    /// service (``A53Reading/captions(options:name:language:serviceLanguage:)``).
    /// Each in the language the container announces for its service, or for its channel's field:
    /// a service never takes a field's language, nor a channel a service's.
    public func captions(options: CaptionFormatOptions) throws(CaptionTracksError) -> CaptionReadResult {
        let announced = announced
        var read = try reading.captions(
            options: options, name: name, language: nil, serviceLanguage: { announced.services[$0] })
        let readAService =
            options.settings[CaptionFormatOptions.dtvccServiceSetting] != nil
            || read.diagnostics.contains { $0.ruleID == A53Reading.serviceRule }
        if !readAService, let field = CaptionField(channel: options.channel ?? 1),
            let language = announced.fields[field]
        {
            read.document.language = language
        }
        return read
    }

    /// What each channel and service holds, with the languages the container announces.
    public func census(name: String) -> CaptionSourceCensus {
        let announced = announced
        return reading.census(samples: pictureCount, name: name, serviceLanguage: { announced.services[$0] })
    }

    /// The words as an SCC file exactly as transmitted, labels from `options.startTimecode`
    /// (else 00:00:00;00).
    public func transmittedSCC(options: CaptionFormatOptions) throws(CaptionTracksError) -> (
        bytes: [UInt8], diagnostics: [Diagnostic]
    ) {
        (try transmission.transmittedSCC(options: options, firstTimecode: nil, fileName: fileName), allDiagnostics)
    }

    private var name: String { (fileName ?? "movie") + " video" }

    private func location(picture: Int, time: MediaTime) -> DiagnosticLocation {
        Self.location(name: name, picture: picture, time: time)
    }

    private static func location(name: String, picture: Int, time: MediaTime) -> DiagnosticLocation {
        let timecode = try? Timecode(time: time, rate: .fps29_97, dropFrame: true).description
        return DiagnosticLocation(file: name + " picture \(picture + 1)", timecode: timecode, time: time)
    }
}
