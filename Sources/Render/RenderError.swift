internal import CFreeType

/// A failure that stops rendering. C library failures keep the library's own code.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A FreeType call returned `code` (an `FT_Error`).
    case freeType(code: Int32, operation: String)
    /// A HarfBuzz call failed (HarfBuzz reports allocation failure, not codes).
    case harfBuzz(operation: String)
    /// FriBidi could not compute embedding levels.
    case fribidi(operation: String)
    /// A fontconfig call failed (fontconfig reports failure, not codes: out of memory, or a
    /// configuration file it cannot read).
    case fontconfig(operation: String)
    /// A font file given by path could not be used.
    case fontNotFound(path: String)
    /// No font at all could be found, so nothing can be drawn.
    case noFonts(searched: [String])
    /// A canvas or frame size that is empty or too large.
    case invalidSize(width: Int, height: Int)

    public var description: String {
        switch self {
        case .freeType(let code, let operation):
            return "\(operation): FreeType error \(code) (\(Self.freeTypeMessage(code)))"
        case .harfBuzz(let operation):
            return "\(operation): HarfBuzz failed (out of memory)"
        case .fribidi(let operation):
            return "\(operation): FriBidi failed"
        case .fontconfig(let operation):
            return "\(operation): fontconfig failed"
        case .fontNotFound(let path):
            return "font \(path) does not exist or is not a font FreeType can read"
        case .noFonts(let searched):
            return "no usable font found in \(searched.joined(separator: ", "))"
        case .invalidSize(let width, let height):
            return "invalid image size \(width)x\(height)"
        }
    }

    /// FreeType's text for `code`, when the library was built with error strings.
    static func freeTypeMessage(_ code: Int32) -> String {
        guard let text = FT_Error_String(code) else { return "no message" }
        return String(cString: text)
    }

    /// Throws ``freeType(code:operation:)`` unless `code` is zero (`FT_Err_Ok`).
    static func checkFreeType(_ code: FT_Error, _ operation: @autoclosure () -> String) throws(RenderError) {
        if code != 0 { throw .freeType(code: code, operation: operation()) }
    }
}
