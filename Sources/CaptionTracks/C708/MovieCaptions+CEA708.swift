import CaptionCore
import CaptionData
import ISOBMFF

extension MovieCaptions {
    /// The largest `c708` sample read: a sample holds a CDP a frame it lasts, at most 255 bytes
    /// each; anything near this is not caption data (Specs/limits.md).
    public static let maximumC708SampleBytes = 1 << 20

    /// What a `c708` closed-caption track carries, read from its `ccdp` atoms' CDPs (SMPTE ST
    /// 334-2) as an MCC file's lines are: the CEA-608 pairs and the CEA-708 DTVCC constructs of
    /// each packet's `cc_data` at the movie time of its sample (the k-th packet of a sample k
    /// frames of its `cdp_frame_rate` later), and the language each digital service has in a
    /// `ccsvcinfo` section. A damaged sample or packet is a located warning (track, sample,
    /// time), as is a break in the packets' sequence counter; what reads whole is kept, and
    /// every other sample is read. See Specs/caption-tracks.md, "c708 samples".
    public func c708(_ track: Track) throws(CaptionTracksError) -> (
        reading: A53Reading, serviceLanguages: [Int: String]
    ) {
        if let kept = cache.c708(track.id) { return kept }
        let clock = try TrackClock(track: track, movieTimescale: movie.header.timescale)
        var pairs: [CEA608Transmission.TimedPair] = []
        var dtvcc = DTVCCTransmission()
        var languages: [Int: String] = [:]
        var diagnostics: [Diagnostic] = []
        var early = 0
        var previousCounter: UInt16?
        var end: MediaTime?
        // A sample holds a packet or a few: the samples after it are read with it.
        var reader = SampleBytesReader(source: source, samples: try samples(of: track), aheadBytes: 4096)
        for (index, sample) in reader.samples.enumerated() {
            let time = clock.movieTime(sample.time)
            let here = { [self] in location(track: track, sample: index, time: time) }
            end = time + clock.duration(sample.duration)
            guard
                let bytes = try bytes(
                    ofSample: index, from: &reader, limit: Self.maximumC708SampleBytes, rule: C708Sample.rule,
                    at: here(), into: &diagnostics)
            else { continue }
            let reading = C708Sample.read(bytes)
            for problem in reading.problems {
                diagnostics.append(Diagnostic(.warning, problem.rule, problem.message, at: here()))
            }
            for (k, cdp) in reading.packets.enumerated() {
                if let previousCounter, cdp.sequenceCounter != previousCounter &+ 1 {
                    diagnostics.append(
                        Diagnostic(
                            .warning, "cdp.sequence-gap",
                            "cdp_hdr_sequence_cntr \(cdp.sequenceCounter) follows \(previousCounter): packets lost or out of order",
                            at: here()))
                }
                previousCounter = cdp.sequenceCounter
                for entry in cdp.serviceInfo?.services ?? [] {
                    if case .digital(let number) = entry.kind, languages[number] == nil {
                        languages[number] = entry.language
                    }
                }
                let step = (try? (cdp.frameRate?.frameDuration ?? .zero).checkedMultiplying(by: Int64(k))) ?? .invalid
                let t = time + step
                let constructs = cdp.ccData ?? []
                guard t.isNumeric, t >= .zero else {
                    early += constructs.filter { $0.field != nil }.count
                    continue
                }
                for c in constructs {
                    if let field = c.field {
                        pairs.append(CEA608Transmission.TimedPair(time: t, field: field, pair: c.pair))
                    }
                }
                dtvcc.add(constructs, time: t, number: index)
            }
        }
        if let note = beforeStart(early, track: track) { diagnostics.append(note) }
        let reading = A53Reading(
            transmission: CEA608Transmission(pairs: pairs), dtvcc: dtvcc, diagnostics: diagnostics, end: end,
            locating: locating(track))
        let result = (reading, languages)
        cache.keepC708(result, of: track.id)
        return result
    }
}
