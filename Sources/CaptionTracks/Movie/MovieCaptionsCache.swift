import CaptionCore
import ISOBMFF
import Synchronization

/// What reading a movie's captions has worked out, kept for the next read of the same movie:
/// each track's samples, and each CEA-608 source's byte pairs with their findings. Listing the
/// sources (``MovieCaptions/sources(seiScanLimit:)``) reads a `c608` track in full to name its
/// channels and scans the video for A/53 data; reading the chosen source then reuses both, so
/// that one conversion walks a fragmented movie's `moof` boxes once per track at most.
///
/// Shared by the copies of one ``MovieCaptions`` (whose movie never changes); safe across
/// threads (a lock around every access).
final class MovieCaptionsCache: Sendable {
    /// A CEA-608 source read in full: its pairs and what was found on the way.
    typealias Reading = (transmission: CEA608Transmission, diagnostics: [Diagnostic])

    /// A `c708` track read in full: its `cc_data` and its services' languages.
    typealias C708Reading = (reading: A53Reading, serviceLanguages: [Int: String])

    /// A video track's A/53 pairs read from every picture, and what says which scans would
    /// have read them all.
    private struct SEIReading {
        var reading: A53Reading
        var pictures: Int
        var firstWithData: Int?
    }

    private struct State {
        var samples: [UInt32: [Sample]] = [:]
        var c608: [UInt32: Reading] = [:]
        var c708: [UInt32: C708Reading] = [:]
        var sei: [UInt32: SEIReading] = [:]
    }

    private let state = Mutex(State())

    init() {}

    /// The samples of the track `id`, when read.
    func samples(of id: UInt32) -> [Sample]? { state.withLock { $0.samples[id] } }

    func keep(_ samples: [Sample], of id: UInt32) { state.withLock { $0.samples[id] = samples } }

    /// Lets the samples of the track `id` go, when what was read from them is kept.
    func forgetSamples(of id: UInt32) { state.withLock { $0.samples[id] = nil } }

    /// The pairs of the `c608` track `id`, when read.
    func c608(_ id: UInt32) -> Reading? { state.withLock { $0.c608[id] } }

    func keepC608(_ reading: Reading, of id: UInt32) { state.withLock { $0.c608[id] = reading } }

    /// What the `c708` track `id` carries, when read.
    func c708(_ id: UInt32) -> C708Reading? { state.withLock { $0.c708[id] } }

    func keepC708(_ reading: C708Reading, of id: UInt32) { state.withLock { $0.c708[id] = reading } }

    /// The A/53 pairs of the video track `id` as a scan with `limit` gives them, when every
    /// picture was read and that scan would read them all too (it stops `limit` pictures
    /// after the first with data: ``MovieCaptions/a53(_:limit:)``).
    func sei(_ id: UInt32, limit: Int) -> A53Reading? {
        state.withLock { state in
            guard let kept = state.sei[id] else { return nil }
            guard let first = kept.firstWithData else { return kept.reading }
            return kept.pictures - first <= limit ? kept.reading : nil
        }
    }

    /// Keeps the pairs of every one of `pictures` pictures, the first with data at
    /// `firstWithData`.
    func keepSEI(_ reading: A53Reading, of id: UInt32, pictures: Int, firstWithData: Int?) {
        state.withLock { $0.sei[id] = SEIReading(reading: reading, pictures: pictures, firstWithData: firstWithData) }
    }
}
