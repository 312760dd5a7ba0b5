// README "As a library" and the DocC article "Reading and converting caption files": read an
// SCC file, print its caption groups, write it as iTT and read that back. Runs in a folder
// holding show.scc (scripts/run-examples.sh).
import CaptionKit

let (result, _) = try CaptionFile.read("show.scc")
for group in CaptionGrouper().groups(for: result.document.captions) {
    print(group.timeRange, group.captions.map(\.text))
}

// Reading and converting caption files
var document = result.document
document.language = "en-US"  // SCC has no language; iTT needs one (xml:lang)
let (written, format) = try CaptionFile.write(document, to: "show.itt", overwrite: true)
print("wrote \(format.title), \(written.bytes.count) bytes")
for finding in result.diagnostics + written.diagnostics {
    print(finding)
}
let (itt, _) = try CaptionFile.read("show.itt")
print(itt.document.captions.count, "captions back from show.itt")

// swift-format-ignore: OrderedImports
import ExampleChecks  // check(_:_:) and the pictures read back

// Checks (not in the article).
check(!itt.document.captions.isEmpty, "show.itt holds no caption")
check(
    itt.document.captions.map(\.text) == result.document.captions.map(\.text),
    "show.itt does not hold show.scc's captions")
