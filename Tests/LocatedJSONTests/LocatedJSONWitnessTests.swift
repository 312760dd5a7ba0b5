import Foundation
import LocatedJSON
import TestSupport
import Testing

/// The JSON reader against CPython's `json` module (an independent RFC 8259 parser) on the
/// same texts: both accept or both refuse each, and what both accept reads as the same values
/// (numbers compared bit for bit, strings scalar by scalar, members in order).
@Suite struct LocatedJSONWitnessTests {
    /// RFC 8259 texts on which the two parsers must agree. Left out, where the RFC leaves the
    /// choice to the parser and we choose differently from CPython: a byte order mark (§8.1:
    /// we skip it), lone surrogates (§8.2: we refuse them), numbers beyond a Double (§6: we
    /// refuse them); each has its own test below.
    static let texts: [String] = [
        // Accepted.
        "{}", "[]", "0", "-0", "-0.0", "1.5e3", "-12.25E-2", "1E+2", "1e-400", "123456789012345678901234567890",
        "9223372036854775807", "-9223372036854775809", "0.1", "3.141592653589793238462643383279",
        #""a\u00e9\ud83d\ude00\n\t\"\\\/\b\f\r""#, "\"é 😀 \u{7F}\"", " \t\n\r 1 \n",
        #"[1, [2, [3]], {"a": {"b": null}}, true, false, ""]"#, #"{"a":1,"b":[{},[]],"c":"x"}"#,
        #"{"k": "v", "k": "w"}"#,
        // Refused.
        "", " ", "01", "-01", "1.", ".5", "+1", "-", "1e", "1e+", "1.e3", "0x10", "NaN", "Infinity", "-Infinity",
        "[1,]", "[,1]", #"{"a":1,}"#, "{a:1}", "{'a':1}", #"{"a" 1}"#, #"{"a":}"#, "[1 2]", "[", "]", "{",
        "tru", "nul", "True", "1 2", "{} {}", #""\x""#, #""\u12""#, #""\u12G4""#, "\"abc", "\"a\tb\"", "\"a\nb\"",
        "\"\u{01}\"", "[\"a\",]", "/* c */ 1", "1 // c",
    ]

    @Test func agreesWithCPythonsJSON() throws {
        let folder = try TemporaryDirectory("located-json")
        for (i, text) in Self.texts.enumerated() {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder.path("\(i).json")))
        }
        let python = try #require(CLIRunner.which("python3"), "python3 is the witness")
        let run = try CLIRunner.runProcess(python, ["-c", Self.witness, folder.path(""), String(Self.texts.count)])
        try #require(run.status == 0, "\(run.stderr)")
        let theirs = run.stdout.split(separator: "\n").map(String.init)
        try #require(theirs.count == Self.texts.count)
        var accepted = 0
        for (i, text) in Self.texts.enumerated() {
            let ours: String
            do {
                ours = Self.canonical(try LocatedJSON.parse(Array(text.utf8)))
                accepted += 1
            } catch {
                ours = "error"
            }
            #expect(ours == theirs[i], "\(text.debugDescription): ours \(ours), CPython's \(theirs[i])")
        }
        // Both kinds are there: a list that only accepts (or only refuses) proves little.
        #expect(accepted > 15 && accepted < Self.texts.count - 30)
    }

    /// What CPython reads from each file N.json, one line each: "error", or the value written
    /// as ``canonical(_:)`` writes ours.
    static let witness = #"""
        import json, struct, sys
        class Obj:
            def __init__(self, pairs): self.pairs = pairs
        def refuse(constant): raise ValueError(constant)
        def canon(v):
            if v is None: return "null"
            if v is True: return "true"
            if v is False: return "false"
            if isinstance(v, (int, float)): return "n" + struct.pack(">d", float(v)).hex()
            if isinstance(v, str): return "s" + "-".join("%x" % ord(c) for c in v)
            if isinstance(v, list): return "[" + ",".join(canon(x) for x in v) + "]"
            return "{" + ",".join(canon(k) + ":" + canon(x) for k, x in v.pairs) + "}"
        for i in range(int(sys.argv[2])):
            try:
                text = open("%s/%d.json" % (sys.argv[1], i), "rb").read().decode("utf-8")
                print(canon(json.loads(text, object_pairs_hook=Obj, parse_constant=refuse)))
            except ValueError:
                print("error")
        """#

    static func canonical(_ v: LocatedJSON) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b, _): return b ? "true" : "false"
        case .number(let d, _):
            let hex = String(d.bitPattern, radix: 16)
            return "n" + String(repeating: "0", count: 16 - hex.count) + hex
        case .string(let s, _): return "s" + s.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-")
        case .array(let items, _): return "[" + items.map(canonical).joined(separator: ",") + "]"
        case .object(let members, _):
            return "{"
                + members.map { canonical(.string($0.key, offset: 0)) + ":" + canonical($0.value) }
                .joined(separator: ",") + "}"
        }
    }
}
