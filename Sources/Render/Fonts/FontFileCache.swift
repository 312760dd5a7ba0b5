import Foundation
import Synchronization

/// What the process has learnt about font files, shared by every ``FontCatalog``: folder
/// listings, the family names each file declares, and the faces FreeType found in it. Each is
/// worked out once per process, on first need, so a second renderer pays nothing for fonts.
///
/// Files are taken to stay as they were while the process runs, as fontconfig assumes between
/// cache updates.
final class FontFileCache: Sendable {
    static let shared = FontFileCache()

    private let listings = Mutex<[String: [String]]>([:])
    private let names = Mutex<[String: FontFileNames?]>([:])
    private let descriptions = Mutex(FontFileDescriptions())

    /// The `.ttf`, `.otf` and `.ttc` files under `directory`, sorted.
    func fontFiles(in directory: String) -> [String] {
        listings.withLock { cache in
            if let files = cache[directory] { return files }
            let files = Self.list(directory)
            cache[directory] = files
            return files
        }
    }

    /// The family names `path` declares, or nil when they cannot be read without FreeType.
    func familyNames(of path: String) -> FontFileNames? {
        names.withLock { cache in
            if let known = cache[path] { return known }
            let read = FontFileNames.read(path)
            cache[path] = .some(read)
            return read
        }
    }

    /// The usable faces of `path` as FreeType describes them; none when it cannot open the file.
    /// Held under the lock while FreeType reads, so each file is opened once, with the cache's
    /// one FreeType library.
    func faces(of path: String) -> [FontFaceDescriptor] {
        descriptions.withLock { $0.faces(of: path) }
    }

    /// The files described with FreeType so far, sorted.
    var describedFiles: [String] { descriptions.withLock { $0.files } }

    private static func list(_ directory: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        while let name = e.nextObject() as? String {
            let lower = name.lowercased()
            if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") {
                files.append(directory + "/" + name)
            }
        }
        return files.sorted()
    }
}
