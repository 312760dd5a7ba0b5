/// A command's parameter bytes, read by position: a byte past the end reads as 0, so that no
/// reading of parameters can trap even if a table and a layout disagreed (the parser gives each
/// command exactly the bytes CTA-708-E §7.1.5 and Specs/cea708/c1.tsv say it takes).
struct CEA708Parameters {
    private let bytes: [UInt8]
    init(_ bytes: some Collection<UInt8>) { self.bytes = Array(bytes) }
    var count: Int { bytes.count }
    subscript(_ index: Int) -> UInt8 { bytes.indices.contains(index) ? bytes[index] : 0 }
}
