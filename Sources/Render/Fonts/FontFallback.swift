/// A loaded fallback chain entry: the face and the synthesis it needs.
struct LoadedChoice {
    let face: FontFace
    let synthesizesBold: Bool
    let synthesizesOblique: Bool
}

/// Loads faces on first use and picks, for each character, the first face of the chain that has
/// it (the per-glyph fallback). Owned by one renderer; not shared between threads.
final class FontFallback {
    let provider: any FontProvider
    private let library: FreeTypeLibrary
    private var loaded: [FontFaceDescriptor: FontFace] = [:]
    private var unusable: Set<FontFaceDescriptor> = []
    private var chains: [FontRequest: [LoadedChoice]] = [:]
    private var nextID = 0

    init(provider: any FontProvider) throws(RenderError) {
        self.provider = provider
        self.library = try FreeTypeLibrary()
    }

    var freeTypeLibrary: FreeTypeLibrary { library }

    /// The loaded chain for `request`; faces that fail to open are skipped.
    func chain(for request: FontRequest) -> [LoadedChoice] {
        if let c = chains[request] { return c }
        var result: [LoadedChoice] = []
        for choice in provider.fallbackChain(for: request) {
            guard let face = face(for: choice.face) else { continue }
            result.append(
                LoadedChoice(
                    face: face, synthesizesBold: choice.synthesizesBold, synthesizesOblique: choice.synthesizesOblique))
        }
        chains[request] = result
        return result
    }

    /// The first entry of `chain` that has `scalar`, or nil when no face has it.
    func choice(for scalar: Unicode.Scalar, in chain: [LoadedChoice]) -> LoadedChoice? {
        chain.first { $0.face.contains(scalar) }
    }

    private func face(for descriptor: FontFaceDescriptor) -> FontFace? {
        if let f = loaded[descriptor] { return f }
        if unusable.contains(descriptor) { return nil }
        do {
            let f = try FontFace(descriptor, id: nextID, library: library)
            nextID += 1
            loaded[descriptor] = f
            return f
        } catch {
            unusable.insert(descriptor)
            return nil
        }
    }
}
