#if canImport(Glibc)
    import Glibc
#endif

/// SHA-256 (FIPS 180-4 §6.2) of a file, read in 1 MiB pieces: the checksum the journal keeps of
/// every output, to tell a finished output from one changed or cut since.
struct SHA256 {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    /// FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of the cube roots of the
    /// first 64 primes.
    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    mutating func update(_ bytes: some Collection<UInt8>) {
        length &+= UInt64(bytes.count)
        pending.append(contentsOf: bytes)
        let whole = pending.count / 64 * 64
        guard whole > 0 else { return }
        pending.withUnsafeBufferPointer { buffer in
            for start in stride(from: 0, to: whole, by: 64) { compress(buffer[start..<(start + 64)]) }
        }
        pending.removeFirst(whole)
    }

    /// The digest as 64 lowercase hexadecimal digits, as `sha256sum` prints it.
    mutating func finish() -> String {
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        tail += [UInt8](repeating: 0, count: (119 - pending.count) % 64)
        tail += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * $0)) }
        length &-= UInt64(tail.count)
        update(tail)
        return state.map { word in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }

    private mutating func compress(_ block: Slice<UnsafeBufferPointer<UInt8>>) {
        var w = [UInt32](repeating: 0, count: 64)
        var i = block.startIndex
        for t in 0..<16 {
            w[t] =
                UInt32(block[i]) << 24 | UInt32(block[i + 1]) << 16 | UInt32(block[i + 2]) << 8 | UInt32(block[i + 3])
            i += 4
        }
        for t in 16..<64 {
            let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
            let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        for t in 0..<64 {
            let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
            let ch = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ ch &+ Self.k[t] &+ w[t]
            let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
            let maj = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ maj
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
        }
        for (index, value) in [a, b, c, d, e, f, g, h].enumerated() { state[index] &+= value }
    }

    private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }

    /// The size and digest of the regular file at `path`, nil if it cannot be read.
    static func file(_ path: String) -> (size: Int, digest: String)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var hash = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var size = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            size += n
            hash.update(buffer[0..<n])
        }
        return (size, hash.finish())
    }
}
