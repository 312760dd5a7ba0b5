/// Byte counts as people read them: "512 bytes", "64 MiB", "2.5 GiB".
public enum ByteCount {
    public static func text(_ count: Int) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(count)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(count) bytes" }
        let rounded = (value * 10).rounded() / 10
        let whole = rounded == rounded.rounded()
        return whole ? "\(Int(rounded)) \(units[unit])" : "\(rounded) \(units[unit])"
    }
}
