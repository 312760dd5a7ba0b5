import CaptionCore
import CaptionData
import Foundation

/// Writes MacCaption MCC files: the signature, MacCaption's header comment (which its
/// permission notice asks every generated file to include), `UUID=`, `Creation Program=`,
/// `Creation Date=`, `Creation Time=`, `Time Code Rate=`, then one line per frame: the label, a
/// tab, and the VANC packet (DID 61, SDID 01, data count, the CDP, the 8-bit ANC checksum) with
/// MacCaption's abbreviations. CR LF line ends, as MacCaption, Premiere Pro and GStreamer write.
/// The text is returned; the caller writes it through the project's safe output.
public struct MCCWriter: Sendable {
    public var version: MCCFormat.Version
    public var timeCodeRate: MCCTimeCodeRate
    public var uuid: String
    public var creationProgram: String
    public var creationDate: String
    public var creationTime: String

    /// One line: its label and its packet.
    public struct Frame: Sendable, Hashable {
        public var timecode: Timecode
        public var cdp: CDP

        public init(timecode: Timecode, cdp: CDP) {
            self.timecode = timecode
            self.cdp = cdp
        }
    }

    /// A writer with a fresh UUID and the creation date and time of `date` in `timeZone`.
    public init(
        version: MCCFormat.Version = .v1, timeCodeRate: MCCTimeCodeRate, creationProgram: String = "captions",
        uuid: UUID = UUID(), date: Date = Date(), timeZone: TimeZone = .current
    ) {
        self.version = version
        self.timeCodeRate = timeCodeRate
        self.uuid = uuid.uuidString
        self.creationProgram = creationProgram
        let (day, time) = Self.creation(date, timeZone: timeZone)
        creationDate = day
        creationTime = time
    }

    /// `Thursday, June 04, 2015` and `13:48:25`, as MacCaption writes them (English names).
    static func creation(_ date: Date, timeZone: TimeZone) -> (String, String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute, .second], from: date)
        let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        func two(_ v: Int?) -> String { let v = v ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        let day =
            "\(days[((c.weekday ?? 1) - 1) % 7]), \(months[((c.month ?? 1) - 1) % 12]) \(two(c.day)), \(c.year ?? 1970)"
        return (day, "\(two(c.hour)):\(two(c.minute)):\(two(c.second))")
    }

    /// The header, through the blank line before the first data line.
    public var header: String {
        let rates = version == .v1 ? "24, 25, 30, 30DF, 50, 60" : "24, 25, 30, 30DF, 50, 60, 60DF"
        var lines = ["File Format=MacCaption_MCC V\(version.rawValue)", ""]
        lines += MCCWriter.commentBlock(rates: rates)
        lines += [
            "", "UUID=\(uuid)", "Creation Program=\(creationProgram)", "Creation Date=\(creationDate)",
            "Creation Time=\(creationTime)", "Time Code Rate=\(timeCodeRate)", "",
        ]
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// The data line of one frame (without its line end); nil when the CDP cannot be written.
    public func line(_ frame: Frame) -> String? {
        guard let cdp = frame.cdp.bytes else { return nil }
        var anc: [UInt8] = [0x61, 0x01, UInt8(cdp.count)] + cdp
        anc.append(anc.reduce(UInt8(0)) { $0 &+ $1 })
        // Colons even for drop-frame labels (the rate line says DF): Premiere Pro writes them so,
        // and FFmpeg 5.1's MCC reader takes no other separator (it reads no line with `;`). A
        // label printed as non-drop has them; the fields are the same.
        var label = frame.timecode
        label.dropFrame = false
        return "\(label.description)\t\(MCCRunLength.encode(anc))"
    }

    /// The whole file. Throws when a frame's CDP cannot be written (too long) or a label is
    /// not valid at the time code rate.
    public func render(_ frames: [Frame]) throws(CaptionFormatError) -> [UInt8] {
        var text = header
        for (i, f) in frames.enumerated() {
            do throws(TimecodeError) {
                try f.timecode.validate(rate: timeCodeRate.frameRate)
            } catch {
                throw CaptionFormatError(.cannotWrite, "frame \(i + 1): \(error)")
            }
            guard let line = line(f) else {
                throw CaptionFormatError(
                    .cannotWrite,
                    "frame \(i + 1) (\(f.timecode)): its CDP is longer than 255 bytes or holds too many constructs")
            }
            text += line + "\r\n"
        }
        return Array(text.utf8)
    }

    /// MacCaption's header comment, which its permission notice asks every generated file to
    /// include ("This entire descriptive information text…"): the format and the abbreviations.
    static func commentBlock(rates: String) -> [String] {
        let rule = String(repeating: "/", count: 83)
        var lines = [
            rule,
            "// Computer Prompting and Captioning Company",
            "// Ancillary Data Packet Transfer File",
            "//",
            "// Permission to generate this format is granted provided that",
            "//   1. This ANC Transfer file format is used on an as-is basis and no warranty is given, and",
            "//   2. This entire descriptive information text is included in a generated .mcc file.",
            "//",
            "// General file format:",
            "//   HH:MM:SS:FF(tab)[Hexadecimal ANC data in groups of 2 characters]",
            "//     Hexadecimal data starts with the Ancillary Data Packet DID (Data ID defined in S291M)",
            "//       and concludes with the Check Sum following the User Data Words.",
            "//     Each time code line must contain at most one complete ancillary data packet.",
            "//     To transfer additional ANC Data successive lines may contain identical time code.",
            "//     Time Code Rate=[\(rates)]",
            "//",
            "//   ANC data bytes may be represented by one ASCII character according to the following schema:",
        ]
        for n in 1...9 {
            let letter = String(UnicodeScalar(UInt8(ascii: "F") + UInt8(n)))
            lines.append(n == 1 ? "//     \(letter)  FAh 00h 00h" : "//     \(letter)  \(n) x (FAh 00h 00h)")
        }
        lines += [
            "//     P  FBh 80h 80h", "//     Q  FCh 80h 80h", "//     R  FDh 80h 80h", "//     S  96h 69h",
            "//     T  61h 01h", "//     U  E1h 00h 00h 00h", "//     Z  00h", "//", rule,
        ]
        return lines
    }
}
