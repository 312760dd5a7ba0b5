import Foundation
import FuzzTargets
import TestSupport
import Testing

/// Every fuzz target's check, run on its seeds (derived from its seed folders when it derives
/// them), its kept corpus (Fuzz/corpus/NAME) and the inputs that once broke it
/// (Fixtures/fuzz/NAME): the properties hold for all of them in the ordinary build, so a fixed
/// crash stays fixed without the fuzzing build.
@Suite struct FuzzCorpusTests {
    /// The kept corpus and the regression fixtures, as files.
    static func keptInputs(of target: FuzzTarget) -> [URL] {
        let root = TestPaths.projectRoot
        let folders = [
            root.appendingPathComponent("Fuzz/corpus/\(target.name)"), TestPaths.fixture("fuzz/\(target.name)"),
        ]
        return folders.flatMap { folder -> [URL] in
            guard let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
            else { return [] }
            return e.compactMap { $0 as? URL }.filter {
                (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            }
        }.sorted { $0.path < $1.path }
    }

    @Test(arguments: FuzzTargets.all.map(\.name))
    func everyKeptInputKeepsTheProperties(_ name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        let seeds = target.seedInputs(root: TestPaths.projectRoot.path)
        #expect(seeds.count >= 3, "\(name): no seeds found")
        var inputs = seeds.map { ($0.origin, $0.bytes) }
        for file in Self.keptInputs(of: target) { inputs.append((file.path, try [UInt8](Data(contentsOf: file)))) }
        for (origin, bytes) in inputs {
            do {
                try target.check(bytes)
            } catch {
                Issue.record("\(origin): \(error)")
            }
        }
    }

    @Test func seedFoldersExist() {
        for target in FuzzTargets.all {
            for seed in target.seeds {
                var isFolder: ObjCBool = false
                let path = TestPaths.projectRoot.appendingPathComponent(seed).path
                #expect(
                    FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue,
                    "\(seed)")
            }
        }
    }
}
