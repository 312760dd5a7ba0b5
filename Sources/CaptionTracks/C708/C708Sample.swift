import CaptionData
import ISOBMFF

/// One sample of a QuickTime closed-caption track of format `c708`: a sequence of atoms, each
/// `ccdp` atom holding one SMPTE ST 334-2 caption distribution packet (CDP) whose `cc_data`
/// carries the CEA-608 pairs and the CEA-708 DTVCC constructs of one video frame. QTFF says
/// only that a `c708` sample holds CEA-708 data; the `ccdp` atom is how Apple's tools and
/// GStreamer's `qtmux`/`qtdemux` store it (one atom a sample, the whole CDP as its payload).
/// Unknown atoms are ignored, as QTFF asks of closed-caption samples. See
/// Specs/caption-tracks.md, "c708 samples".
public struct C708Sample: Sendable, Hashable {
    /// The CDPs' bytes, one a frame from the sample's start.
    public var packets: [[UInt8]]

    public init(packets: [[UInt8]]) { self.packets = packets }

    /// The sample's bytes: a `ccdp` atom for each packet.
    public var bytes: [UInt8] {
        var w = BoxWriter()
        for packet in packets {
            // A CDP is at most 255 bytes (cdp_length is 8 bits): never near a box's 4 GiB.
            try? w.box("ccdp") { (w: inout BoxWriter) in
                for b in packet { w.u8(b) }
            }
        }
        return w.bytes
    }

    /// A finding about a sample: its rule (`tracks.c708` for the atoms, the CDP reader's
    /// `cdp.*` for a packet) and a sentence the caller locates with the track, sample and time.
    public struct Problem: Sendable, Hashable {
        public var rule: String
        public var message: String
    }

    /// What reading a sample found: the packet of each `ccdp` atom that holds one (a damaged
    /// packet keeps the sections that read whole: ``CDP/read(_:)``), and what was wrong.
    public struct Reading: Sendable, Hashable {
        public var packets: [CDP]
        public var problems: [Problem]
    }

    /// The rule of the findings about a sample's atoms.
    public static let rule = "tracks.c708"

    /// Reads a sample's atoms. Never fails: a truncated `ccdp` atom gives the bytes it holds to
    /// the CDP reader, which says what is missing; an atom size that cannot be, bytes too few
    /// for an atom header and a sample without any `ccdp` atom are problems. Nothing else in the
    /// sample is lost. (Fuzz entry point: bytes → result.)
    public static func read(_ bytes: [UInt8]) -> Reading {
        read(bytes[...])
    }

    /// ``read(_:)`` of bytes held in a larger buffer (a read of several samples at once).
    static func read(_ bytes: ArraySlice<UInt8>) -> Reading {
        let base = bytes.startIndex
        var packets: [CDP] = []
        var problems: [Problem] = []
        func problem(_ message: String) { problems.append(Problem(rule: rule, message: message)) }
        var offset = 0
        var sawPacket = false
        while offset < bytes.count {
            guard let (type, size32, taken) = ClosedCaptionAtoms.header(in: bytes, at: offset) else {
                problem("\(bytes.count - offset) byte(s) after the last atom, too few for an atom header; ignored")
                break
            }
            let at = base + offset
            var size = taken
            if size < 8 {
                problem(
                    "the \(type) atom says it is \(size32) bytes, less than its own header; the rest of the sample is ignored"
                )
                break
            }
            if size > bytes.count - offset {
                let have = bytes.count - offset
                problem(
                    "the \(type) atom at byte \(offset) says \(size) bytes but the sample ends after \(have): truncated"
                )
                size = have
            }
            if type == "ccdp" {
                sawPacket = true
                let reading = CDP.read(bytes[(at + 8)..<(at + size)])
                // The CDP reader counts from the packet's first byte, the atom's ninth.
                for p in reading.problems {
                    problems.append(Problem(rule: p.rule, message: "the ccdp atom at byte \(offset): CDP \(p)"))
                }
                if let cdp = reading.cdp { packets.append(cdp) }
            }
            // QTFF: unrecognized atoms should be ignored.
            offset += size
        }
        if !sawPacket && !bytes.isEmpty {
            problem("no ccdp atom, the caption distribution packet every c708 sample holds")
        }
        return Reading(packets: packets, problems: problems)
    }
}
