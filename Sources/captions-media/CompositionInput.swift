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
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, limit: limit, what: "composition file")
        } catch {
            throw Exit.Failure(error.description)
        }
        let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        do {
            return try CompositionFileReader(fileName: path, baseDirectory: folder).read(bytes)
        } catch {
            throw Exit.Failure(error.description)
        }
    }

    /// The plan of `file` (named `fileName` in errors), its sources probed.
    static func plan(_ file: CompositionFile, fileName: String) throws -> CompositionPlan {
        do {
            return try CompositionPlan(file: file, fileName: fileName, probe: AssetSourceProbe())
        } catch {
            throw Exit.Failure(error.description)
        }
    }

    /// The asset of `plan`, every segment checked against its source.
    static func asset(_ plan: CompositionPlan) throws -> CompositionAsset {
        do {
            return try CompositionAsset(plan: plan)
        } catch {
            throw Exit.Failure(error.description)
        }
    }
}
