/// The kind of movie file a file's first bytes show: the one sniffer of the suite, used to
/// read a movie's captions (MP4/QuickTime boxes here, the others through libavformat's
/// demuxer) and by `captions` to hand a movie to `captions-media`. Caption files (SCC, iTT,
/// SRT, WebVTT, JSON) never match.
public enum MovieContainer: Sendable, Hashable {
    /// MP4 or QuickTime (ISO/IEC 14496-12 boxes), or a media segment of one.
    case isoBMFF
    /// An MPEG-2 transport stream (ISO/IEC 13818-1 §2.4.3.2).
    case mpegTransportStream
    /// An MPEG-2 program stream (ISO/IEC 13818-1 §2.5.3.3).
    case mpegProgramStream
    /// Matroska or WebM (EBML).
    case matroska
    /// RIFF AVI.
    case avi

    /// How many first bytes ``init(head:)`` looks at: three transport stream packets.
    public static let headLength = 3 * 188 + 4

    /// The container whose signature `head` (a file's first bytes, up to ``headLength``)
    /// starts with; nil for any other file.
    public init?(head: some Collection<UInt8>) {
        let b = Array(head.prefix(Self.headLength))
        if b.count >= 8 {
            // A box header of a type that starts such files (§4.3 `ftyp`; QuickTime files may
            // start with `moov`, `mdat`, `wide`, `free` or `skip`), or a media segment (§8.16.2
            // `styp`, `sidx`, `moof`, read to say that its initialization segment is missing).
            let type = String(decoding: b[4..<8], as: UTF8.self)
            let size = UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3])
            if ["ftyp", "moov", "mdat", "wide", "free", "skip", "styp", "sidx", "moof"].contains(type),
                size == 0 || size == 1 || size >= 8
            {
                self = .isoBMFF
                return
            }
        }
        // 188-byte packets, each from the sync byte 0x47: every packet start the head holds, and
        // at least two.
        if b.count > 188, stride(from: 0, to: b.count, by: 188).allSatisfy({ b[$0] == 0x47 }) {
            self = .mpegTransportStream
        } else if b.starts(with: [0x00, 0x00, 0x01, 0xBA]) {  // pack_start_code
            self = .mpegProgramStream
        } else if b.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {  // the EBML magic
            self = .matroska
        } else if b.count >= 12, b.starts(with: Array("RIFF".utf8)), b[8..<12].elementsEqual("AVI ".utf8) {
            self = .avi
        } else {
            return nil
        }
    }

    /// Whether the captions of such a movie are read through libavformat's demuxer
    /// (`StreamMovieReader`): transport and program streams and Matroska. MP4 and QuickTime are
    /// read box by box; AVI carries no caption data that is read.
    public var needsDemuxer: Bool {
        switch self {
        case .mpegTransportStream, .mpegProgramStream, .matroska: true
        case .isoBMFF, .avi: false
        }
    }
}
