import CaptionData

/// Finds the A/53 `cc_data()` in one MPEG-2 video picture (ISO/IEC 13818-2 elementary stream,
/// as libavformat's parser cuts it): the `user_data()` after the picture header and its
/// extensions, `user_data_start_code` 0x000001B2 (13818-2 §6.2.2.2.2), holding `ATSC_user_data()`
/// with the identifier `GA94` and `user_data_type_code` 0x03 (ATSC A/53 Part 4 §6.2.2–6.2.3).
/// The search stops at the picture's first slice (start codes 0x01–0xAF): no picture is decoded
/// and the slices are never scanned.
public enum MPEG2UserDataReader {
    /// Reads the picture in `bytes` (fuzz entry point: bytes → result).
    public static func read(picture bytes: [UInt8]) -> SEICaptionReader.Reading {
        bytes.withUnsafeBytes { read(picture: $0) }
    }

    /// Reads the picture in `bytes`, a picture as a demuxer hands it on, with no copy.
    public static func read(picture bytes: RawSpan) -> SEICaptionReader.Reading {
        bytes.withUnsafeBytes { read(picture: $0) }
    }

    /// Reads the picture in `bytes`.
    static func read(picture bytes: UnsafeRawBufferPointer) -> SEICaptionReader.Reading {
        var reading = SEICaptionReader.Reading()
        var p = StartCodes.next(in: bytes, from: 0)
        while let code = p {
            let type = bytes[code + 3]
            // Slice start codes: the picture's data follows, and no more user data.
            if (0x01...0xAF).contains(type) { break }
            let next = StartCodes.next(in: bytes, from: code + 4)
            if type == 0xB2 {
                let body = UnsafeRawBufferPointer(rebasing: bytes[(code + 4)..<(next ?? bytes.count)])
                if body.count >= 5, body.prefix(4).elementsEqual(A53UserData.atscIdentifier), body[4] == 0x03 {
                    let r = CCData.read(ArraySlice(body.dropFirst(5)))
                    if let data = r.data { reading.ccData.append(data) }
                    reading.problems += r.problems
                }
            }
            p = next
        }
        return reading
    }
}

/// The `0x000001` start code prefixes of MPEG elementary streams and of H.264/HEVC byte streams
/// (ISO/IEC 13818-2 §5.3; H.264 Annex B.1).
enum StartCodes {
    /// The index of the next prefix at or after `from` that a code byte follows, nil when none.
    static func next(in bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
        var i = max(0, from)
        let end = bytes.count - 4
        while i <= end {
            // Skip fast over bytes that cannot end a prefix.
            let b = bytes[i + 2]
            if b > 1 {
                i += 3
            } else if b == 1 && bytes[i] == 0 && bytes[i + 1] == 0 {
                return i
            } else {
                i += 1
            }
        }
        return nil
    }
}
