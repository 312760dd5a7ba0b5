import CaptionKit
import CaptionsCLI
import Composition
import FileSafety
import Media

/// A composition file given to `compose`, `frame`, `thumbnails` or `inspect`: recognised by
/// content (``CompositionFileDetection``), read through `InputFile` and
/// ``CompositionFileReader`` with the same located errors everywhere.
enum CompositionInput {
    /// The composition reader's size limit.
    static let limit = 16 << 20

    /// Whether `path` is a composition file by its content (not its extension).
    static func isCompositionFile(_ path: String) -> Bool {
        // Standard input is never peeked at: reading it here would take it from the command.
        guard path != "-", let bytes = try? InputFile.read(path, limit: limit, what: "composition file") else {
            return false
        }
        return CompositionFileDetection.isCompositionFile(bytes)
    }

    /// The composition file at `path`, its relative paths taken from its folder.
    static func read(_ path: String) throws -> CompositionFile {
        let bytes = try InputFile.read(path, limit: limit, what: "composition file")
        let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        return try CompositionFileReader(fileName: path, baseDirectory: folder).read(bytes)
    }

    /// The plan of `file` (named `fileName` in errors), its sources probed.
    static func plan(_ file: CompositionFile, fileName: String) throws -> CompositionPlan {
        try CompositionPlan(file: file, fileName: fileName, probe: AssetSourceProbe())
    }

    /// The asset of `plan`, every segment checked against its source.
    static func asset(_ plan: CompositionPlan) throws -> CompositionAsset {
        try CompositionAsset(plan: plan)
    }
}
