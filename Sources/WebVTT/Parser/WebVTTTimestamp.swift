/// "Collect a WebVTT timestamp" (WebVTT §6.3, after the cue settings) and its text form.
enum WebVTTTimestamp {
    /// Hours beyond this many digits are refused rather than overflow (Specs/limits.md): 10^12
    /// hours is far past any media.
    static let maximumHourDigits = 12

    /// Collects a timestamp at `position` in `input`, moving `position` past it; nil when the
    /// algorithm returns an error. The result is in milliseconds.
    static func collect(_ input: ArraySlice<UInt8>, _ position: inout Int) -> Int64? {
        let end = input.endIndex
        func digits() -> ArraySlice<UInt8> {
            let start = position
            while position < end, WebVTTBytes.isDigit(input[position]) { position += 1 }
            return input[start..<position]
        }
        func value(_ s: ArraySlice<UInt8>) -> Int64 { s.reduce(0) { $0 * 10 + Int64($1 - 0x30) } }
        guard position < end, WebVTTBytes.isDigit(input[position]) else { return nil }
        let first = digits()
        guard first.count <= maximumHourDigits else { return nil }
        var value1 = value(first)
        // Not exactly two digits, or more than 59: the first field is hours.
        let hours = first.count != 2 || value1 > 59
        guard position < end, input[position] == 0x3A else { return nil }
        position += 1
        let second = digits()
        guard second.count == 2 else { return nil }
        var value2 = value(second)
        var value3: Int64
        if hours || (position < end && input[position] == 0x3A) {
            guard position < end, input[position] == 0x3A else { return nil }
            position += 1
            let third = digits()
            guard third.count == 2 else { return nil }
            value3 = value(third)
        } else {
            value3 = value2
            value2 = value1
            value1 = 0
        }
        guard position < end, input[position] == 0x2E else { return nil }
        position += 1
        let fraction = digits()
        guard fraction.count == 3 else { return nil }
        let value4 = value(fraction)
        guard value2 <= 59, value3 <= 59 else { return nil }
        return ((value1 * 60 + value2) * 60 + value3) * 1000 + value4
    }

    /// `hh:mm:ss.ttt` with every component and at least two hour digits (the form of §6.5's
    /// timestamp processing instructions, and what the writer emits).
    static func text(milliseconds ms: Int64) -> String {
        let clamped = max(0, ms)
        let hours = clamped / 3_600_000
        let minutes = clamped / 60_000 % 60
        let seconds = clamped / 1000 % 60
        let millis = clamped % 1000
        func pad(_ v: Int64, _ width: Int) -> String {
            let s = String(v)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        return "\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(millis, 3))"
    }
}
