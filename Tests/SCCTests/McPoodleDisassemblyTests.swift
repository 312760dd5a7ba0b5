import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing

// CCExtractor's live roll-up episode and McPoodle's SCC_disassembly of it (an independent
// decoder's reading, word by word): `captions scc dump` must agree code by code, line by line,
// with the timecodes. McPoodle's notation, as this file uses it: a line per SCC line, its label,
// a tab, then one token per word: `{RCL}`, `{ENM}`, `{EDM}`, `{EOC}`, `{RU2}`, `{CR}`, `{TO1}`…
// for commands (both copies of a doubled code), `{RRCC}` for a PAC to row RR, column CC (0-based
// column, 4-column steps), `{Wh}` and `{I}` for mid-row codes, `{note}` for the special ♪, `{}`
// for the filler pair 80 80, and characters as they are, a null byte of a character pair as `_`.

@Suite struct McPoodleDisassemblyTests {
    static let folder = "ccextractor/pop-on-and-live-roll-up"

    /// McPoodle's lines: label and tokens.
    static func theirs() throws -> [(label: String, tokens: String)] {
        let text = String(decoding: try fixtureBytes(folder + ".mcpoodle-disassembly.txt"), as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline)
        #expect(lines.first == "SCC_disassembly V1.2" && lines.dropFirst().first == "CHANNEL 1")
        return lines.dropFirst(2).compactMap { line in
            guard let tab = line.firstIndex(of: "\t") else { return nil }
            return (String(line[..<tab]), String(line[line.index(after: tab)...]))
        }
    }

    /// Our dump's entries as McPoodle's tokens, one line per SCC line.
    static func ours() throws -> [(label: String, tokens: String)] {
        let (entries, _) = try SCCDisassembler().disassemble(try fixtureBytes(folder + ".scc"))
        var lines: [(line: Int, label: String, tokens: String)] = []
        var previous = ""
        for entry in entries {
            let token = Self.token(entry, previous: previous)
            previous = token
            if let last = lines.last, last.line == entry.line {
                lines[lines.count - 1].tokens += token
            } else {
                lines.append((entry.line, entry.timecode, token))
            }
        }
        return lines.map { ($0.label, $0.tokens) }
    }

    /// McPoodle's token for what our dump says a word is.
    static func token(_ entry: SCCDisassemblyEntry, previous: String) -> String {
        let meaning = entry.meaning
        let bytes = stride(from: 0, to: 4, by: 2).map {
            UInt8(entry.word.dropFirst($0).prefix(2), radix: 16).map { $0 & 0x7F } ?? 0xFF
        }
        switch meaning {
        case "filler": return "{}"
        case "(repeat, ignored)": return previous
        case "mid-row white": return "{Wh}"
        case "mid-row italics": return "{I}"
        case "special \"♪\"": return "{note}"
        default: break
        }
        if meaning.hasPrefix("\"") {
            let characters = String(meaning.dropFirst().dropLast())
            if bytes[0] == 0 { return "_" + characters }
            return characters + (bytes[1] == 0 ? "_" : "")
        }
        if meaning.hasPrefix("PAC row ") {
            let parts = meaning.split(separator: " ")
            let two = { (text: Substring) in text.count == 1 ? "0" + text : String(text) }
            return "{" + two(parts[2]) + two(parts[4]) + "}"
        }
        return "{" + meaning + "}"
    }

    @Test func sccDumpAgreesWithMcPoodleCodeByCode() throws {
        let theirs = try Self.theirs()
        let ours = try Self.ours()
        #expect(theirs.count == 1230)
        #expect(ours.count == theirs.count)
        var differences = 0
        for (index, (mine, other)) in zip(ours, theirs).enumerated() where mine != other {
            differences += 1
            if differences <= 10 { Issue.record("line \(index + 4): ours \(mine), McPoodle \(other)") }
        }
        #expect(differences == 0)
    }
}
