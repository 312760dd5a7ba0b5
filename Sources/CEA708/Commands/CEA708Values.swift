// The enumerated fields of the window and pen commands, CTA-708-E §8.10.5 (DefineWindow,
// SetWindowAttributes, SetPenAttributes, SetPenColor) and §8.4 (windows, pens). Each keeps the
// field's raw bits, so that a value the standard leaves reserved survives decoding and encoding
// unchanged; `isDefined` says whether the standard gives it a meaning. Names:
// Specs/cea708/field-values.tsv.

/// An enumerated field of a window or pen command: the field's raw bits, and the standard's
/// name for each value.
public protocol CEA708FieldValue: RawRepresentable, Hashable, Sendable where RawValue == UInt8 {
    /// The names of the values 0, 1, 2 … the standard defines; the values past them are reserved.
    static var names: [String] { get }
    /// Whether the standard gives the value a meaning (by default: it has a name).
    var isDefined: Bool { get }
}

extension CEA708FieldValue {
    public var isDefined: Bool { Int(rawValue) < Self.names.count }
    /// The standard's name for the value, `reserved N` for a value it leaves reserved.
    public var name: String { isDefined ? Self.names[Int(rawValue)] : "reserved \(rawValue)" }
}

/// A colour of the 708 palette: two bits each of red, green and blue (§8.8, Table 25), 0–3 each.
public struct CEA708Color: RawRepresentable, Hashable, Sendable {
    /// `RRGGBB` in the low six bits.
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x3F }
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        rawValue = (red & 3) << 4 | (green & 3) << 2 | (blue & 3)
    }
    public var red: UInt8 { rawValue >> 4 & 3 }
    public var green: UInt8 { rawValue >> 2 & 3 }
    public var blue: UInt8 { rawValue & 3 }
    /// The 8-bit value of a 2-bit component: 0, 85, 170, 255 (thirds of full intensity).
    public static func intensity(_ component: UInt8) -> UInt8 { (component & 3) * 85 }
    public static let black = CEA708Color(rawValue: 0x00)
    public static let white = CEA708Color(rawValue: 0x3F)
    /// `#rrggbb` with the components scaled to 8 bits.
    public var hex: String {
        func two(_ v: UInt8) -> String {
            let digits = Array("0123456789abcdef")
            return String([digits[Int(v >> 4)], digits[Int(v & 15)]])
        }
        return "#" + two(Self.intensity(red)) + two(Self.intensity(green)) + two(Self.intensity(blue))
    }
}

/// Fill, foreground and background opacity (§8.8): solid, flash, translucent, transparent.
public struct CEA708Opacity: CEA708FieldValue {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 3 }
    public static let solid = Self(rawValue: 0)
    public static let flash = Self(rawValue: 1)
    public static let translucent = Self(rawValue: 2)
    public static let transparent = Self(rawValue: 3)
    public static let names = ["solid", "flash", "translucent", "transparent"]
}

/// Print, scroll and effect directions (§8.10.5.5 SetWindowAttributes).
public struct CEA708Direction: CEA708FieldValue {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 3 }
    public static let leftToRight = Self(rawValue: 0)
    public static let rightToLeft = Self(rawValue: 1)
    public static let topToBottom = Self(rawValue: 2)
    public static let bottomToTop = Self(rawValue: 3)
    public static let names = ["left-to-right", "right-to-left", "top-to-bottom", "bottom-to-top"]
    /// Whether text runs along a row (left–right) rather than down a column.
    public var isHorizontal: Bool { rawValue < 2 }
}

/// Justification (§8.10.5.5): left, right, centre, full.
public struct CEA708Justify: CEA708FieldValue {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 3 }
    public static let left = Self(rawValue: 0)
    public static let right = Self(rawValue: 1)
    public static let center = Self(rawValue: 2)
    public static let full = Self(rawValue: 3)
    public static let names = ["left", "right", "center", "full"]
}

/// Display effect (§8.10.5.5): snap, fade, wipe; 3 is reserved.
public struct CEA708DisplayEffect: CEA708FieldValue {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 3 }
    public static let snap = Self(rawValue: 0)
    public static let fade = Self(rawValue: 1)
    public static let wipe = Self(rawValue: 2)
    public static let names = ["snap", "fade", "wipe"]
}

