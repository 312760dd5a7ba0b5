/// The secret every request to a ``ReviewSession`` carries: 32 random bytes as hexadecimal,
/// from the system's cryptographic generator (`SystemRandomNumberGenerator`: getrandom(2) on
/// Linux), compared in constant time so that a wrong guess tells nothing of the right one.
struct ReviewToken: Sendable, Hashable {
    let text: String

    init() {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        for _ in 0..<32 {
            let byte = UInt8.random(in: 0...255, using: &generator)
            bytes += [digits[Int(byte >> 4)], digits[Int(byte & 15)]]
        }
        text = String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `candidate` is this token; the time taken depends on the lengths only.
    func matches(_ candidate: some StringProtocol) -> Bool {
        let a = Array(text.utf8)
        let b = Array(candidate.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<a.count { difference |= a[i] ^ b[i] }
        return difference == 0
    }
}
