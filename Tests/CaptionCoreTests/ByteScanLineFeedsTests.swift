import CaptionCore
import Testing

/// `ByteScan.lineFeedsOnly`: CR LF and a lone CR become one LF (WebVTT §6.1; the SRT reader).
@Suite struct ByteScanLineFeedsTests {
    @Test(arguments: [
        ("", ""), ("abc", "abc"), ("a\r\nb", "a\nb"), ("a\rb", "a\nb"), ("a\r\r\nb", "a\n\nb"),
        ("a\n\rb", "a\n\nb"), ("\r", "\n"), ("\r\n", "\n"), ("a\r", "a\n"), ("\r\r", "\n\n"), ("é\r\n€", "é\n€"),
    ])
    func lineEnds(_ input: String, _ expected: String) {
        #expect(ByteScan.lineFeedsOnly(Array(input.utf8)) == Array(expected.utf8))
    }
}
