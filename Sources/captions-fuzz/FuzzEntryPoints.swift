import FileSafety
import FuzzTargets

#if canImport(Glibc)
    import Glibc
#endif

// Built two ways (Fuzz/README.md):
// - with `-D CAPTIONS_LIBFUZZER` and `--sanitize fuzzer`: libFuzzer's `main` drives the two
//   entry points below; the target is chosen by the environment variable CAPTIONS_FUZZ_TARGET
//   (`list` prints the table of targets and their seed folders);
// - in the ordinary build: `captions-fuzz TARGET FILE…` runs files through the same check (to
//   replay a crash, or a corpus, without the fuzzing build).
// Either way, with CAPTIONS_FUZZ_SEEDS_INTO=FOLDER it writes the chosen target's seed inputs
// (derived from its seed folders, FuzzTarget.derive) into FOLDER and exits: `Fuzz/run` does this
// before it fuzzes a target whose seeds are derived.

/// The target every input goes to, chosen once before the first input.
nonisolated(unsafe) private var selected: FuzzTarget?

private func fail(_ text: String) -> Never {
    FileHandleText.error("captions-fuzz: \(text)")
    exit(2)
}

private func choose(_ name: String?) -> FuzzTarget {
    let names = FuzzTargets.all.map(\.name).joined(separator: ", ")
    guard let name, !name.isEmpty else { fail("name a target (\(names))") }
    guard let target = FuzzTargets.named(name) else { fail("unknown target \"\(name)\" (\(names))") }
    return target
}

/// One line a target: name, maximum input length, `derived` or `files`, seed folders.
private func listTargets() {
    for t in FuzzTargets.all {
        let kind = t.derive == nil ? "files" : "derived"
        FileHandleText.out("\(t.name)\t\(t.maximumInputBytes)\t\(kind)\t\(t.seeds.joined(separator: " "))")
    }
}

/// Writes the target's seed inputs when CAPTIONS_FUZZ_SEEDS_INTO names a folder, and exits.
private func writeSeedsIfAsked(_ target: FuzzTarget) {
    guard let folder = getenv("CAPTIONS_FUZZ_SEEDS_INTO").map({ String(cString: $0) }), !folder.isEmpty else { return }
    let root = getenv("CAPTIONS_FUZZ_ROOT").map { String(cString: $0) } ?? "."
    do {
        let count = try target.writeSeedInputs(into: folder, root: root)
        FileHandleText.out("\(target.name): \(count) seed inputs written to \(folder)")
        exit(0)
    } catch {
        fail("cannot write the seed inputs into \(folder): \(error)")
    }
}

/// Runs one input; a broken property ends the process with the finding, as a crash would, so
/// that libFuzzer saves the input.
private func run(_ target: FuzzTarget, _ bytes: [UInt8]) {
    do {
        try target.check(bytes)
    } catch {
        FileHandleText.error("captions-fuzz \(target.name): FINDING: \(error.description)")
        abort()
    }
}

#if CAPTIONS_LIBFUZZER
    @_cdecl("LLVMFuzzerInitialize")
    public func fuzzerInitialize(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
    ) -> Int32 {
        let name = getenv("CAPTIONS_FUZZ_TARGET").map { String(cString: $0) }
        if name == "list" {
            listTargets()
            exit(0)
        }
        let target = choose(name)
        writeSeedsIfAsked(target)
        selected = target
        return 0
    }

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        guard let target = selected else { fail("no target chosen") }
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        run(target, bytes)
        return 0
    }
#else
    @main
    struct Replay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "--list" {
                listTargets()
                return
            }
            let target = choose(arguments.first)
            writeSeedsIfAsked(target)
            for path in arguments.dropFirst() {
                let bytes: [UInt8]
                do {
                    bytes = try InputFile.read(path, limit: 64 << 20, what: "fuzz input")
                } catch {
                    fail(error.description)
                }
                run(target, bytes)
                FileHandleText.out("\(path): ok")
            }
        }
    }
#endif

/// Lines to standard output and standard error without Foundation.
enum FileHandleText {
    static func out(_ text: String) { put(text, 1) }
    static func error(_ text: String) { put(text, 2) }
    private static func put(_ text: String, _ fd: Int32) {
        let bytes = Array((text + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            offset += n
        }
    }
}
