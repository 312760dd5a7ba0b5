// Random valid DTVCC commands for the round-trip property, from a seeded generator so that a
// failure can be replayed.

@testable import CEA708

/// SplitMix64: a small deterministic generator.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum CommandGenerator {
    static func byte(_ range: ClosedRange<UInt8>, _ g: inout SeededGenerator) -> UInt8 {
        UInt8.random(in: range, using: &g)
    }

    /// A valid command: every field within the ranges of CTA-708-E §8.10.5.
    static func command(using g: inout SeededGenerator) -> CEA708Command {
        switch Int.random(in: 0..<22, using: &g) {
        case 0, 1:
            let scalars = (0..<Int.random(in: 1...12, using: &g)).compactMap { _ in
                CEA708CodeTables.basicCharacter(Bool.random(using: &g) ? byte(0x20...0x7F, &g) : byte(0xA0...0xFF, &g))
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            return .text(String(view))
        case 2:
            let defined = Array(CEA708CodeTables.g2.keys) + Array(CEA708CodeTables.g3.keys)
            return .extendedCharacter(defined.randomElement(using: &g) ?? 0x25)
        case 3:
            return [.nul, .endOfText, .backspace, .formFeed, .carriageReturn, .horizontalCarriageReturn].randomElement(
                using: &g) ?? .nul
        case 4: return .setCurrentWindow(Int.random(in: 0...7, using: &g))
        case 5: return .clearWindows(CEA708WindowSet(rawValue: byte(0...255, &g)))
        case 6: return .displayWindows(CEA708WindowSet(rawValue: byte(0...255, &g)))
        case 7: return .hideWindows(CEA708WindowSet(rawValue: byte(0...255, &g)))
        case 8: return .toggleWindows(CEA708WindowSet(rawValue: byte(0...255, &g)))
        case 9: return .deleteWindows(CEA708WindowSet(rawValue: byte(0...255, &g)))
        case 10: return .delay(tenths: byte(0...255, &g))
        case 11: return Bool.random(using: &g) ? .delayCancel : .reset
        case 12:
            return .setPenAttributes(
                CEA708PenAttributes(
                    penSize: CEA708PenSize(rawValue: byte(0...2, &g)),
                    offset: CEA708PenOffset(rawValue: byte(0...2, &g)),
                    textTag: CEA708TextTag(rawValue: [0, 1, 5, 11, 15].randomElement(using: &g) ?? 0),
                    fontStyle: CEA708FontStyle(rawValue: byte(0...7, &g)),
                    edgeType: CEA708EdgeType(rawValue: byte(0...5, &g)),
                    underline: Bool.random(using: &g), italics: Bool.random(using: &g)))
        case 13:
            return .setPenColor(
                CEA708PenColor(
                    foreground: CEA708Color(rawValue: byte(0...63, &g)),
                    foregroundOpacity: CEA708Opacity(rawValue: byte(0...3, &g)),
                    background: CEA708Color(rawValue: byte(0...63, &g)),
                    backgroundOpacity: CEA708Opacity(rawValue: byte(0...3, &g)),
                    edge: CEA708Color(rawValue: byte(0...63, &g))))
        case 14:
            return .setPenLocation(row: Int.random(in: 0...14, using: &g), column: Int.random(in: 0...41, using: &g))
        case 15:
            let print = CEA708Direction(rawValue: byte(0...3, &g))
            let scroll =
                print.isHorizontal
                ? CEA708Direction(rawValue: byte(2...3, &g)) : CEA708Direction(rawValue: byte(0...1, &g))
            return .setWindowAttributes(
                CEA708WindowAttributes(
                    justify: CEA708Justify(rawValue: byte(0...3, &g)), printDirection: print, scrollDirection: scroll,
                    wordWrap: Bool.random(using: &g), displayEffect: CEA708DisplayEffect(rawValue: byte(0...2, &g)),
                    effectDirection: CEA708Direction(rawValue: byte(0...3, &g)), effectSpeed: byte(0...15, &g),
                    fillColor: CEA708Color(rawValue: byte(0...63, &g)),
                    fillOpacity: CEA708Opacity(rawValue: byte(0...3, &g)),
                    borderType: CEA708EdgeType(rawValue: byte(0...5, &g)),
                    borderColor: CEA708Color(rawValue: byte(0...63, &g))))
        case 16, 17:
            let relative = Bool.random(using: &g)
            return .defineWindow(
                CEA708WindowDefinition(
                    window: Int.random(in: 0...7, using: &g), priority: byte(0...7, &g),
                    anchorPoint: CEA708AnchorPoint(rawValue: byte(0...8, &g)), relativePositioning: relative,
                    anchorVertical: relative ? byte(0...99, &g) : byte(0...74, &g),
                    anchorHorizontal: relative ? byte(0...99, &g) : byte(0...209, &g),
                    rowCount: Int.random(in: 1...15, using: &g), columnCount: Int.random(in: 1...42, using: &g),
                    rowLock: Bool.random(using: &g), columnLock: Bool.random(using: &g),
                    visible: Bool.random(using: &g),
                    windowStyle: byte(0...7, &g), penStyle: byte(0...7, &g)))
        case 18: return .p16(UInt16.random(in: 0...0xFFFF, using: &g))
        default:
            return .setPenLocation(row: Int.random(in: 0...3, using: &g), column: Int.random(in: 0...31, using: &g))
        }
    }

    /// Adjacent text runs merge when parsed back.
    static func normalized(_ commands: [CEA708Command]) -> [CEA708Command] {
        var result: [CEA708Command] = []
        for command in commands {
            if case .text(let next) = command, case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + next)
            } else {
                result.append(command)
            }
        }
        return result
    }
}
