/// Works out a ``FontCatalog`` chain one entry at a time, in the order the catalog documents,
/// reading only the fonts of the families it reaches.
///
/// The order is that of a chain built from every face: the override families (from the
/// overrides), the requested family unless generic, the generic family, then each family in
/// ``FontCatalog/faces`` order: the override families, the preferred families that some face
/// has, then the rest in the order found. Each family gives its best face for the request once.
final class FontCatalogChain {
    private enum Step {
        /// The best face of the family among the overrides only, or among all faces.
        case family(String, overridesOnly: Bool)
        /// A preferred family, taken only when some face has exactly that name.
        case preferred(String)
        /// Every family not reached yet, in the order found: needs every file.
        case remaining
    }

    private let catalog: FontCatalog
    private let request: FontRequest
    private let overrideFamilies: [String]
    private var steps: [Step]
    private var used = Set<FontFaceDescriptor>()

    init(catalog: FontCatalog, request: FontRequest) {
        self.catalog = catalog
        self.request = request
        var overrideFamilies: [String] = []
        for f in catalog.overrides where !overrideFamilies.contains(f.family) { overrideFamilies.append(f.family) }
        self.overrideFamilies = overrideFamilies
        var steps = overrideFamilies.map { Step.family($0, overridesOnly: true) }
        if let requested = request.family, !FontCatalog.isGeneric(requested) {
            steps.append(.family(requested, overridesOnly: false))
        }
        steps.append(.family(FontCatalog.genericFamily(request), overridesOnly: false))
        steps += overrideFamilies.map { Step.family($0, overridesOnly: false) }
        steps += FontCatalog.preferredFamilies.map(Step.preferred)
        steps.append(.remaining)
        self.steps = steps.reversed()
    }

    /// The next entry, or nil when every family has been tried.
    func next() -> FontChoice? {
        while let step = steps.popLast() {
            switch step {
            case .family(let family, let overridesOnly):
                let found = overridesOnly ? [] : catalog.facesMaybe(of: family).map(\.face)
                if let choice = best(of: family, among: found) { return choice }
            case .preferred(let family):
                // In the faces-order family list only if a face has exactly this name, and
                // already tried there if an override has it.
                guard !overrideFamilies.contains(family) else { continue }
                let found = catalog.facesMaybe(of: family).map(\.face)
                guard found.contains(where: { $0.family == family }) else { continue }
                if let choice = best(of: family, among: found) { return choice }
            case .remaining:
                var families: [String] = []
                for f in catalog.allFaces() where f.rank == Int.max {
                    if !families.contains(f.face.family) && !overrideFamilies.contains(f.face.family) {
                        families.append(f.face.family)
                    }
                }
                steps += families.reversed().map { Step.family($0, overridesOnly: false) }
            }
        }
        return nil
    }

    /// The family's best face for the request among the overrides and `found` (faces of the
    /// catalog's files that may be of the family), unless an earlier entry already has it.
    private func best(of family: String, among found: [FontFaceDescriptor]) -> FontChoice? {
        let members = (catalog.overrides + found).filter { $0.family.caseInsensitiveCompare(family) == .orderedSame }
        guard let choice = FontCatalog.bestFace(in: members, for: request), used.insert(choice.face).inserted else {
            return nil
        }
        return choice
    }
}
