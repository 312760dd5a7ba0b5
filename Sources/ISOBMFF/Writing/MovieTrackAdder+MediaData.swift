// The bytes around moov: the mdat that holds the new samples, and the input copied in pieces.

extension MovieTrackAdder {
    /// `box` with its header rewritten to hold `extra` more bytes, when it is an mdat whose size
    /// field can say so (a 32-bit size that stays below 4 GiB, a 64-bit size, or 0, "to the end of
    /// the file", which stays true); nil otherwise.
    func grownMediaData(_ box: Box, by extra: Int) throws(ISOBMFFError) -> (box: Box, header: [UInt8])? {
        guard box.type == "mdat" else { return nil }
        var r = BigEndianReader(
            try source.bytes(in: box.offset..<(box.offset + min(box.size, 16))), path: box.path, baseOffset: box.offset)
        let size32 = try r.u32("the box size")
        var w = BoxWriter()
        switch size32 {
        case 0:
            w.u32(0)
            w.fourCC("mdat")
        case 1:
            w.u32(1)
            w.fourCC("mdat")
            w.u64(UInt64(box.size + extra))
        default:
            guard box.size + extra <= Int(UInt32.max) else { return nil }
            w.u32(UInt32(box.size + extra))
            w.fourCC("mdat")
        }
        return (box, w.bytes)
    }

    func mdatBoxHeader(payload: Int, headerSize: Int) -> [UInt8] {
        var w = BoxWriter()
        if headerSize == 8 {
            w.u32(UInt32(payload + 8))
            w.fourCC("mdat")
        } else {
            w.u32(1)
            w.fourCC("mdat")
            w.u64(UInt64(payload + 16))
        }
        return w.bytes
    }

    func writeSamples(_ tracks: [NewTrack], _ write: ([UInt8]) throws(ISOBMFFError) -> Void)
        throws(ISOBMFFError)
    {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        for track in tracks {
            for sample in track.samples {
                buffer += sample.data
                if buffer.count >= 1 << 20 {
                    try write(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
        }
        if !buffer.isEmpty { try write(buffer) }
    }

    func copy(_ range: Range<Int>, _ write: ([UInt8]) throws(ISOBMFFError) -> Void) throws(ISOBMFFError) {
        var start = range.lowerBound
        let piece = 4 << 20
        while start < range.upperBound {
            let end = min(range.upperBound, start + piece)
            try write(try source.bytes(in: start..<end))
            start = end
        }
    }

    /// Copies the boxes after `moov`; a last box whose size field is 0 ("to the end of the
    /// file", §4.2) gets its real size, since the new `mdat` follows it.
    func copyAfterMovie(from start: Int, _ write: ([UInt8]) throws(ISOBMFFError) -> Void) throws(ISOBMFFError) {
        guard let last = movie.topLevelBoxes.last, last.offset >= start else {
            try copy(start..<movie.fileSize, write)
            return
        }
        let head = try source.bytes(in: last.offset..<(last.offset + 4))
        guard head == [0, 0, 0, 0] else {
            try copy(start..<movie.fileSize, write)
            return
        }
        guard last.size <= Int(UInt32.max) else {
            throw ISOBMFFError(
                .unsupported, "the last box runs to the end of the file (size 0) and is over 4 GiB",
                path: last.path, offset: last.offset)
        }
        try copy(start..<last.offset, write)
        var w = BoxWriter()
        w.u32(UInt32(last.size))
        try write(w.bytes)
        try copy((last.offset + 4)..<movie.fileSize, write)
    }
}
