// Times in XDS packets. Source: CTA-608-E Table 15 (Program Identification Number: minute, hour,
// date, month with the T bit), Table 16 (Length/Time-in-Show), §9.5.4.1 and Table 36 (Time of
// Day: the same four characters with D, L and Z, then day of the week and year since 1990).
// The values are made only by the decoder, so their memberwise initialisers are Swift's own
// (internal; the tests reach them with `@testable import`).

/// A program's scheduled start, UTC (Program Identification Number, §9.5.1.1).
public struct XDSScheduledStart: Hashable, Sendable, CustomStringConvertible {
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    /// The T bit: the program is routinely tape delayed for the Mountain and Pacific zones.
    public var tapeDelayed: Bool = false

    /// `month-day hour:minute UTC`, two digits each.
    public var description: String {
        "\(Self.two(month))-\(Self.two(day)) \(Self.two(hour)):\(Self.two(minute)) UTC"
            + (tapeDelayed ? " (tape delayed)" : "")
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }

    /// Minute, hour, date (1–31) and month (1–12) characters, each with b6 set.
    static func decoding(_ reader: XDSCharacters) -> Result<XDSScheduledStart, XDSCharacters.Problem> {
        reader.minutesAndHours().flatMap { time in
            reader.binary(count: 4).flatMap { characters in
                let day = Int(characters[2] & 0x1F)
                let month = Int(characters[3] & 0x0F)
                guard (1...31).contains(day) else { return .failure(.value("date \(day)")) }
                guard (1...12).contains(month) else { return .failure(.value("month \(month)")) }
                return .success(
                    XDSScheduledStart(
                        month: month, day: day, hour: time.hours, minute: time.minutes,
                        tapeDelayed: characters[3] & 0x10 != 0))
            }
        }
    }
}

/// A program's scheduled length and the time elapsed in it (Length/Time-in-Show, §9.5.1.2).
public struct XDSShowTiming: Hashable, Sendable, CustomStringConvertible {
    public var lengthHours: Int
    public var lengthMinutes: Int
    /// Hours, minutes and seconds elapsed, when sent (seconds only in the six-character form).
    public var elapsedHours: Int?
    public var elapsedMinutes: Int?
    public var elapsedSeconds: Int?

    public var description: String {
        var text = "length \(lengthHours):\(XDSScheduledStart.two(lengthMinutes))"
        if let hours = elapsedHours, let minutes = elapsedMinutes {
            text += ", elapsed \(hours):\(XDSScheduledStart.two(minutes))"
            if let seconds = elapsedSeconds { text += ":\(XDSScheduledStart.two(seconds))" }
        }
        return text
    }

    /// 2, 4 or 6 characters: length minutes and hours, elapsed minutes and hours, elapsed seconds
    /// and a null (Table 16: minutes and seconds 0–59, hours 0–23).
    static func decoding(_ reader: XDSCharacters) -> Result<XDSShowTiming, XDSCharacters.Problem> {
        let count = reader.characters.count
        guard count == 2 || count == 4 || count == 6 else {
            return .failure(.length(count, expected: "2, 4 or 6"))
        }
        return reader.binary(count: count, nullsAfter: count == 6 ? 5 : nil).flatMap { characters in
            var values: [Int] = []
            for index in 0..<min(count, 5) {
                let value = Int(characters[index] & 0x3F)
                let isHours = index == 1 || index == 3
                guard value <= (isHours ? 23 : 59) else { return .failure(.value("field \(index + 1) = \(value)")) }
                values.append(value)
            }
            return .success(
                XDSShowTiming(
                    lengthHours: values[1], lengthMinutes: values[0], elapsedHours: count >= 4 ? values[3] : nil,
                    elapsedMinutes: count >= 4 ? values[2] : nil, elapsedSeconds: count == 6 ? values[4] : nil))
        }
    }
}

/// The current time, UTC (Time of Day, §9.5.4.1).
public struct XDSTimeOfDay: Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    /// 1 = Sunday … 7 = Saturday.
    public var dayOfWeek: Int
    /// The D bit: daylight saving time is being observed.
    public var daylightSaving: Bool = false
    /// The L bit: the local day is February 29 when it is March 1 UTC.
    public var leapDay: Bool = false
    /// The Z bit: seconds are to be reset to zero.
    public var zeroSeconds: Bool = false

    public var description: String {
        let weekday = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][dayOfWeek - 1]
        return "\(year)-\(XDSScheduledStart.two(month))-\(XDSScheduledStart.two(day)) \(weekday) "
            + "\(XDSScheduledStart.two(hour)):\(XDSScheduledStart.two(minute)) UTC"
            + (daylightSaving ? " (daylight saving time)" : "")
    }

    /// Minute, hour (D), date (L), month (Z, T), day of the week (1–7) and year (0–63 after 1990).
    static func decoding(_ reader: XDSCharacters) -> Result<XDSTimeOfDay, XDSCharacters.Problem> {
        XDSScheduledStart.decoding(reader).flatMap { start in
            reader.binary(count: 6).flatMap { characters in
                let weekday = Int(characters[4] & 0x07)
                guard (1...7).contains(weekday) else { return .failure(.value("day of the week \(weekday)")) }
                return .success(
                    XDSTimeOfDay(
                        year: 1990 + Int(characters[5] & 0x3F), month: start.month, day: start.day, hour: start.hour,
                        minute: start.minute, dayOfWeek: weekday, daylightSaving: characters[1] & 0x20 != 0,
                        leapDay: characters[2] & 0x20 != 0, zeroSeconds: characters[3] & 0x20 != 0))
            }
        }
    }
}
