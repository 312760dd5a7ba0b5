import CaptionTracks

/// The transport stream PSI reader (``TransportStreamCaptionServices``: packets, sections, the
/// PAT, the PMT and ATSC A/65 caption_service_descriptors) on any bytes, for the seeds' video
/// PID (0x31) and FFmpeg's (0x100):
/// 1. it returns (nil, or what it found) and never crashes or hangs (libFuzzer's limits);
/// 2. what it keeps is what A/65 Table 6.26 allows: CEA-708 services 1–63, languages of three
///    lower-case ASCII letters, never `und`;
/// 3. every diagnostic names the file and a packet of the input (1 to the bytes ÷ 188), with a
///    sentence.
enum TransportStreamCheck {
    static let fileName = "fuzz-input.ts"

    static func check(_ bytes: [UInt8]) throws(FuzzFinding) {
        for pid in [0x31, 0x100] {
            let read = TransportStreamCaptionServices.read(bytes, videoPID: pid, fileName: fileName)
            guard let read else { continue }
            for (service, language) in read.services {
                guard (1...63).contains(service) else { throw FuzzFinding("service \(service) kept") }
                try checkLanguage(language)
            }
            for language in read.fields.values { try checkLanguage(language) }
            for d in read.diagnostics {
                let prefix = fileName + " packet "
                guard let file = d.location.file, file.hasPrefix(prefix), !d.message.isEmpty,
                    let packet = Int(file.dropFirst(prefix.count)), (1...(bytes.count / 188)).contains(packet)
                else { throw FuzzFinding("a diagnostic without the file, a packet of the input or a sentence: \(d)") }
            }
        }
    }

    static func checkLanguage(_ language: String) throws(FuzzFinding) {
        guard language.utf8.count == 3, language.utf8.allSatisfy({ (0x61...0x7A).contains($0) }), language != "und"
        else { throw FuzzFinding("language \(language.debugDescription) kept") }
    }
}
