import CEA608
import CaptionCore

/// What one caption source holds, counted over all of it (`captions inspect`): the samples or
/// pictures read, the CEA-608 byte pairs of each field and how many of them are not filler, the
/// captions each channel present decodes to, the captions of each CEA-708 service, and the XDS
/// packets of field 2. It shows at a glance
/// a source that carries data and gives no caption (only filler, only XDS, another channel).
public struct CaptionSourceCensus: Sendable {
    /// Samples of the track, or pictures of the video, read.
    public var samples: Int
    /// Byte pairs received in field 1 and field 2 (index 0 and 1), filler included; zeros for a
    /// subtitle track.
    public var pairs: [Int] = [0, 0]
    /// Of those, the pairs that are not filler (0x80 0x80).
    public var dataPairs: [Int] = [0, 0]
    /// Captions decoded, per CEA-608 channel (1–4) that announces itself with a control code;
    /// for a subtitle track, one entry under channel 0.
    public var captions: [Int: Int] = [:]
    /// Captions decoded, per CEA-708 service (1–63) with data.
    public var services: [Int: Int] = [:]
    /// The language of a CEA-708 service, when the stream says (`ccsvcinfo`).
    public var serviceLanguages: [Int: String] = [:]
    /// The XDS packets of field 2 (CTA-608-E §9), in order.
    public var xds: [XDSPacket] = []
    /// What reading the source noticed (decoding each channel, the XDS packets).
    public var diagnostics: [Diagnostic] = []

    public init(samples: Int) { self.samples = samples }

    /// The rule of the note that sums a census up.
    public static let rule = "tracks.census"
}

extension CEA608Transmission {
    /// The census of these pairs: counts per field, each present channel decoded by the SCC
    /// reader with `options` (its `channel` set to each in turn), and field 2's XDS packets on
    /// line 21's frames. `name` locates what is found; `samples` is how many samples or pictures
    /// carried the pairs.
    public func census(samples: Int, name: String, options: CaptionFormatOptions = CaptionFormatOptions())
        -> CaptionSourceCensus
    {
        var census = CaptionSourceCensus(samples: samples)
        for p in pairs {
            let index = p.field == .one ? 0 : 1
            census.pairs[index] += 1
            if !p.pair.isPadding { census.dataPairs[index] += 1 }
        }
        for channel in channels {
            var channelOptions = options
            channelOptions.channel = channel
            do throws(CaptionTracksError) {
                let read = try captions(options: channelOptions, name: name, language: nil)
                census.captions[channel] = read.document.captions.count
                census.diagnostics += read.diagnostics.filter { $0.severity != .info }
            } catch {
                census.captions[channel] = 0
                census.diagnostics.append(Diagnostic(.error, "tracks.a53", error.description))
            }
        }
        let rate = options.frameRate ?? CEA608FrameSchedule.lineRate
        let field2 = words(.two, rate: rate).map {
            (frame: $0.frame, first: UInt8($0.word >> 8), second: UInt8($0.word & 0xFF))
        }
        let (packets, problems) = XDSDecoder.packets(in: field2) { frame in
            DiagnosticLocation(
                file: name, timecode: try? Timecode(frameCount: frame, rate: rate, dropFrame: rate.supportsDropFrame)
                    .description)
        }
        census.xds = packets
        census.diagnostics += problems
        return census
    }
}

extension A53Reading {
    /// The census of both halves: the CEA-608 pairs' (``CEA608Transmission/census(samples:name:options:)``)
    /// and the captions of each CEA-708 service, with `serviceLanguage` where the stream says.
    public func census(
        samples: Int, name: String, options: CaptionFormatOptions = CaptionFormatOptions(),
        serviceLanguage: (Int) -> String? = { _ in nil }
    ) -> CaptionSourceCensus {
        var census = transmission.census(samples: samples, name: name, options: options)
        census.diagnostics = diagnostics.filter { $0.severity != .info } + census.diagnostics
        for service in services {
            var serviceOptions = options
            serviceOptions.settings[CaptionFormatOptions.dtvccServiceSetting] = String(service)
            serviceOptions.channel = nil
            do throws(CaptionTracksError) {
                let read = try captions(options: serviceOptions, name: name, language: nil)
                census.services[service] = read.document.captions.count
                // The stream's own findings come first in each read: they are counted once, above.
                census.diagnostics += read.diagnostics.dropFirst(diagnostics.count).filter { $0.severity != .info }
            } catch {
                census.services[service] = 0
                census.diagnostics.append(Diagnostic(.error, "tracks.dtvcc", error.description))
            }
            if let language = serviceLanguage(service) { census.serviceLanguages[service] = language }
        }
        return census
    }
}
