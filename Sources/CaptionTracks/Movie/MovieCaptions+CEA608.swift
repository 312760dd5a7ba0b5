import CaptionData
import CaptionCore
import ISOBMFF

extension MovieCaptions {
    /// The largest `c608` sample read: a sample holds a pair per frame it lasts, a few bytes;
    /// anything near this is not caption data (Specs/limits.md).
    public static let maximumC608SampleBytes = 1 << 20

    /// The byte pairs of a `c608` track, each at the movie time of the frame that carries it:
    /// a sample's pairs belong to consecutive frames from the sample's time (QTFF), line 21's
    /// frames at 29.97 fps whatever the video's rate, as CEA-608 keeps its own rate (CTA-708-E
    /// §4.1) and as Apple's players and CCExtractor space them (Specs/caption-tracks.md, "c608
    /// samples"). A damaged sample is a located warning; its complete pairs and every other
    /// sample are still read.
    public func c608Transmission(_ track: Track) throws(CaptionTracksError) -> (
        transmission: CEA608Transmission, diagnostics: [Diagnostic]
    ) {
        if let kept = cache.c608(track.id) { return kept }
        let clock = try TrackClock(track: track, movieTimescale: movie.header.timescale)
        let frame = CEA608FrameSchedule.lineRate.frameDuration
        var pairs: [CEA608Transmission.TimedPair] = []
        var diagnostics: [Diagnostic] = []
        var early = 0
        // A sample holds a few pairs: the samples after it are read with it.
        var reader = SampleBytesReader(source: source, samples: try samples(of: track), aheadBytes: 1024)
        for (index, sample) in reader.samples.enumerated() {
            let time = clock.movieTime(sample.time)
            guard
                let bytes = try bytes(
                    ofSample: index, from: &reader, limit: Self.maximumC608SampleBytes, rule: "tracks.c608",
                    at: location(track: track, sample: index, time: time), into: &diagnostics)
            else { continue }
            let reading = C608Sample.read(bytes)
            for problem in reading.problems {
                diagnostics.append(
                    Diagnostic(.warning, "tracks.c608", problem, at: location(track: track, sample: index, time: time)))
            }
            for field in CaptionField.allCases {
                for (i, pair) in reading.sample.pairs(field).enumerated() {
                    let step = (try? frame.checkedMultiplying(by: Int64(i))) ?? .invalid
                    let t = time + step
                    guard t.isNumeric, t >= .zero else {
                        early += 1
                        continue
                    }
                    pairs.append(CEA608Transmission.TimedPair(time: t, field: field, pair: pair))
                }
            }
        }
        if let note = beforeStart(early, track: track) { diagnostics.append(note) }
        // Samples are in time order; pairs of one field keep their order within a sample.
        pairs.sort { $0.time < $1.time }
        let reading = (CEA608Transmission(pairs: pairs), diagnostics)
        cache.keepC608(reading, of: track.id)
        return reading
    }

    /// The byte pairs of the A/53 `cc_data` in a video track's SEI, each at the presentation
    /// time of its picture, in presentation order: pictures are stored in decoding order, and a
    /// decoder hands their caption data on in the order it shows them (`ctts`). Reading stops
    /// `limit` pictures (in decoding order) after the first that carries caption data or lies
    /// encrypted, so that a listing finds captions that start late in a long movie (a picture
    /// without them costs a few small reads) without reading all of them.
    public func seiTransmission(_ track: Track, limit: Int = .max) throws(CaptionTracksError) -> (
        transmission: CEA608Transmission, diagnostics: [Diagnostic]
    ) {
        let reading = try a53(track, limit: limit)
        return (reading.transmission, reading.diagnostics)
    }

