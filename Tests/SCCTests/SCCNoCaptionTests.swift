import CaptionCore
import SCC
import Testing

/// A file that sends words and gives no caption says why, as an error-level finding (issue 34:
/// a source that carries caption data and decodes to no caption is never a silent empty
/// result). The words are written here by hand from 47 CFR 15.119's tables and CTA-608-E §8.6.
@Suite struct SCCNoCaptionTests {
    static func finding(_ text: String, channel: Int? = nil) throws -> Diagnostic? {
        var options = CaptionFormatOptions()
        options.channel = channel
        let result = try readSCC(text, options)
        #expect(result.document.captions.isEmpty)
        let found = result.diagnostics.filter { $0.ruleID == SCCReader.noCaptionsRule }
        #expect(found.count <= 1 && found.allSatisfy { $0.severity == .error }, "\(found)")
        return found.first
    }

    /// Odd parity on a 7-bit byte (15.119(b)).
    static func parity(_ byte: UInt8) -> UInt8 { byte.nonzeroBitCount % 2 == 1 ? byte : byte | 0x80 }

    static func word(_ first: UInt8, _ second: UInt8) -> String {
        let hex = Array("0123456789abcdef")
        return String([parity(first) >> 4, parity(first) & 15, parity(second) >> 4, parity(second) & 15].map { hex[Int($0)] })
    }

    @Test func onlyFiller() throws {
        let d = try Self.finding("Scenarist_SCC V1.0\n\n00:00:01;00\t8080 8080 8080\n")
        #expect(d?.message == "no caption for CC1: its 3 words are all filler (80 80), which carries nothing")
    }

    @Test func anotherChannelsData() throws {
        // CC1 pop-on: RCL, PAC row 15, "HI", EOC, then EDM — read as CC3.
        let cc1 = "Scenarist_SCC V1.0\n\n00:00:01;00\t9420 9420 94d0 94d0 c849 942f 942f\n\n00:00:03;00\t942c 942c\n"
        let d = try Self.finding(cc1, channel: 3)
        #expect(d?.message == "no caption for CC3: its data is for CC1", "\(String(describing: d))")
        #expect(d?.suggestedFix == "read CC1 with CaptionFormatOptions.channel 1")
        // The same words read as CC1 give the caption and no such finding.
        #expect(try readSCC(cc1).document.captions.map(\.text) == ["HI"])
    }

    @Test func onlyXDS() throws {
        // Field 2: a Current class Program Name packet, "ST", then End and the checksum that
        // makes the packet's bytes sum to 0 modulo 128 (CTA-608-E §8.6.3).
        let bytes: [UInt8] = [0x01, 0x03, 0x53, 0x54, 0x0F]
        let checksum = UInt8((128 - bytes.reduce(0) { ($0 + Int($1)) % 128 }) % 128)
        let words = [Self.word(0x01, 0x03), Self.word(0x53, 0x54), Self.word(0x0F, checksum)]
        let d = try Self.finding("Scenarist_SCC V1.0\n\n00:00:01;00\t" + words.joined(separator: " ") + "\n", channel: 3)
        #expect(d?.message == "no caption for CC3: it carries 1 XDS packet, kept apart", "\(String(describing: d))")
    }

    @Test func neverDisplayed() throws {
        // Loaded (RCL, PAC, "HI") and never shown: no EOC (15.119(f)(2)).
        let d = try Self.finding("Scenarist_SCC V1.0\n\n00:00:01;00\t9420 9420 94d0 94d0 c849\n")
        #expect(d?.message == "no caption for CC1: what it loads is never displayed (no EOC shows it)")
    }

    @Test func anEmptyFileCarriesNothingAndSaysNothing() throws {
        #expect(try Self.finding("Scenarist_SCC V1.0\n") == nil)
    }
}
