import CaptionData
import ISOBMFF

/// One sample of a QuickTime closed-caption track of format `c608` (QuickTime File Format,
/// "Closed captioning sample data"): a sequence of atoms, one of which must be `cdat`, holding
/// the CEA-608 byte pairs of field 1 (CC1, CC2), one pair per video frame from the sample's
/// time on; `cdt2` holds field 2 (CC3, CC4) the same way. Unknown atoms are ignored, as QTFF
/// asks. See Specs/caption-tracks.md.
public struct C608Sample: Sendable, Hashable {
    /// Field 1 pairs, one per video frame from the sample's start.
    public var field1: [CEA608BytePair]
    /// Field 2 pairs.
    public var field2: [CEA608BytePair]

    public init(field1: [CEA608BytePair] = [], field2: [CEA608BytePair] = []) {
        self.field1 = field1
        self.field2 = field2
    }

    /// The pairs of `field`.
    public func pairs(_ field: CaptionField) -> [CEA608BytePair] { field == .one ? field1 : field2 }

    /// The sample's bytes: `cdat` always (QTFF requires it; it holds filler when only field 2
    /// has data), then `cdt2` when field 2 has pairs.
    public var bytes: [UInt8] {
        var w = BoxWriter()
        let first =
            field1.isEmpty && !field2.isEmpty ? [CEA608BytePair](repeating: .padding, count: field2.count) : field1
        for (type, pairs) in [("cdat", first), ("cdt2", field2)] as [(FourCC, [CEA608BytePair])] where !pairs.isEmpty {
            // A sample of a few pairs: never near the 4 GiB a box size can say.
            try? w.box(type) { (w: inout BoxWriter) in
                for p in pairs {
                    w.u8(p.first)
                    w.u8(p.second)
                }
            }
        }
        return w.bytes
    }

    /// What reading a sample found: its pairs and what was wrong with it (each a sentence,
    /// located by the caller with the track, sample number and time).
    public struct Reading: Sendable, Hashable {
        public var sample: C608Sample
        public var problems: [String]
    }

    /// Reads a sample's atoms. Never fails: a truncated atom gives the complete pairs it holds
    /// and a problem; a missing `cdat`, an odd byte count or an atom size that cannot be are
    /// problems too. Nothing else in the sample is lost. (Fuzz entry point: bytes → result.)
    public static func read(_ bytes: [UInt8]) -> Reading {
        read(bytes[...])
    }

    /// ``read(_:)`` of bytes held in a larger buffer (a read of several samples at once).
    static func read(_ bytes: ArraySlice<UInt8>) -> Reading {
        // Offsets count from the sample's first byte.
        let base = bytes.startIndex
        var sample = C608Sample()
        var problems: [String] = []
        var offset = 0
        var sawData = false
        while offset < bytes.count {
            guard let (type, size32, taken) = ClosedCaptionAtoms.header(in: bytes, at: offset) else {
                problems.append(
                    "\(bytes.count - offset) byte(s) after the last atom, too few for an atom header; ignored")
                break
            }
            let at = base + offset
            var size = taken
            if size < 8 {
                problems.append(
                    "the \(type) atom says it is \(size32) bytes, less than its own header; the rest of the sample is ignored"
                )
                break
            }
            if size > bytes.count - offset {
                let have = bytes.count - offset
                problems.append(
                    "the \(type) atom says \(size) bytes but the sample ends after \(have): truncated; its complete pairs are read"
                )
                size = have
            }
            let payload = bytes[(at + 8)..<(at + size)]
            switch type {
            case "cdat", "cdt2":
                if type == "cdat" { sawData = true }
                if payload.count % 2 != 0 {
                    problems.append(
                        "the \(type) atom holds \(payload.count) bytes, not whole byte pairs; the last byte is ignored")
                }
                var pairs: [CEA608BytePair] = []
                pairs.reserveCapacity(payload.count / 2)
                var i = payload.startIndex
                while i + 1 < payload.endIndex {
                    pairs.append(CEA608BytePair(payload[i], payload[i + 1]))
                    i += 2
                }
                if type == "cdat" { sample.field1 += pairs } else { sample.field2 += pairs }
            default:
                // QTFF: unrecognized atoms should be ignored.
                break
            }
            offset += size
        }
        if !sawData && !bytes.isEmpty {
            problems.append("no cdat atom, which every c608 sample must have (QuickTime File Format)")
        }
        return Reading(sample: sample, problems: problems)
    }
}