    /// Everything the A/53 `cc_data` of a video track's SEI carries: the CEA-608 pairs
    /// (``seiTransmission(_:limit:)``) and the CEA-708 DTVCC constructs, both in presentation
    /// order, read in the same walk of the pictures.
    public func a53(_ track: Track, limit: Int = .max) throws(CaptionTracksError) -> A53Reading {
        guard let entry = track.sampleEntries.first, let reader = SEICaptionReader.forSampleEntry(entry) else {
            throw CaptionTracksError(
                .missing,
                "video track \(track.id) is \(track.format?.description ?? "of no format"): A/53 captions are read from H.264 (avc1) and HEVC (hvc1) video here; MPEG-2 video's through libavformat's demuxer (captions-media)",
                file: fileName)
        }
        if let kept = cache.sei(track.id, limit: limit) { return kept }
        let samples: [Sample]
        do throws(ISOBMFFError) {
            samples = try cachedSamples(of: track)
        } catch {
            throw CaptionTracksError(error, file: nil)
        }
        let video = try VideoFrameClock(track: track, samples: samples, movieTimescale: movie.header.timescale)
        // Made at the first picture with caption data: a long video without any needs none.
        var perSample: [[CEA608Transmission.TimedPair]] = []
        var dtvccPerSample: [Int: [CCData.Construct]] = [:]
        var diagnostics: [Diagnostic] = []
        var early = 0
        let protection = try encryption(of: track, sampleCount: video.samples.count)
        var firstEncrypted: Diagnostic?
        var encryptedSamples = 0
        var firstWithData: Int?
        var read = 0
        var heads = SampleBytesReader(
            source: source, samples: video.samples, aheadBytes: SampleBytesReader.pictureHeadBytes)
        for (index, sample) in video.samples.enumerated() {
            if let first = firstWithData, index - first >= limit { break }
            read += 1
            let reading: SEICaptionReader.Reading
            let ranges = protection?.samples[index].protectedRanges(sampleSize: sample.size) ?? []
            do throws(ISOBMFFError) {
                reading = try reader.read(sampleSize: sample.size, protectedRanges: ranges) {
                    (range: Range<Int>) throws(ISOBMFFError) in try heads.bytes(in: range, ofSample: index)
                }
            } catch {
                throw located(error)
            }
            // Most pictures of a long movie carry nothing: their time is worked out only for
            // what they carry.
            guard reading.encrypted != nil || !reading.problems.isEmpty || !reading.ccData.isEmpty else { continue }
            let time = video.presentationTime(ofSample: index)
            if let what = reading.encrypted, let protection {
                encryptedSamples += 1
                if firstEncrypted == nil {
                    let keyID = protection.samples[index].keyID
                    let kid = keyID.isEmpty ? "" : ", KID " + EncryptionDefaults.hex(keyID)
                    firstEncrypted = Diagnostic(
                        .error, Self.encryptedRule,
                        "encrypted: the SEI of sample \(index + 1) lies in protected bytes (scheme \(protection.scheme)\(kid)): \(what); its captions cannot be read without decrypting, which this reader does not do",
                        at: location(track: track, sample: index, time: time))
                }
            }
            for problem in reading.problems {
                diagnostics.append(
                    Diagnostic(.warning, "tracks.a53", problem, at: location(track: track, sample: index, time: time)))
            }
            if firstWithData == nil,
                reading.encrypted != nil
                    || reading.ccData.contains(where: { data in
                        !data.pairs.isEmpty || data.constructs.contains { data.processCCData && $0.valid && $0.type >= 2 }
                    })
            {
                firstWithData = index
            }
            for data in reading.ccData {
                guard time.isNumeric, time >= .zero else {
                    early += data.pairs.count
                    continue
                }
                for (field, pair) in data.pairs {
                    if perSample.isEmpty { perSample = Array(repeating: [], count: video.samples.count) }
                    perSample[index].append(CEA608Transmission.TimedPair(time: time, field: field, pair: pair))
                }
                // CTA-708-E §4.4: cc_type 2 and 3 carry DTVCC packets; process_cc_data_flag 0
                // says to ignore the whole cc_data.
                let dtvcc = data.constructs.filter { data.processCCData && $0.valid && $0.type >= 2 }
                if !dtvcc.isEmpty { dtvccPerSample[index, default: []] += dtvcc }
            }
        }
        if let note = beforeStart(early, track: track) { diagnostics.append(note) }
        if var first = firstEncrypted {
            if encryptedSamples > 1 {
                first.message += " (\(encryptedSamples) samples of \(read) read are so)"
            }
            diagnostics.append(first)
        }
        var pairs: [CEA608Transmission.TimedPair] = []
        var dtvcc = DTVCCTransmission()
        if !perSample.isEmpty || !dtvccPerSample.isEmpty {
            for index in video.presentationOrder {
                if !perSample.isEmpty { pairs += perSample[index] }
                if let constructs = dtvccPerSample[index] {
                    dtvcc.add(constructs, time: video.presentationTime(ofSample: index), number: index)
                }
            }
        }
        // A 708 caption still shown ends with the last picture read.
        let last = video.presentationOrder.last(where: { $0 < read })
        let end = last.map { video.presentationTime(ofSample: $0) + video.rate.frameDuration }
        let reading = A53Reading(
            transmission: CEA608Transmission(pairs: pairs), dtvcc: dtvcc, diagnostics: diagnostics, end: end,
            locating: locating(track))
        if read == video.samples.count {
            // Every picture read: what any limit gives, for as long as it reads them all.
            cache.keepSEI(reading, of: track.id, pictures: read, firstWithData: firstWithData)
            // Nothing found: that reading answers every later scan, and the samples (48 bytes a
            // picture) need not be kept.
            if firstWithData == nil { cache.forgetSamples(of: track.id) }
        }
        return reading
    }

