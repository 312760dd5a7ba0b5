/// One fuzz target: a name (used on the command line, for the corpus folder `Fuzz/corpus/NAME`
/// and the dictionary `Fuzz/dictionaries/NAME.dict`), the folders its seed corpus is read from,
/// and the check run on every input. See Fuzz/README.md.
public struct FuzzTarget: Sendable {
    public let name: String
    /// Seed folders, relative to the package root (`../shared/fixtures/…` reaches the shared
    /// fixtures beside the checkout). Read, never written: new finds go to `Fuzz/corpus/NAME`.
    public let seeds: [String]
    /// The largest input libFuzzer makes for this target (`-max_len`). Smaller inputs run faster
    /// and reach the same code when the format's structures are small (an SCC line, a caption).
    public let maximumInputBytes: Int
    /// The inputs a seed file gives, for targets whose inputs are not whole files of the seed
    /// folders (a GPMF payload inside a movie, a movie cut down to a few samples, cue text inside
    /// a test page, a caption file converted to this target's format); nil: the file as it is.
    /// `Fuzz/run` writes them to a scratch folder before each run (`CAPTIONS_FUZZ_SEEDS_INTO`),
    /// the corpus test derives them in memory; nothing derived is kept in the repository.
    public let derive: (@Sendable (_ path: String, _ bytes: [UInt8]) -> [[UInt8]])?
    /// Runs one input; throws a ``FuzzFinding`` when a property a reader must keep is broken.
    /// A crash, a hang or runaway memory inside it is caught by libFuzzer itself.
    public let check: @Sendable ([UInt8]) throws(FuzzFinding) -> Void

    public init(
        name: String, seeds: [String], maximumInputBytes: Int = 65536,
        derive: (@Sendable (_ path: String, _ bytes: [UInt8]) -> [[UInt8]])? = nil,
        check: @escaping @Sendable ([UInt8]) throws(FuzzFinding) -> Void
    ) {
        self.name = name
        self.seeds = seeds
        self.maximumInputBytes = maximumInputBytes
        self.derive = derive
        self.check = check
    }

    /// The seed inputs one seed file gives.
    public func seedInputs(path: String, bytes: [UInt8]) -> [[UInt8]] {
        guard let derive else { return [bytes] }
        return derive(path, bytes)
    }
}

/// A broken property: what was expected and what happened instead.
public struct FuzzFinding: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
