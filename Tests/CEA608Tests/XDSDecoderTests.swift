import CaptionCore
import Testing

@testable import CEA608

// XDS packets built by hand from the byte tables of CTA-608-E §8.6 and §9.5 (neither zvbi nor
// CCExtractor can be run here: no Debian package of either decodes XDS from byte pairs), not by
// our encoder. The checksum is worked out here by the §8.6.3 rule; Table 13's own packet ("Star
// Trek", checksum 0x1D as printed in the standard) checks that rule.

/// The pairs of an XDS packet: Start/Type, the informational characters (a null pads an odd
/// count), End and the §8.6.3 checksum (or `checksum` when given), parity added.
func xdsPacket(_ start: UInt8, _ type: UInt8, _ characters: [UInt8], checksum: UInt8? = nil) -> [Piece] {
    var informational = characters
    if informational.count % 2 == 1 { informational.append(0) }
    let sum = ([start, type, 0x0F] + informational).reduce(0) { ($0 + Int($1)) & 0x7F }
    var pieces = [raw(start, type)]
    for index in stride(from: 0, to: informational.count, by: 2) {
        pieces.append(raw(informational[index], informational[index + 1]))
    }
    pieces.append(raw(0x0F, checksum ?? UInt8((0x80 - sum) & 0x7F)))
    return pieces
}

/// A pair given without parity, with odd parity added (47 CFR 15.119(b); CTA-608-E §8.6.2).
func raw(_ first: UInt8, _ second: UInt8) -> Piece {
    .raw(Parity.addingOddParity(to: first), Parity.addingOddParity(to: second))
}

@Suite struct XDSDecoderTests {
    /// The packets of `pieces` as field 2 carries them, one pair a frame.
    private func decode(_ pieces: [Piece]) -> (packets: [XDSPacket], diagnostics: [Diagnostic]) {
        let list = pairs(pieces).enumerated().map { (frame: Int64($0), first: $1.0, second: $1.1) }
        return XDSDecoder.packets(in: list) { DiagnosticLocation(timecode: "frame \($0)") }
    }

    private func content(_ pieces: [Piece]) -> XDSContent? {
        let result = decode(pieces)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return result.packets.first?.content
    }

    @Test func theStandardsInterleaveExampleGivesStarTrek() {
        // CTA-608-E Table 13 (output side): Start/Type 01 03 at frame 4, characters, interrupted
        // by captioning (RU3, here in its field 2 form 15 26), Continue/Type 02 03, End 0F 1D.
        let caption: [Piece] = [.text("AB")]
        var pieces: [Piece] = caption + [.filler, .filler] + [raw(0x01, 0x03), raw(0x53, 0x74), raw(0x61, 0x72)]
        pieces += [raw(0x20, 0x54), raw(0x72, 0x65), raw(0x15, 0x26)] + caption + caption
        pieces += [raw(0x02, 0x03), raw(0x15, 0x26)] + caption + [.filler]
        pieces += [raw(0x02, 0x03), raw(0x6B, 0x00), raw(0x0F, 0x1D), raw(0x15, 0x26)]
        let result = decode(pieces)
        #expect(result.diagnostics.isEmpty)
        #expect(result.packets.count == 1)
        #expect(result.packets.first?.packetClass == .current)
        #expect(result.packets.first?.content == .programName("Star Trek"))
        #expect(result.packets.first?.startFrame == 3)
        #expect(result.packets.first?.summary == "Current Program Name: \"Star Trek\"")
    }

    @Test func contentAdvisoryOfEachSystem() {
        // Table 18–23: character 1 b5 D/a2, b4 a1, b3 a0, r2–r0; character 2 b5 (F)V, b4 S,
        // b3 L/a3, g2–g0.
        #expect(content(xdsPacket(0x01, 0x05, [0x43, 0x40])) == .contentAdvisory(.mpa(.pg13)))
        let tvPG = XDSContentAdvisory.USTVRating(age: .tvPG, violence: true)
        #expect(content(xdsPacket(0x01, 0x05, [0x48, 0x64])) == .contentAdvisory(.usTV(tvPG)))
        let tv14 = XDSContentAdvisory.USTVRating(age: .tv14, adultLanguage: true, suggestiveDialogue: true)
        #expect(content(xdsPacket(0x01, 0x05, [0x68, 0x4D])) == .contentAdvisory(.usTV(tv14)))
        #expect(XDSContentAdvisory.usTV(tv14).description == "TV-14-DL")
        let y7 = XDSContentAdvisory.USTVRating(age: .tvY7, fantasyViolence: true)
        #expect(content(xdsPacket(0x01, 0x05, [0x48, 0x62])) == .contentAdvisory(.usTV(y7)))
        #expect(XDSContentAdvisory.usTV(y7).description == "TV-Y7-FV")
        #expect(content(xdsPacket(0x01, 0x05, [0x58, 0x45])) == .contentAdvisory(.canadianEnglish(.fourteen)))
        #expect(content(xdsPacket(0x01, 0x05, [0x78, 0x43])) == .contentAdvisory(.canadianFrench(.thirteen)))
    }

