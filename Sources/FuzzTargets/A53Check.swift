import CaptionData
import CaptionTracks

/// The A/53 caption readers (`cc_data()` in H.264 and HEVC SEI, stored or Annex B, and in MPEG-2
/// picture user data), on any bytes. The first byte chooses the reader (mod 6: `cc_data()`
/// alone; an H.264 or HEVC sample whose NAL lengths take 1, 2 or 4 bytes, by the byte ÷ 6; an
/// H.264 or HEVC Annex B picture; an MPEG-2 picture); the rest is its input:
/// 1. reading never fails: what it finds, and a sentence for each problem (none empty);
/// 2. each `cc_data()` holds at most 31 constructs (a 5-bit count), each `cc_type` 0–3, and
///    its CEA-608 pairs are the valid type 0 and 1 constructs;
/// 3. its first pair of each field, encoded as the export pipeline does (`CCData.encode`,
///    `A53UserData.t35Payload`), is found in the T.35 payload and reads back as the same pairs,
///    with no problem.
enum A53Check {
    static func check(_ bytes: [UInt8]) throws(FuzzFinding) {
        guard let mode = bytes.first else { return }
        let input = Array(bytes.dropFirst())
        let lengthSize = [1, 2, 4][Int(mode / 6) % 3]
        var found: [CCData] = []
        var problems: [String] = []
        switch mode % 6 {
        case 0:
            let r = CCData.read(input[...])
            found = r.data.map { [$0] } ?? []
            problems = r.problems
        case 1, 2:
            let r = SEICaptionReader(codec: mode % 6 == 1 ? .h264 : .hevc, lengthSize: lengthSize).read(sample: input)
            (found, problems) = (r.ccData, r.problems)
        case 3, 4:
            let r = SEICaptionReader(codec: mode % 6 == 3 ? .h264 : .hevc, lengthSize: 4).read(annexB: input)
            (found, problems) = (r.ccData, r.problems)
        default:
            let r = MPEG2UserDataReader.read(picture: input)
            (found, problems) = (r.ccData, r.problems)
        }
        if problems.contains(where: \.isEmpty) { throw FuzzFinding("a problem without a sentence") }
        for data in found {
            guard data.constructs.count <= 31, data.constructs.allSatisfy({ $0.type <= 3 }) else {
                throw FuzzFinding("cc_data() with \(data.constructs.count) constructs or a cc_type past 3")
            }
            let pairs = data.pairs
            let expected = data.processCCData ? data.constructs.filter { $0.valid && $0.type < 2 }.count : 0
            guard pairs.count == expected else {
                throw FuzzFinding("\(pairs.count) pairs from \(expected) valid CEA-608 constructs")
            }
            try checkEncoding(data)
        }
    }

    static func checkEncoding(_ data: CCData) throws(FuzzFinding) {
        let pairs = data.pairs
        let f1 = pairs.first { $0.field == .one }?.pair
        let f2 = pairs.first { $0.field == .two }?.pair
        let encoded = CCData.encode(field1: f1, field2: f2, count: data.constructs.count)
        let payload = A53UserData.t35Payload(ccData: encoded)
        guard let inner = A53UserData.ccData(inT35Payload: payload[...]), Array(inner) == encoded else {
            throw FuzzFinding("the T.35 payload written does not give its cc_data() back")
        }
        let reread = CCData.read(inner)
        let want = [f1.map { (CaptionField.one, $0) }, f2.map { (CaptionField.two, $0) }].compactMap { $0 }
        guard reread.problems.isEmpty, let back = reread.data,
            back.pairs.map(\.field) == want.map(\.0), back.pairs.map(\.pair) == want.map(\.1)
        else {
            throw FuzzFinding("encoded cc_data() reads back as \(String(describing: reread))")
        }
    }
}
