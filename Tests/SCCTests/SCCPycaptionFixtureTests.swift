// Expected results for pycaption's SCC fixtures (../shared/fixtures/scc/pycaption/), worked out
// by hand from the bytes with 47 CFR 15.119 (now 47 CFR 79.101) and CEA-608-B; the reasoning is
// in each test. Times are the frames of the words (one word per frame, Specs/scc.md), written as
// the file's own labels. Where pycaption reads a file differently, the test says so.

import CaptionCore
import SCC
import Testing

@Suite struct SCCPycaptionFixtureTests {
    @Test func popOn() throws {
        // Each line: ENM RCL PAC … EDM EOC, every code doubled. The EOC is word 17 of the first
        // line (00:00:09:05 + 17 = 09:22); the EDM of 00:00:12:08 ends it. 0x1370 is row 13,
        // 0x94d0 row 14, 0x9470 row 15, all indent 0 (15.119 PAC table).
        let result = try readFixture("pycaption/sample_scc_pop_on.scc")
        #expect(
            summaries(result, dropFrame: false) == [
                "00:00:09:22 00:00:12:08 15-15:0 ( clock ticking )",
                "00:00:14:22 00:00:16:25 13-15:0 MAN:\nWhen we think\nof \"E equals m c-squared\",",
                "00:00:16:27 00:00:18:17 15-15:0 we have this vision of Einstein",
                "00:00:18:19 00:00:20:21 14-15:0 as an old, wrinkly man\nwith white hair.",
                "00:00:20:23 00:00:26:17 13-15:0 MAN 2:\nE equals m c-squared is\nnot about an old Einstein.",
                "00:00:26:19 00:00:32:01 13-15:0 MAN 2:\nIt's all about an eternal\nEinstein.",
                "00:00:32:03 00:00:36:04 15-15:0 <LAUGHING & WHOOPS!>",
            ])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func noPositioningAtAll() throws {
        // RCL ENM "RE" "AB" EOC: no PAC, so the cursor is where a decoder starts, row 15 column 0
        // (Specs/scc.md "Decoder start"); EOC is word 4. The second caption has no PAC either,
        // so it continues at the cursor, column 4 (EOC does not move the cursor).
        let result = try readFixture("pycaption/sample_no_positioning_at_all_scc.scc")
        #expect(
            summaries(result) == [
                "00:23:28;05 00:24:29;21 15-15:0 REAB",
                "00:53:28;05 00:54:29;21 15-15:4 ER..",
            ])
    }

    @Test func noExplicitEndToLastCaption() throws {
        // "si" "c)" EOC from 00:00:00;00: shown at 00;02 with no PAC (row 15, column 0); EDM at
        // 06;01. The last caption (EOC word 14 of 00:24:55;14 = 55;28, PAC row 15 + TO2 =
        // column 2) is never erased: it ends 2 s after the frame after the last word
        // (55;29 + 60 frames = 57;29), with a warning. pycaption ends such captions 4 s after
        // their start instead (both are choices; the file does not say).
        let result = try readFixture("pycaption/sample_scc_no_explicit_end_to_last_caption.scc")
        #expect(
            summaries(result) == [
                "00:00:00;02 00:00:06;01 15-15:0 sic)",
                "00:24:55;28 00:24:57;29 15-15:2 (upbeat rock music)",
            ])
        #expect(rules(result) == ["scc.open-at-end"])
    }

    @Test func eocFirstCommand() throws {
        // 00:00:00;84 has frame 84 ≥ 30: read leniently as frame 84 (00:00:02;24). Its EOC swaps
        // two empty memories. The next label, 00:00:02;00 (frame 60), is earlier: its words go
        // after, from frame 85, so "sic)" appears at frame 87 (02;27). 00:25:00;00 does not exist
        // in drop-frame counting and is read as 00:25:00;02.
        let result = try readFixture("pycaption/sample_scc_eoc_first_command.scc")
        #expect(
            summaries(result) == [
                "00:00:02;27 00:00:06;01 15-15:0 sic)",
                "00:24:55;28 00:25:00;02 15-15:2 (upbeat rock music)",
            ])
        // The file's first command is an EOC with nothing loaded: a note on line 3.
        #expect(rules(result) == ["scc.frame-range", "scc.timecode-order", "scc.drop-frame-label", "608.empty-eoc"])
        #expect(result.diagnostics.map(\.location.line) == [3, 5, 11, 3])
    }

    @Test func italics() throws {
        // No header line (warning). 0x10d0 is row 11 indent 0, TO2 moves to column 2, the
        // italics mid-row code takes column 2 as a space, "abababab" fills 3–10 in italics.
        // EOC is word 11 of 00:00:00:01, so 00:00:00:12; never erased: ends 60 frames after
        // frame 13.
        let result = try readFixture("pycaption/sample_scc_with_italics.scc")
        #expect(summaries(result, dropFrame: false) == ["00:00:00:12 00:00:02:13 11-11:3 abababab"])
        #expect(result.document.captions.first?.runs == [CaptionRun("abababab", style: CaptionTextStyle(italic: true))])
        #expect(rules(result) == ["scc.header", "scc.open-at-end"])
        // The same data with a header.
        let backup = try readFixture("pycaption/sample_scc_with_italics_bkup.scc")
        #expect(summaries(backup, dropFrame: false) == summaries(result, dropFrame: false))
        #expect(rules(backup) == ["scc.open-at-end"])
    }

    @Test func midRowCodeBeforeText() throws {
        // PAC row 1 indent 0 (0x91d0), white mid-row code (0x9120) = a space in column 0, then
        // "AB AB" in columns 1–5. Pop-on: EOC is word 6, 00:00:01:24 + 6 = 00:00:02:00.
        // Paint-on and roll-up start with the run of codes that prepares the caption (Specs/scc.md
        // "Start of a roll-up line or paint-on caption"): the PAC (word 1, 01:25) in paint-on, as
        // RDC does not start a caption; RU2 (word 0, 01:24) in roll-up. The mid-row code's space
        // where nothing shows yet keeps the run going. In roll-up the PAC makes row 1 the base
        // row: the window is clipped to row 1.
        let pop = try readFixture("pycaption/sample_scc_mid_row_before_text_pop.scc")
        #expect(summaries(pop, dropFrame: false) == ["00:00:02:00 00:00:04:01 1-1:1 AB AB"])
        let paint = try readFixture("pycaption/sample_scc_mid_row_before_text_paint.scc")
        #expect(summaries(paint, dropFrame: false) == ["00:00:01:25 00:00:04:00 1-1:1 paint AB AB"])
        let roll = try readFixture("pycaption/sample_scc_mid_row_before_text_roll.scc")
        #expect(summaries(roll, dropFrame: false) == ["00:00:01:24 00:00:04:00 1-1:1 RU2 AB AB"])
        #expect(pop.document.captions.first?.runs == [CaptionRun("AB AB")])
    }

    @Test func midRowFollowingTextItalicsOff() throws {
        // 0x91ce: PAC row 1, white italics. 0x91ab: mid-row yellow + underline (space, column 0).
        // 0x91ae: mid-row italics (space, column 1), keeping yellow, underline off
        // (15.119(h)(1)(ii)). "AB" yellow italic in 2–3; 0x9120 white mid-row: a space (still
        // yellow italic, the old attributes) and "AB" white upright in 5–6. Pop-on starts at the
        // EOC; paint-on at the PAC (01:25) and roll-up at RU2 (01:24), the runs that prepare them.
        let yellowItalic = CaptionTextStyle(textColor: .yellow, italic: true)
        for (mode, start, tag) in [
            ("pop", "00:00:02:01", ""), ("paint", "00:00:01:25", "paint "), ("roll", "00:00:01:24", "RU2 "),
        ] {
            let result = try readFixture(
                "pycaption/sample_scc_mid_row_following_text_no_text_before_italics_off_\(mode).scc")
            let caption = try #require(result.document.captions.first)
            #expect(summary(caption, dropFrame: false).hasPrefix("\(start) "))
            #expect(summary(caption, dropFrame: false).hasSuffix(" 1-1:2 \(tag)AB AB"))
            #expect(caption.runs == [CaptionRun("AB ", style: yellowItalic), CaptionRun("AB")])
        }
    }

    @Test func midRowFollowingTextItalicsOn() throws {
        // PAC row 1 indent 0, "AB", italics mid-row (a space in column 2), "AB" italic. Paint-on
        // starts at its PAC (01:25), roll-up at RU2 (01:24).
        for (mode, start) in [("pop", "00:00:01:29"), ("paint", "00:00:01:25"), ("roll", "00:00:01:24")] {
            let result = try readFixture(
                "pycaption/sample_scc_mid_row_following_text_no_text_before_italics_on_\(mode).scc")
            let caption = try #require(result.document.captions.first)
            #expect(summary(caption, dropFrame: false).hasPrefix("\(start) "))
            #expect(caption.runs == [CaptionRun("AB "), CaptionRun("AB", style: CaptionTextStyle(italic: true))])
        }
    }

    @Test func midRowWithSpaceBefore() throws {
        // "A" (+ filler), "B ", then the italics mid-row code: a second space in column 3, then
        // "AB" italic: "AB  AB".
        for mode in ["pop", "paint", "roll"] {
            let result = try readFixture("pycaption/sample_scc_mid_row_with_space_before_\(mode).scc")
            #expect(
                result.document.captions.first?.runs
                    == [CaptionRun("AB  "), CaptionRun("AB", style: CaptionTextStyle(italic: true))])
        }
    }

    @Test func spacesAtEndOfLine() throws {
        // Rows 1, 2 and 3, all column 0: one caption of three lines; trailing spaces (0x20 and
        // 0x2020) are not part of the text. 0x92c2 is row 3 in green (PAC attribute 1).
        // Roll-up: each PAC moves the base row and the window's text with it (15.119(f)(1)):
        // row 1's "AB " moves to row 2 and is overwritten by "AB   ", which moves to row 3 and
        // is overwritten by the green "AB". One line remains, in the window of rows 2–3, where it
        // was last written. Roll-up starts at RU2 (01:24): the words run without a pause. In
        // paint-on each PAC prepares a row shown as it is sent (15.119(f)(3)): rows 1, 2 and 3
        // from their PACs (words 2, 5 and 9: 01:25, 01:28, 02:02), all still up when the data ends.
        let green = CaptionTextStyle(textColor: .green)
        let pop = try readFixture("pycaption/sample_scc_with_spaces_at_eol_pop.scc")
        #expect(summaries(pop, dropFrame: false) == ["00:00:02:05 00:00:04:06 1-3:0 AB\nAB\nAB"])
        #expect(pop.document.captions.first?.runs == [CaptionRun("AB\nAB\n"), CaptionRun("AB", style: green)])
        let paint = try readFixture("pycaption/sample_scc_with_spaces_at_eol_paint.scc")
        #expect(
            summaries(paint, dropFrame: false) == [
                "00:00:01:25 00:00:04:05 1-1:0 paint AB", "00:00:01:28 00:00:04:05 2-2:0 paint AB",
                "00:00:02:02 00:00:04:05 3-3:0 paint AB",
            ])
        let roll = try readFixture("pycaption/sample_scc_with_spaces_at_eol_roll.scc")
        #expect(summaries(roll, dropFrame: false) == ["00:00:01:24 00:00:04:05 2-3:0 RU2 AB"])
        #expect(roll.document.captions.first?.runs == [CaptionRun("AB", style: green)])
    }

    @Test func tabOffset() throws {
        // Two-row captions, each row centred with PAC indent + tab offset: 0x9454 row 14 indent
        // 8 + TO3 = column 11 for the 9 characters of "NARRATOR:" ((32 − 9) / 2 = 11), 0x9470
        // row 15 + TO1 = column 1 for the 30 characters below ((32 − 30) / 2 = 1). Rows centred
        // one by one are one centred caption (Specs/scc.md "Captions"); a single row keeps its
        // column ("BYRON AUGUSTE: The future", 25 characters at column 3).
        let result = try readFixture("pycaption/sample_scc_tab_offset.scc")
        let all = summaries(result)
        #expect(all.count == 7)
        #expect(
            all.prefix(3) == [
                "00:00:02;03 00:00:05;25 14-15:0 NARRATOR:\nThe world of work is changing.",
                "00:00:05;26 00:00:06;25 15-15:3 BYRON AUGUSTE: The future",
                "00:00:06;26 00:00:09;11 14-15:0 is going to be very different\nthan the past.",
            ])
        #expect(result.document.captions.first?.textAlignment == .center)
    }

    @Test func duplicateTabOffset() throws {
        // PAC TO1 PAC TO1 are not adjacent repeats (15.119(i) only drops an identical pair that
        // follows at once), so each is applied: column 1; the italics mid-row code takes column
        // 1, text from column 2. First EOC is word 51 of 00:00:29:04 = 00:00:30:25. (pycaption
        // treats the second PAC TO pair as a repeat; the position is the same.)
        let result = try readFixture("pycaption/sample_scc_duplicate_tab_offset.scc")
        #expect(
            summaries(result, dropFrame: false) == [
                "00:00:30:25 00:00:32:02 13-15:2 [Radio reporter]\nThe I-10 Santa Monica Freeway\nwestbound is jammed,",
                "00:00:32:02 00:00:34:03 14-15:3 due to a three-car accident\nblocking lanes 1 and 2",
            ])
        #expect(result.document.captions.allSatisfy { $0.runs.allSatisfy(\.style.italic) })
    }

    @Test func duplicateSpecialCharacters() throws {
        // Each doubled special character is taken once (15.119(i)): ®°½¿™¢£♪à, the transparent
        // space (U+00A0, Specs/cea608/disputed-code-points.md), èâêîôû. No PAC: row 15, column
        // 0. The second caption continues at the cursor (column 16); the third starts past
        // column 32, so every character replaces column 32 and û remains there, over the first
        // caption's memory that EOC brought back. The 15 cells between were never written: they
        // show the picture and read as U+00A0, as the transparent space does.
        let result = try readFixture("pycaption/sample_scc_duplicate_special_characters.scc")
        let specials = "®°½¿™¢£♪à\u{A0}èâêîôû"
        #expect(
            summaries(result) == [
                "00:23:29;05 00:33:28;18 15-15:0 " + specials,
                "00:33:28;18 00:53:28;20 15-15:16 " + specials,
                "00:53:28;20 00:53:30;21 15-15:0 " + specials + String(repeating: "\u{A0}", count: 15) + "û",
            ])
    }

    @Test func specialAndExtendedCharactersWithoutEndOfCaption() throws {
        // No RCL, RDC, RU or EOC: characters go to non-displayed memory (pop-on is the starting
        // mode) and are never shown. 00:08:00;00 does not exist in drop-frame counting.
        let result = try readFixture("pycaption/sample_scc_special_and_extended_characters.scc")
        #expect(result.document.captions.isEmpty)
        // A file that sends words and gives no caption says why, as an error (issue 34).
        #expect(rules(result) == ["scc.drop-frame-label", "608.never-displayed", "scc.no-captions"])
        #expect(
            result.diagnostics.last?.message == "no caption for CC1: what it loads is never displayed (no EOC shows it)")
    }

    @Test func extendedCharacters() throws {
        // "MA", then Ä (0x13b0) replaces the "A": "MÄRTHA:" at row 1 indent 12 (0x91d6), shown
        // at word 10 of 00:04:36;06. The next lines use non-drop labels (00:22:32:18): the EDM
        // (word 1) ends it; ¡ (0x92a7) replaces its "!" fallback. The two JUNIOR rows are each
        // centred ((32 − 13) / 2 = 9 and (32 − 25) / 2 = 3): one centred caption of two lines.
        let result = try readFixture("pycaption/sample_scc_with_extended_characters.scc")
        let captions = result.document.captions
        #expect(captions.map(\.text) == ["MÄRTHA:", "JUNIOR: ¡Yum!\nYa me siento mucho mejor."])
        #expect(captions.first?.timeRange.start == time("00:04:36;16"))
        #expect(captions.first?.timeRange.end == time("00:22:32:19"))
        #expect(captions.dropFirst().allSatisfy { $0.timeRange.start == time("00:22:35:10") })
    }

    @Test func ampersand() throws {
        // 0x2026 is " &"; EOC is word 18 of 00:04:36;06. PAC 0x9152: row 1 indent 4.
        let result = try readFixture("pycaption/sample_scc_with_ampersand_character.scc")
        #expect(summaries(result).first == "00:04:36;24 00:04:38;25 1-1:4 MAJOR FUNDING PROVIDED BY &")
    }

    @Test func lineTooLong() throws {
        // Labels with frames 45–58 are read leniently (counted on). Text past column 32 keeps
        // replacing column 32 (15.119(e)): "was Cal l l l … d" is what a decoder shows.
        // pycaption refuses the file (CaptionLineLengthError for lines over 32 characters).
        let result = try readFixture("pycaption/sample_scc_with_line_too_long.scc")
        #expect(result.document.captions.count == 4)
        #expect(result.document.captions[1].text.hasPrefix("was Cal l l l"))
        #expect(rules(result).filter { $0 == "scc.frame-range" }.count == 4)
    }

    @Test func unknownCommands() throws {
        // Words such as "942x" are not hex: errors with their line and column, each skipped.
        let result = try readFixture("pycaption/sample_scc_with_unknown_commands.scc")
        #expect(
            result.diagnostics.filter { $0.ruleID == "scc.hex" }.map(\.location.column) == [13, 18, 23, 28, 48, 53, 58])
        #expect(result.diagnostics.filter { $0.ruleID == "scc.hex" }.allSatisfy { $0.location.line == 3 })
        // With every EOC unreadable, the loaded text is never shown (15.119(f)(2)), and the file
        // that gives no caption says why (issue 34).
        #expect(result.diagnostics.suffix(2).map(\.ruleID) == ["608.never-displayed", "scc.no-captions"])
        #expect(throws: CaptionFormatError.self) {
            try readFixture("pycaption/sample_scc_with_unknown_commands.scc", CaptionFormatOptions(strict: true))
        }
    }

    @Test func emptyFile() throws {
        let result = try readFixture("pycaption/sample_scc_empty.scc")
        #expect(result.document.captions.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func paintOnWithEraseDisplayedMemory() throws {
        // RDC "I think": painted from word 1 (00;01) at row 15 column 0; EDM at 01;00. The second
        // RDC has no PAC: the cursor is still at column 7, so "Hello" is painted there.
        let result = try readFixture("pycaption/sample_scc_paint_on_edm.scc")
        #expect(
            summaries(result) == [
                "00:00:00;01 00:00:01;00 15-15:0 paint I think",
                "00:00:02;01 00:00:04;00 15-15:7 paint Hello",
            ])
    }

    @Test func multiplePositioningPopOn() throws {
        // Three rows at three columns: 0x1370 row 13 col 0, 0x91d6 row 1 col 12, 0x92fd row 4
        // col 24 underlined: three captions with one time range (EOC word 20 of 00:00:00:16).
        let result = try readFixture("pycaption/sample_scc_multiple_positioning.scc")
        let all = summaries(result, dropFrame: false)
        #expect(
            all.prefix(4) == [
                "00:00:01:04 00:00:03:02 1-1:12 cdcd",
                "00:00:01:04 00:00:03:02 4-4:24 efef",
                "00:00:01:04 00:00:03:02 13-13:0 abab",
                "00:00:03:04 00:00:09:21 8-10:4 ghgh\nijij\nklkl",
            ])
        #expect(result.document.captions[1].runs.first?.style.underline == true)
    }

    @Test func flashingCue() throws {
        // Pop-on captions at rows 1–2 (0x9152 row 1 indent 4 …). Near the end the file sends
        // EOC then EDM in consecutive frames ("942f 942c"): per 15.119(f)(2) the caption is
        // shown for exactly one frame. pycaption refuses captions shorter than 0.05 s.
        let result = try readFixture("pycaption/sample_scc_flashing_cue.scc")
        let all = summaries(result)
        #expect(all.first == "00:00:02;06 00:00:05;01 1-2:4 OUR NATIONAL PARKS\nBELONG TO ALL OF US.")
        #expect(all.contains("00:00:22;07 00:00:22;08 1-1:7 THE PARK FOUNDATION"))
    }

    @Test func doubledMidRowBeforePunctuation() throws {
        // Row 15 (0x9470): "another episode of" in columns 0–17, the doubled italics mid-row
        // code once (a space, column 18), "Canada Files" italic in 19–30, the doubled white
        // mid-row code once (a space, column 31), then "." with the cursor past the last column:
        // it replaces column 32 (15.119(e)), so the row reads "… Canada Files." in white.
        let result = try readFixture("pycaption/sample_scc_doubled_mid_row_before_punctuation.scc")
        let captions = result.document.captions
        #expect(captions.map(\.text) == [">> We'll be back next week with", "another episode of Canada Files."])
        #expect(captions.last?.runs.map(\.style.italic) == [false, true, false])
    }

    @Test func rollUpRU2() throws {
        // RU2 CR PAC(row 15) then text per line, all doubled. Each line is a caption from the CR
        // that makes room for it (word 2 of its line; a CR restarts the run that RU2 began,
        // Specs/scc.md "Start of a roll-up line or paint-on caption") until it rolls off the
        // two-row window: the CR two lines later, which is that line's start. The first line's
        // CR rolls an empty window and still starts it. 00:00:12;30 and 00:00:13;40 have frames
        // ≥ 30 (warnings).
        let result = try readFixture("pycaption/sample_scc_roll_up_ru2.scc")
        let all = summaries(result)
        #expect(
            all.prefix(3) == [
                "00:00:00;24 00:00:04;19 14-15:0 RU2 >>> HI.",
                "00:00:02;25 00:00:06;06 14-15:0 RU2 I'M KEVIN CUNNING AND AT",
                "00:00:04;19 00:00:09;23 14-15:0 RU2 INVESTOR'S BANK WE BELIEVE IN",
            ])
        // RU3 (17;01) changes the window's size; its CR (17;03) starts the line.
        #expect(all.contains("00:00:17;03 00:00:21;26 13-15:0 RU3 WHERE YOU'RE STANDING NOW,"))
        #expect(rules(result).filter { $0 == "scc.frame-range" }.count == 2)
    }
}
