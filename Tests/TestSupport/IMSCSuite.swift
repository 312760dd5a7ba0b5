import Foundation

/// The W3C IMSC test suite held in ../shared/fixtures/ttml/imsc-tests (PROVENANCE.md): every
/// document its `tests.json` files list, and the reference renderings (`png/NAME/SECONDS.png`,
/// 640 × 360 RGBA) drawn for it.
public enum IMSCSuite {
    /// One test document: its suite (`imsc1`, `imsc1_1`…) and its path under `ttml/`.
    public struct Entry: Sendable {
        public var suite: String
        public var path: String
        public var url: URL
        /// `suite/feature`, the folder a figure is reported under.
        public var folder: String { suite + "/" + (path.split(separator: "/").first.map(String.init) ?? "") }
        public var name: String { suite + "/" + path }

        /// The reference renderings of the document, by time in seconds (the file names), in
        /// time order; none when the suite draws none for it.
        public func referencePictures() throws -> [(seconds: Double, url: URL)] {
            let base = (path.split(separator: "/").last.map(String.init) ?? path).replacingOccurrences(
                of: ".ttml", with: "")
            let pictures = TestPaths.sharedFixture("ttml/imsc-tests").appendingPathComponent(suite)
                .appendingPathComponent("png").appendingPathComponent(base)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: pictures.path)) ?? []
            return names.filter { $0.hasSuffix(".png") }.compactMap { name in
                Double(name.dropLast(4)).map { ($0, pictures.appendingPathComponent(name)) }
            }.sorted { $0.seconds < $1.seconds }
        }
    }

    public static let suites = ["imsc1", "imsc1_1", "imsc1_2", "imsc1_3"]

    /// Every document the suites' `tests.json` list and this copy holds (PROVENANCE.md: five
    /// listed tests are not in it). Throws when the suite is missing.
    public static func entries() throws -> [Entry] {
        let root = TestPaths.sharedFixture("ttml/imsc-tests")
        var list: [Entry] = []
        var seen = Set<String>()
        for suite in suites {
            let listing = root.appendingPathComponent(suite).appendingPathComponent("tests.json")
            let items = try JSONSerialization.jsonObject(with: Data(contentsOf: listing)) as? [[String: Any]] ?? []
            for path in items.compactMap({ $0["path"] as? String }) {
                let url = root.appendingPathComponent(suite).appendingPathComponent("ttml").appendingPathComponent(path)
                // Two documents are listed twice; each is read once.
                guard FileManager.default.fileExists(atPath: url.path), seen.insert(url.path).inserted else { continue }
                list.append(Entry(suite: suite, path: path, url: url))
            }
        }
        return list
    }
}
