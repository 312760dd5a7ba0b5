import Foundation

/// Locations of the project's files, found from this source file so tests run from anywhere.
public enum TestPaths {
    /// The project root (the folder holding Package.swift).
    public static let projectRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Fixtures/<relative>` inside the project.
    public static func fixture(_ relative: String) -> URL {
        projectRoot.appendingPathComponent("Fixtures").appendingPathComponent(relative)
    }

    /// `../shared/fixtures/<relative>` beside the project (read-only third-party inputs).
    public static func sharedFixture(_ relative: String) -> URL {
        projectRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
            .appendingPathComponent(relative)
    }

    /// `Specs/<relative>`.
    public static func spec(_ relative: String) -> URL {
        projectRoot.appendingPathComponent("Specs").appendingPathComponent(relative)
    }

    /// No fixture where a test expects some: the folder is missing or empty.
    public struct NoFixture: Error, CustomStringConvertible {
        public let directory: URL
        public let pathExtension: String
        public var description: String {
            "no .\(pathExtension) file under \(directory.path): a loop over fixtures must check at least one "
                + "(../shared/fixtures is laid beside the project; see its PROVENANCE.md)"
        }
    }

    /// Every file under `directory` with `extension`, sorted by path; ``NoFixture`` when there
    /// is none, so that a loop over them cannot pass having checked nothing.
    public static func fixtures(in directory: URL, withExtension ext: String) throws -> [URL] {
        let found = files(in: directory, withExtension: ext)
        guard !found.isEmpty else { throw NoFixture(directory: directory, pathExtension: ext) }
        return found
    }

    /// Every file under `directory` with `extension`, sorted by path (empty when there is none:
    /// loops over fixtures use ``fixtures(in:withExtension:)``).
    public static func files(in directory: URL, withExtension ext: String) -> [URL] {
        guard let e = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        return e.compactMap { $0 as? URL }.filter { $0.pathExtension.lowercased() == ext }
            .sorted { $0.path < $1.path }
    }
}
