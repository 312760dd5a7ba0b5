import CaptionCore
import ISOBMFF

/// What every QuickTime closed-caption track shares, `c608` or `c708` (QuickTime File Format,
/// "Closed captioning media"): the `clcp` handler, QuickTime's base media header in a QuickTime
/// movie (a null one in MP4), a sample description of the standard header only, both language
/// forms, and the video's `clcp` reference to the track.
enum ClosedCaptionTrack {
    /// The track of `samples` in `format` (`c608`, `c708`) at `timescale`, its first sample
    /// `start` frames of `frameUnits` units after the movie's start (an empty edit), referred to
    /// by the video track `videoTrackID`.
    static func make(
        format: FourCC, quickTime: Bool, language: LanguageTag, timescale: Int64, frameUnits: Int64, start: Int64,
        samples: [NewTrack.Sample], videoTrackID: UInt32
    ) throws(CaptionTracksError) -> NewTrack {
        let (startUnits, overflow) = start.multipliedReportingOverflow(by: frameUnits)
        guard let ts = UInt32(exactly: timescale), !overflow, let offset = UInt64(exactly: startUnits) else {
            throw CaptionTracksError(.cannotWrite, "the caption data's first frame (\(start)) cannot be placed")
        }
        var track = NewTrack(
            handlerType: "clcp", handlerName: quickTime ? "Closed Caption Media Handler" : "ClosedCaptionHandler",
            mediaHeader: quickTime ? .generic(extra: []) : .null, sampleEntry: sampleEntry(format), timescale: ts,
            samples: samples, startOffset: offset, language: language.iso639_2,
            referencesFromExisting: [videoTrackID: "clcp"])
        track.extendedLanguage = language.bcp47
        return track
    }

    /// The sample description: the standard header and no more fields (QTFF, "Closed
    /// captioning sample description"): size 16, the format, 6 reserved bytes, data reference 1.
    static func sampleEntry(_ format: FourCC) -> [UInt8] {
        let code = format.rawValue
        return [0, 0, 0, 16] + [24, 16, 8, 0].map { UInt8(code >> UInt32($0) & 0xFF) } + [0, 0, 0, 0, 0, 0, 0, 1]
    }
}

/// The atoms of a closed-caption sample, `c608` or `c708` (QTFF, "Closed captioning sample
/// data": a sequence of atoms, each a 32-bit size, a type and its data).
enum ClosedCaptionAtoms {
    /// The header of the atom at `offset` (from the first of `bytes`): its type, the size it
    /// declares, and the size to take (the rest of the sample for a size of 0); nil when fewer
    /// than 8 bytes remain.
    static func header(in bytes: ArraySlice<UInt8>, at offset: Int) -> (type: FourCC, declared: Int, size: Int)? {
        guard bytes.count - offset >= 8 else { return nil }
        let at = bytes.startIndex + offset
        let declared = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        let type = FourCC(rawValue: bytes[(at + 4)..<(at + 8)].reduce(0) { $0 << 8 | UInt32($1) })
        return (type, declared, declared == 0 ? bytes.count - offset : declared)
    }
}
