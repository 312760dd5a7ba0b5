import CEA608
import CEA708
import CaptionCore
import CaptionData
import Foundation
import MCC
import SCC

// MacCaption MCC as a caption file format (Specs/mcc.md): reading decodes a CEA-608 channel of
// the CDPs' cc_data through the SCC reader, as c608 tracks and A/53 data are read, or a CEA-708
// service through the 708 decoder (`--service`, or the first service when there is no 608);
// writing sends the captions' CEA-608 words in one CDP a frame, as A/53 data carries them in
// pictures at the file's rate (A53FrameCaptions), and the same captions as CEA-708 service 1 in
// the constructs left (CEA708CaptionEncoder, CEA708Scheduler, DTVCCConstructQueue).

/// The MCC row of the format registry.
public enum MCCCaptionFormat {
    /// `--option uuid=…`: the file's `UUID=` (default: a new random one, as MacCaption writes).
    public static let uuidSetting = "uuid"
    /// `--option created=…`: the `Creation Date=`/`Creation Time=` as an ISO 8601 UTC time or
    /// seconds since 1970 (default: `SOURCE_DATE_EPOCH` when set, for reproducible output,
    /// else now).
    public static let createdSetting = "created"

    /// The writer with the header the options ask for.
    static func writer(_ rate: MCCTimeCodeRate, options: CaptionFormatOptions) throws(CaptionFormatError) -> MCCWriter {
        var uuid = UUID()
        if let text = options.settings[uuidSetting] {
            guard let given = UUID(uuidString: text) else {
                throw CaptionFormatError(
                    .cannotWrite, "\(CaptionFormatOptions.ParameterWords.setting(uuidSetting)) \(text) is not a UUID")
            }
            uuid = given
        }
        var date = Date()
        if let text = options.settings[createdSetting] ?? ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] {
            if let seconds = Double(text), seconds.isFinite {
                date = Date(timeIntervalSince1970: seconds)
            } else if let parsed = try? Date(text, strategy: .iso8601) {
                date = parsed
            } else {
                throw CaptionFormatError(
                    .cannotWrite,
                    "\(CaptionFormatOptions.ParameterWords.setting(createdSetting)) \(text) is neither an ISO 8601 time nor seconds since 1970"
                )
            }
        }
        let utc =
            options.settings[createdSetting] != nil || ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] != nil
        return MCCWriter(
            timeCodeRate: rate, uuid: uuid, date: date,
            timeZone: utc ? TimeZone(identifier: "UTC") ?? .current : .current)
    }

    public static let descriptor = CaptionFormat(
        name: "mcc", title: "MacCaption MCC (CEA-608 and CEA-708 in SMPTE ST 334-2 CDPs)", extensions: ["mcc"],
        probe: probe, reader: read, writer: { document, options in try write(document, options) })

    /// How a document is fitted to CEA-608 (wrapped, placed on the grid, styles mapped) before
    /// its words are made, and what that changed.
    public typealias CEA608Conformer = @Sendable (CaptionDocument, CaptionFormatOptions) -> (
        CaptionDocument, [Diagnostic]
    )

    /// The MCC row whose writer fits the copy of each document that the CEA-608 half is made
    /// from with `conform`; the CEA-708 half is made from the document as it is, since 708's
    /// windows and pens hold the places and sizes that 608's grid cannot (the caption format
    /// modules do not depend on the validator, which conforms).
    public static func descriptor(conformingCEA608 conform: @escaping CEA608Conformer) -> CaptionFormat {
        CaptionFormat(
            name: descriptor.name, title: descriptor.title, extensions: descriptor.extensions, probe: probe,
            reader: read, writer: { document, options in try write(document, options, conform: conform) })
    }

    /// 100 when the bytes start with MCC's signature line (after an optional byte order mark).
    @Sendable
    public static func probe(_ bytes: ArraySlice<UInt8>) -> Int {
        var head = bytes
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        return head.starts(with: MCCFormat.signature.utf8) ? 100 : 0
    }

    /// The CEA-608 pairs of both fields on the frames' times, the order a decoder receives them.
    public static func transmission(_ result: MCCReadResult) -> CEA608Transmission {
        var pairs: [CEA608Transmission.TimedPair] = []
        for frame in result.frames {
            for c in frame.cdp?.ccData ?? [] {
                guard let field = c.field else { continue }
                pairs.append(CEA608Transmission.TimedPair(time: frame.time, field: field, pair: c.pair))
            }
        }
        return CEA608Transmission(pairs: pairs)
    }

    /// The DTVCC constructs of every CDP, on their lines' times.
    public static func dtvcc(_ result: MCCReadResult) -> DTVCCTransmission {
        var dtvcc = DTVCCTransmission()
        for (index, frame) in result.frames.enumerated() {
            if let constructs = frame.cdp?.ccData { dtvcc.add(constructs, time: frame.time, number: index) }
        }
        return dtvcc
    }

    /// Where a CDP of ``dtvcc(_:)`` is: the file's line, its label and time.
    static func locating(_ result: MCCReadResult) -> @Sendable (DTVCCTransmission.Picture) -> DiagnosticLocation {
        { picture in
            let frame = result.frames[picture.number]
            return DiagnosticLocation(file: result.fileName, line: frame.line, timecode: frame.label, time: frame.time)
        }
    }

    /// Both halves of the file's cc_data (the captions of the last line last to its frame's end).
    static func reading(_ result: MCCReadResult) -> A53Reading {
        let frame = result.header.timeCodeRate?.frameRate.frameDuration ?? .zero
        return A53Reading(
            transmission: transmission(result), dtvcc: dtvcc(result), diagnostics: result.diagnostics,
            end: result.frames.last.map { $0.time + frame }, locating: locating(result))
    }

    /// What the file carries, counted (`captions inspect`): captions per CEA-608 channel and per
    /// CEA-708 service, with each service's language from `ccsvcinfo`.
    public static func census(_ bytes: [UInt8], fileName: String?) throws(CaptionFormatError) -> CaptionSourceCensus {
        let result = try MCCReader(fileName: fileName).read(bytes)
        return reading(result).census(
            samples: result.frames.count, name: fileName ?? "MCC file", serviceLanguage: { language(of: $0, in: result) })
    }

    /// The language `ccsvcinfo` gives a digital service, when a CDP says.
    static func language(of service: Int, in result: MCCReadResult) -> String? {
        language(in: result) { if case .digital(let number) = $0 { number == service } else { false } }
    }

    /// The language `ccsvcinfo` gives the CEA-608 services of a field, when a CDP says (our
    /// writer names it, so that a 608 read gives back the language written).
    static func language(of field: CaptionField, in result: MCCReadResult) -> String? {
        language(in: result) { if case .line21(let f) = $0 { f == field } else { false } }
    }

    private static func language(in result: MCCReadResult, of matches: (CDP.Service.Kind) -> Bool) -> String? {
        for frame in result.frames {
            // "und" (ISO 639-2: undetermined) is what a writer says when it does not know.
            for entry in frame.cdp?.serviceInfo?.services ?? [] where matches(entry.kind) {
                return entry.language == "und" ? nil : entry.language
            }
        }
        return nil
    }

    @Sendable
    static func read(_ bytes: [UInt8], _ options: CaptionFormatOptions) throws(CaptionFormatError)
        -> CaptionReadResult
    {
        let name = options.fileName ?? "MCC file"
        let result = try MCCReader(fileName: options.fileName).read(bytes)
        // The pairs are on the file's frames; the SCC reader places them on line 21's 29.97 fps
        // frames (CEA608Transmission.words), whatever the file's rate.
        var lineOptions = options
        lineOptions.frameRate = nil
        let reading = reading(result)
        do throws(CaptionTracksError) {
            let field = CaptionField(channel: options.channel ?? 1) ?? .one
            return try reading.captions(
                options: lineOptions, name: name, language: language(of: field, in: result),
                serviceLanguage: { language(of: $0, in: result) })
        } catch {
            throw CaptionFormatError(.unreadable, error.message, at: DiagnosticLocation(file: options.fileName))
        }
    }

    static func write(_ document: CaptionDocument, _ options: CaptionFormatOptions, conform: CEA608Conformer? = nil)
        throws(CaptionFormatError)
        -> CaptionWriteResult
    {
        let rate = options.frameRate ?? .fps29_97
        let dropFrame = options.dropFrame ?? rate.supportsDropFrame
        guard let code = MCCTimeCodeRate(frameRate: rate, dropFrame: dropFrame), CDP.frameRateCode(for: rate) != nil
        else {
            throw CaptionFormatError(
                .cannotWrite, "MCC has no time code rate for \(rate) fps\(dropFrame ? " drop-frame" : "")",
                at: DiagnosticLocation(file: options.fileName))
        }
        let channel = options.channel ?? 1
        guard let field = CaptionField(channel: channel) else {
            throw CaptionFormatError(.cannotWrite, "channel must be 1, 2, 3 or 4, not \(channel)")
        }
        // The words the SCC writer sends at 29.97 fps (line 21), on their frames.
        let line = CEA608FrameSchedule.lineRate
        var sccOptions = options
        sccOptions.frameRate = line
        sccOptions.dropFrame = true
        sccOptions.startTimecode = nil
        // The 608 half is laid out from the captions where the 708 half's windows are (a region in
        // percent moved onto the relative anchors, §8.4.4): laid out from the place asked, a
        // caption near a row's edge took the row above the one that the 708 half, read back and
        // written again, gave (Fixtures/fuzz/mcc/608-row-from-a-place-708-moved-fuzz.mcc).
        let placed = CEA708CaptionEncoder.anchored(document)
        let (line21Document, conformed) = conform?(placed, options) ?? (placed, [])
        let written = try SCCWriter(options: sccOptions).write(line21Document)
        var scan = CaptionFormatOptions(frameRate: line)
        scan.fileName = options.fileName
        let words = try SCCTransmission(scanning: written.bytes, options: scan).words.map {
            ScheduledWord(frame: $0.frame, word: UInt16($0.first) << 8 | UInt16($0.second), changesScreen: false)
        }
        let schedule = CEA608FrameSchedule(
            rate: line, field1: field == .one ? words : [], field2: field == .two ? words : [])

        var start: Int64 = 0
        if let text = options.startTimecode {
            do throws(TimecodeError) {
                start = try Timecode(text, rate: rate).frameCount(at: rate)
            } catch {
                throw CaptionFormatError(.cannotWrite, "start timecode \(text): \(error)")
            }
        }
        // CEA-708 service 1 from the same captions (Specs/cea708.md), in the DTVCC constructs
        // each CDP has left after the CEA-608 pairs (A53FrameCaptions).
        let service = DTVCCService(document, rate: rate)

        // Every frame from the first data's to the one after the last data's, one CDP each (an
        // MCC file need not start at 00:00:00:00: each line has its label), as a c708 track
        // holds them (A53FrameCaptions.cdp(forFrame:serviceInfo:)).
        let carrier = A53FrameCaptions(schedule: schedule, videoRate: rate, attaches: true, dtvcc: [service])
        let frames = carrier.dataFrames.isEmpty ? 0..<2 : carrier.dataFrames
        let writer = try Self.writer(code, options: options)
        let language = document.language.flatMap(LanguageTag.init)?.iso639_2 ?? "und"
        var text = writer.header
        for n in frames {
            // The first CDP says which services the stream carries (ccsvcinfo, SMPTE ST 334-2).
            let info =
                n == frames.lowerBound
                ? CDP.ServiceInfo(services: [
                    CDP.Service(language: language, kind: .line21(field)),
                    CDP.Service(language: language, kind: .digital(service: 1)),
                ]) : nil
            guard let cdp = carrier.cdp(forFrame: n, serviceInfo: info),
                let label = try? Timecode(frameCount: start + n, rate: rate, dropFrame: dropFrame),
                let data = writer.line(MCCWriter.Frame(timecode: label, cdp: cdp))
            else {
                throw CaptionFormatError(.cannotWrite, "frame \(n) cannot be written as an MCC line")
            }
            text += data + "\r\n"
        }
        return CaptionWriteResult(
            bytes: Array(text.utf8), diagnostics: conformed + written.diagnostics + service.diagnostics)
    }
}
