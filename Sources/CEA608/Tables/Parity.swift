// Odd parity of line 21 bytes.
// Source: 47 CFR 15.119(b) and (i) (now 47 CFR 79.101): each byte carries seven data bits
// and an odd parity bit in bit 7.

/// Odd-parity helpers for the bytes of a CEA-608 byte pair.
///
/// Every line 21 byte holds seven data bits (bits 0–6) and a parity bit (bit 7) chosen so the
/// byte has an odd number of one bits. The code tables in this module take bytes with the parity
/// bit already stripped.
public enum Parity {
    /// Returns whether `byte`, parity bit included, has an odd number of one bits.
    public static func hasOddParity(_ byte: UInt8) -> Bool {
        byte.nonzeroBitCount % 2 == 1
    }

    /// Returns the seven data bits of `byte` with bit 7 set or cleared to give odd parity.
    ///
    /// Bit 7 of the argument is ignored, so the result is the same for `0x14` and `0x94`.
    public static func addingOddParity(to byte: UInt8) -> UInt8 {
        let data = byte & 0x7F
        return data.nonzeroBitCount % 2 == 0 ? data | 0x80 : data
    }

    /// Returns the seven data bits of `byte`, or `nil` when its parity is even (a parity error).
    public static func strippingParity(_ byte: UInt8) -> UInt8? {
        hasOddParity(byte) ? byte & 0x7F : nil
    }
}
