/// TTML1 §6.2.3 `ttp:dropMode`: how SMPTE frame labels skip codes.
enum TTMLDropMode: String, Sendable, Hashable {
    case nonDrop
    /// Two labels (four at 60 fps nominal, SMPTE ST 12-1) skipped each minute not divisible by ten.
    case dropNTSC
    /// Four labels skipped at each even minute not divisible by twenty (PAL-M).
    case dropPAL

    /// How many labels have been skipped before the start of frame-label minute `totalMinutes`
    /// (counted from 00:00), including that minute's own skip.
    func droppedLabels(beforeMinute totalMinutes: Int64, nominalRate: Int64) -> Int64 {
        switch self {
        case .nonDrop:
            return 0
        case .dropNTSC:
            return (nominalRate / 15) * (totalMinutes - totalMinutes / 10)
        case .dropPAL:
            return 4 * (totalMinutes / 2 - totalMinutes / 20)
        }
    }

    /// Whether `minute:second:frame` names a skipped label.
    func skips(minute: Int64, second: Int64, frame: Int64, nominalRate: Int64) -> Bool {
        guard second == 0 else { return false }
        switch self {
        case .nonDrop: return false
        case .dropNTSC: return minute % 10 != 0 && frame < nominalRate / 15
        case .dropPAL: return minute % 2 == 0 && minute % 20 != 0 && frame < 4
        }
    }
}