    @Test func invalidCanadianLevelIsKeptRawWithAWarning() {
        // Table 22: Canadian English level 7 "shall be treated as an invalid content advisory".
        let result = decode(xdsPacket(0x01, 0x05, [0x58, 0x47]))
        #expect(result.packets.first?.content == .unknown)
        #expect(result.diagnostics.map(\.ruleID) == ["608.xds-content"])
    }

    @Test func programInformation() {
        // Table 15: minute, hour, date, month (T = b4) with b6 set.
        #expect(
            content(xdsPacket(0x01, 0x01, [0x40 | 30, 0x40 | 20, 0x40 | 15, 0x40 | 0x10 | 6]))
                == .programIdentification(XDSScheduledStart(month: 6, day: 15, hour: 20, minute: 30, tapeDelayed: true))
        )
        #expect(content(xdsPacket(0x01, 0x01, [0x7F, 0x7F, 0x7F, 0x7F])) == .programEnd)
        // Table 16: length 1:30, elapsed 0:15:20, then a null.
        #expect(
            content(xdsPacket(0x01, 0x02, [0x40 | 30, 0x40 | 1, 0x40 | 15, 0x40, 0x40 | 20, 0x00]))
                == .lengthAndTimeInShow(
                    XDSShowTiming(
                        lengthHours: 1, lengthMinutes: 30, elapsedHours: 0, elapsedMinutes: 15, elapsedSeconds: 20)))
        // Table 17: News (0x23, Basic), Live (0x59, Detail).
        let keywords = content(xdsPacket(0x01, 0x04, [0x23, 0x59]))
        #expect(keywords == .programType([XDSProgramKeyword(code: 0x23)!, XDSProgramKeyword(code: 0x59)!]))
        #expect(XDSProgramKeyword(code: 0x23)?.name == "News" && XDSProgramKeyword(code: 0x59)?.name == "Live")
        // Table 24–26: main English true stereo, second Spanish mono.
        #expect(
            content(xdsPacket(0x01, 0x06, [0x40 | 1 << 3 | 3, 0x40 | 2 << 3 | 1]))
                == .audioServices(
                    main: XDSAudioService(character: 0x4B, second: false),
                    second: XDSAudioService(character: 0x51, second: true)))
        // Table 27–28: CC1 English, CC3 Spanish.
        #expect(
            content(xdsPacket(0x01, 0x07, [0x40 | 1 << 3, 0x40 | 2 << 3 | 4]))
                == .captionServices([
                    XDSCaptionService(language: .english, field: 1, dataChannel: 1, isText: false),
                    XDSCaptionService(language: .spanish, field: 2, dataChannel: 1, isText: false),
                ]))
        // The Future class has the Current class's formats (§9.5.2).
        #expect(content(xdsPacket(0x03, 0x03, Array("NEXT".utf8))) == .programName("NEXT"))
    }

    @Test func channelAndMiscellaneousPackets() {
        #expect(content(xdsPacket(0x05, 0x01, Array("PBS".utf8))) == .networkName("PBS"))
        #expect(content(xdsPacket(0x05, 0x02, Array("WGBH02".utf8))) == .callLetters("WGBH", nativeChannel: 2))
        #expect(content(xdsPacket(0x05, 0x02, Array("KQE ".utf8))) == .callLetters("KQE", nativeChannel: nil))
        // §9.5.4.4's example: 00:32, Tuesday April 12, 1994 UTC, daylight saving time.
        let time = XDSTimeOfDay(year: 1994, month: 4, day: 12, hour: 0, minute: 32, dayOfWeek: 3, daylightSaving: true)
        #expect(
            content(xdsPacket(0x07, 0x01, [0x40 | 32, 0x40 | 0x20, 0x40 | 12, 0x40 | 4, 0x40 | 3, 0x40 | 4]))
                == .timeOfDay(time))
        #expect(
            content(xdsPacket(0x07, 0x04, [0x40 | 0x20 | 5, 0x00]))
                == .localTimeZone(hoursWestOfUTC: 5, observesDaylightSaving: true))
        // Private data is kept raw, with its class and type.
        let privateData = decode(xdsPacket(0x0D, 0x01, [0x41, 0x42]))
        #expect(privateData.packets.first?.content == .unknown)
        #expect(privateData.packets.first?.packetClass == .privateData && privateData.packets.first?.type == 0x01)
        #expect(privateData.packets.first?.informational == [0x41, 0x42])
    }

    @Test func checksumFailureIsALocatedWarningAndDropsThePacket() {
        let result = decode([.filler] + xdsPacket(0x01, 0x03, Array("Title".utf8), checksum: 0x11))
        #expect(result.packets.isEmpty)
        #expect(result.diagnostics.map(\.ruleID) == ["608.xds-checksum"])
        // The End/Checksum pair: filler, Start/Type, three pairs of characters, then End.
        #expect(result.diagnostics.first?.location.timecode == "frame 5")
        #expect(result.diagnostics.first?.severity == .warning)
    }

    @Test func brokenPacketsAreReportedNotMade() {
        // A Continue with no Start, and an End with nothing in progress.
        let orphan = decode([raw(0x02, 0x03), raw(0x41, 0x42), raw(0x0F, 0x00)])
        #expect(orphan.packets.isEmpty)
        #expect(orphan.diagnostics.map(\.ruleID) == ["608.xds-malformed", "608.xds-malformed"])
        // More than 32 informational characters (§8.6.6).
        let long = decode(xdsPacket(0x01, 0x03, Array(repeating: 0x41, count: 34)))
        #expect(long.packets.isEmpty && long.diagnostics.map(\.ruleID) == ["608.xds-malformed"])
        // Begun and never ended.
        let open = decode([raw(0x01, 0x03), raw(0x41, 0x42)])
        #expect(open.diagnostics.map(\.ruleID) == ["608.xds-unfinished"])
    }

    // MARK: - XDS inside a CC3 caption

    @Test func xdsInterruptingACC3CaptionNeitherLeaksNorLosesText() {
        // CTA-608-E §8.4: XDS may interrupt captioning; §8.6.2: a caption control code returns
        // to it (here RCL, resending pop-on), or captioning goes on after the packet's End.
        var pieces = on(.cc3, [.twice(RCL), .twice(ENM), .twice(pac(row: 15)), .text("HEL")])
        pieces += [raw(0x01, 0x03), raw(0x53, 0x74), raw(0x61, 0x72)]
        pieces += on(.cc3, [.code(RCL), .text("LO W")])
        pieces += [raw(0x02, 0x03), raw(0x20, 0x54), raw(0x72, 0x65), raw(0x6B, 0x00), raw(0x0F, 0x1D)]
        pieces += on(.cc3, [.text("ORLD")]) + xdsPacket(0x05, 0x01, Array("PBS".utf8))
        pieces += on(.cc3, [.text("!"), .twice(EOC)])
        var decoder = CEA608Decoder(channel: .cc3)
        let steps = feed(&decoder, pieces)
        #expect(rows(decoder.displayedMemory) == ["15:HELLO WORLD!"])
        #expect(decoder.xdsPackets.map(\.content) == [.programName("Star Trek"), .networkName("PBS")])
        #expect(decoder.xdsPacketCount == 2)
        #expect(!steps.contains { $0.hasDiagnostic })
        // CC1 reads field 1 and sees no XDS.
        var cc1 = CEA608Decoder(channel: .cc1)
        feed(&cc1, pieces)
        #expect(cc1.xdsPackets.isEmpty)
    }

    @Test func xdsBytesWithoutTheirStartNeverReachCaptions() {
        // An informational pair whose Start failed parity is XDS all the same, until a caption
        // code: it shows nowhere.
        var pieces = on(.cc3, [.twice(RDC), .twice(pac(row: 15)), .text("AB")])
        pieces += [.raw(0x01, 0x03), raw(0x58, 0x59), raw(0x5A, 0x5A)]
        pieces += on(.cc3, [.code(RDC), .text("CD")])
        var decoder = CEA608Decoder(channel: .cc3)
        feed(&decoder, pieces)
        #expect(rows(decoder.displayedMemory) == ["15:ABCD"])
    }
}
