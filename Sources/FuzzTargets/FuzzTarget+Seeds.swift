import Foundation

extension FuzzTarget {
    /// One seed input and where it came from (the seed file; `#N` for the N-th derived input).
    public struct SeedInput: Sendable {
        public var origin: String
        public var bytes: [UInt8]
    }

    /// Every seed input: each regular file under the seed folders (relative to `root`, the
    /// package root), in path order, through ``derive`` when the target has one.
    public func seedInputs(root: String) -> [SeedInput] {
        var result: [SeedInput] = []
        for folder in seeds {
            let base = URL(fileURLWithPath: root).appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])
            else { continue }
            let files = walk.compactMap { $0 as? URL }.filter {
                (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            }.sorted { $0.path < $1.path }
            for file in files {
                guard let data = try? Data(contentsOf: file) else { continue }
                let inputs = seedInputs(path: file.path, bytes: [UInt8](data))
                for (index, bytes) in inputs.enumerated() {
                    result.append(
                        SeedInput(origin: derive == nil ? file.path : "\(file.path)#\(index + 1)", bytes: bytes))
                }
            }
        }
        return result
    }

    /// Writes the derived seed inputs into `folder` (one file each, named by a hash of its bytes,
    /// as libFuzzer names corpus files) for `Fuzz/run`; returns how many.
    public func writeSeedInputs(into folder: String, root: String) throws -> Int {
        let inputs = seedInputs(root: root)
        for input in inputs {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(Self.name(of: input.bytes))
            try Data(input.bytes).write(to: url)
        }
        return inputs.count
    }

    /// 64-bit FNV-1a of the bytes, in hexadecimal.
    static func name(of bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
