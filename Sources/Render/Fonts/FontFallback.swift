/// Loads faces on first use and picks, for each character, the first face of the chain that has
/// it (the per-glyph fallback). Chains are walked only as far as a character needs, so a face
/// is opened only when every face before it lacks some character. Owned by one renderer; not
/// shared between threads.
final class FontFallback {
    let provider: any FontProvider
    private let library: FreeTypeLibrary
    private var loaded: [FontFaceDescriptor: FontFace] = [:]
    private var unusable: Set<FontFaceDescriptor> = []
    private var chains: [FontRequest: FallbackChain] = [:]
    private var nextID = 0

    init(provider: any FontProvider) throws(RenderError) {
        self.provider = provider
        self.library = try FreeTypeLibrary()
    }

    var freeTypeLibrary: FreeTypeLibrary { library }

    /// How many faces have been opened.
    var facesOpened: Int { loaded.count }

    /// The faces that drew some character, in the order first used.
    private(set) var used: [FontFaceDescriptor] = []
    private var usedSet: Set<FontFaceDescriptor> = []

    /// Notes that `choice` draws a character.
    func noteUse(of choice: LoadedChoice) {
        if usedSet.insert(choice.face.descriptor).inserted { used.append(choice.face.descriptor) }
    }

    /// The chain for `request`, none of it loaded yet the first time.
    func chain(for request: FontRequest) -> FallbackChain {
        if let c = chains[request] { return c }
        let c = FallbackChain(provider.fallbackChoices(for: request))
        chains[request] = c
        return c
    }

    /// The first entry of `chain`, or nil when no face of it opens.
    func first(in chain: FallbackChain) -> LoadedChoice? { entry(0, of: chain) }

    /// The first entry of `chain` that has `scalar`, or nil when no face has it.
    func choice(for scalar: Unicode.Scalar, in chain: FallbackChain) -> LoadedChoice? {
        var i = 0
        while let e = entry(i, of: chain) {
            if e.face.contains(scalar) { return e }
            i += 1
        }
        return nil
    }

    /// Entry `index` of `chain`, opening faces up to it; nil past the end.
    private func entry(_ index: Int, of chain: FallbackChain) -> LoadedChoice? {
        while chain.loaded.count <= index && !chain.isComplete {
            guard let choice = chain.pending.next() else {
                chain.isComplete = true
                break
            }
            guard let face = face(for: choice.face) else { continue }
            chain.loaded.append(
                LoadedChoice(
                    face: face, synthesizesBold: choice.synthesizesBold, synthesizesOblique: choice.synthesizesOblique))
        }
        return index < chain.loaded.count ? chain.loaded[index] : nil
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
