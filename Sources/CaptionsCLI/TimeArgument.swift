import ArgumentParser
import CaptionKit

/// A time given in an option: a timecode at the document's rate (`HH:MM:SS:FF`, or `HH:MM:SS;FF`
/// drop-frame; SMPTE ST 12-1) or decimal seconds (`12.5`).
public enum TimeArgument {
    /// The media time `text` names for `option` (used in the message when it names none).
    public static func parse(_ text: String, option: String, rate: FrameRate) throws(Exit.Failure) -> MediaTime {
        guard text.contains(":") || text.contains(";") else {
            guard let seconds = MediaTime(decimalSeconds: Substring(text)) else {
                throw Exit.Failure("\(option) \(text) is neither a timecode HH:MM:SS:FF nor seconds")
            }
            return seconds
        }
        do {
            return try Timecode(text, rate: rate).mediaTime(at: rate)
        } catch {
            throw Exit.Failure("\(option) \(text): \(error)")
        }
    }

    /// The seconds `text` gives for `option`: a decimal number, optionally followed by "s"
    /// (`2.5`, `2.5s`, `-1`); a ValidationError, with the option's name, for anything else.
    public static func seconds(_ text: String, option: String) throws(ValidationError) -> MediaTime {
        let number = text.hasSuffix("s") ? text.dropLast() : Substring(text)
        guard let seconds = MediaTime(decimalSeconds: number) else {
            throw ValidationError("\(option) \(text): expected seconds such as 2.5, 2.5s or -1")
        }
        return seconds
    }
}
