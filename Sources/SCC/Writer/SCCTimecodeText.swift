// SCC timecode labels: SMPTE ST 12-1 HH:MM:SS:FF, `;` before the frames when drop-frame.
import CaptionCore

/// The bytes of timecode labels and hex words, without building strings.
enum SCCTimecodeText {
    /// Calls `body` with each of the 11 bytes of `HH:MM:SS;FF` (or `HH:MM:SS:FF`).
    @inline(__always)
    static func forEachByte(of timecode: Timecode, _ body: (UInt8) -> Void) {
        twoDigits(timecode.hours, body)
        body(UInt8(ascii: ":"))
        twoDigits(timecode.minutes, body)
        body(UInt8(ascii: ":"))
        twoDigits(timecode.seconds, body)
        body(timecode.dropFrame ? UInt8(ascii: ";") : UInt8(ascii: ":"))
        twoDigits(timecode.frames, body)
    }

    /// Calls `body` with the four lower-case hex digits of `word`.
    @inline(__always)
    static func forEachHexDigit(of word: UInt16, _ body: (UInt8) -> Void) {
        body(HexText.digit(UInt8(truncatingIfNeeded: word >> 12)))
        body(HexText.digit(UInt8(truncatingIfNeeded: word >> 8)))
        body(HexText.digit(UInt8(truncatingIfNeeded: word >> 4)))
        body(HexText.digit(UInt8(truncatingIfNeeded: word)))
    }

    @inline(__always)
    private static func twoDigits(_ value: Int, _ body: (UInt8) -> Void) {
        let clamped = UInt8(clamping: min(max(value, 0), 99))
        body(0x30 + clamped / 10)
        body(0x30 + clamped % 10)
    }
}