/// Window border type and pen edge type (§8.10.5.5, §8.10.5.6): none, raised, depressed,
/// uniform, left drop shadow, right drop shadow; 6 and 7 are reserved.
public struct CEA708EdgeType: CEA708FieldValue {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 7 }
    public static let none = Self(rawValue: 0)
    public static let raised = Self(rawValue: 1)
    public static let depressed = Self(rawValue: 2)
    public static let uniform = Self(rawValue: 3)
    public static let leftDropShadow = Self(rawValue: 4)
    public static let rightDropShadow = Self(rawValue: 5)
    public static let names = ["none", "raised", "depressed", "uniform", "left drop shadow", "right drop shadow"]
}

/// Pen size (§8.10.5.6): small, standard, large; 3 is reserved.
public struct CEA708PenSize: CEA708FieldValue {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 3 }
    public static let small = Self(rawValue: 0)
    public static let standard = Self(rawValue: 1)
    public static let large = Self(rawValue: 2)
    public static let names = ["small", "standard", "large"]
}

/// Pen offset (§8.10.5.6): subscript, normal, superscript; 3 is reserved.
public struct CEA708PenOffset: CEA708FieldValue {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 3 }
    public static let `subscript` = Self(rawValue: 0)
    public static let normal = Self(rawValue: 1)
    public static let superscript = Self(rawValue: 2)
    public static let names = ["subscript", "normal", "superscript"]
}

/// Font style (§8.10.5.6, font tag 0–7).
public struct CEA708FontStyle: CEA708FieldValue {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 7 }
    public static let `default` = Self(rawValue: 0)
    public static let names = [
        "default", "monospaced serif", "proportional serif", "monospaced sans serif", "proportional sans serif",
        "casual", "cursive", "small capitals",
    ]
}

/// Text tag (§8.10.5.6): what the text is (dialog, speaker, sound effect …); 12–14 reserved.
public struct CEA708TextTag: CEA708FieldValue {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 15 }
    public static let dialog = Self(rawValue: 0)
    public static let notDisplayable = Self(rawValue: 15)
    public static let names = [
        "dialog", "source or speaker ID", "electronic voice", "foreign language", "voiceover", "audible translation",
        "subtitle translation", "voice quality description", "song lyrics", "sound effect description",
        "musical score description", "expletive", "reserved 12", "reserved 13", "reserved 14", "not to be displayed",
    ]
    /// 12–14 are reserved, 15 is not: the one field whose reserved values are not the last.
    public var isDefined: Bool { !(12...14).contains(rawValue) }
}

/// Anchor point (§8.10.5.2, Figure 12): which point of the window the anchor position names;
/// 9–15 are reserved.
public struct CEA708AnchorPoint: CEA708FieldValue {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 15 }
    public static let topLeft = Self(rawValue: 0)
    public static let topCenter = Self(rawValue: 1)
    public static let topRight = Self(rawValue: 2)
    public static let middleLeft = Self(rawValue: 3)
    public static let middleCenter = Self(rawValue: 4)
    public static let middleRight = Self(rawValue: 5)
    public static let bottomLeft = Self(rawValue: 6)
    public static let bottomCenter = Self(rawValue: 7)
    public static let bottomRight = Self(rawValue: 8)
    public static let names = [
        "top left", "top center", "top right", "middle left", "middle center", "middle right", "bottom left",
        "bottom center", "bottom right",
    ]
    /// 0, 1 or 2: left, centre, right (reserved points count as left).
    public var horizontalThird: Int { isDefined ? Int(rawValue) % 3 : 0 }
    /// 0, 1 or 2: top, middle, bottom (reserved points count as top).
    public var verticalThird: Int { isDefined ? Int(rawValue) / 3 : 0 }
}

/// A set of windows, as the window commands CLW, DSW, HDW, TGW and DLW name them: bit `n` is
/// window `n` (§8.10.5.3).
public struct CEA708WindowSet: RawRepresentable, Hashable, Sendable, Sequence {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ windows: [Int]) {
        rawValue = windows.reduce(0) { $0 | (0...7 ~= $1 ? 1 << UInt8($1) : 0) }
    }
    public static let all = Self(rawValue: 0xFF)
    public func contains(_ window: Int) -> Bool { 0...7 ~= window && rawValue & (1 << UInt8(window)) != 0 }
    public func makeIterator() -> IndexingIterator<[Int]> { (0..<8).filter { contains($0) }.makeIterator() }
}