    /// The bytes of `sample`; nil, with a warning of `rule` located `here` (worked out only
    /// then), when it is larger than `limit`.
    func bytes(
        of sample: Sample, limit: Int, rule: String, at here: @autoclosure () -> DiagnosticLocation,
        into diagnostics: inout [Diagnostic]
    )
        throws(CaptionTracksError) -> [UInt8]?
    {
        guard sample.size <= limit else {
            diagnostics.append(oversized(sample, limit: limit, rule: rule, at: here()))
            return nil
        }
        do throws(ISOBMFFError) {
            return try source.bytes(in: sample.offset..<(sample.offset + sample.size))
        } catch {
            throw CaptionTracksError(error, file: fileName)
        }
    }

    /// ``bytes(of:limit:rule:at:into:)`` of sample `index` of `reader`, read with the samples
    /// after it.
    func bytes(
        ofSample index: Int, from reader: inout SampleBytesReader, limit: Int, rule: String,
        at here: @autoclosure () -> DiagnosticLocation, into diagnostics: inout [Diagnostic]
    ) throws(CaptionTracksError) -> ArraySlice<UInt8>? {
        let sample = reader.samples[index]
        guard sample.size <= limit else {
            diagnostics.append(oversized(sample, limit: limit, rule: rule, at: here()))
            return nil
        }
        do throws(ISOBMFFError) {
            return try reader.bytes(in: 0..<sample.size, ofSample: index)
        } catch {
            throw CaptionTracksError(error, file: fileName)
        }
    }

    private func oversized(_ sample: Sample, limit: Int, rule: String, at here: DiagnosticLocation) -> Diagnostic {
        Diagnostic(.warning, rule, "a sample of \(sample.size) bytes, more than the \(limit) read; skipped", at: here)
    }

    /// The note for `count` byte pairs before movie time zero (an edit list starting later).
    func beforeStart(_ count: Int, track: Track) -> Diagnostic? {
        guard count > 0 else { return nil }
        return Diagnostic(
            .info, "tracks.before-start",
            "\(count) byte pair(s) fall before the movie's start (edit list) and are not shown",
            at: location(track: track, sample: nil, time: nil))
    }

    /// Every sample of `track` (``Movie/samples(of:)``), read once for this movie.
    func samples(of track: Track) throws(CaptionTracksError) -> [Sample] {
        do throws(ISOBMFFError) {
            return try cachedSamples(of: track)
        } catch {
            throw located(error)
        }
    }

    private func cachedSamples(of track: Track) throws(ISOBMFFError) -> [Sample] {
        if let kept = cache.samples(of: track.id) { return kept }
        let samples = try movie.samples(of: track)
        cache.keep(samples, of: track.id)
        return samples
    }

    /// Reads the samples of `tracks` for the reads to come, in one walk of the movie's
    /// fragments. A damaged fragment leaves them unread: each track's own read then reports
    /// what concerns it (a damaged run of another track may not stop it).
    func prefetchSamples(of tracks: [Track]) {
        let unread = tracks.filter { cache.samples(of: $0.id) == nil }
        guard unread.count > 1, !movie.fragments.isEmpty, let all = try? movie.samples(of: unread) else { return }
        for (track, samples) in zip(unread, all) { cache.keep(samples, of: track.id) }
    }

    /// The rule of the finding that a sample's SEI lies in encrypted bytes.
    static let encryptedRule = "tracks.encrypted"

    /// How the samples of an encrypted track (`encv`, ISO/IEC 23001-7) are protected, and its
    /// scheme and default key for messages; nil for a clear track.
    func encryption(of track: Track, sampleCount: Int) throws(CaptionTracksError) -> (
        samples: [SampleProtection], scheme: String
    )? {
        do throws(ISOBMFFError) {
            guard let samples = try movie.sampleProtection(of: track) else { return nil }
            guard samples.count == sampleCount else {
                throw ISOBMFFError(
                    .malformed,
                    "\(samples.count) samples have encryption information, but the track has \(sampleCount)",
                    path: track.box.path)
            }
            let scheme = try track.protectionSchemes().compactMap { $0 }.first
            return (samples, scheme?.schemeType?.description ?? "unknown")
        } catch {
            throw located(error)
        }
    }

    /// A box reader's error as this movie's: located in the segment that holds its offset when
    /// the movie is read from segments.
    func located(_ error: ISOBMFFError) -> CaptionTracksError {
        var e = (source as? SegmentedByteSource)?.located(error) ?? error
        let file = e.file ?? fileName
        e.file = nil
        return CaptionTracksError(e, file: file)
    }
}
