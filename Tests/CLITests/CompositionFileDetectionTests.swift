import CaptionsCLI
import Testing

/// How `captions inspect` tells a composition file from other JSON: a top-level `"clips"`
/// member, found by scanning the top level only.
@Suite struct CompositionFileDetectionTests {
    static func detect(_ text: String) -> Bool { CompositionFileDetection.isCompositionFile(Array(text.utf8)) }

    @Test func aTopLevelClipsMemberMakesACompositionFile() {
        #expect(Self.detect(#"{"renderSize": "320x180", "clips": []}"#))
        #expect(Self.detect(" \n{\"clips\": [{\"source\": \"a.mp4\"}]}"))
        // Braces and quotes inside strings and nested values are skipped whole.
        #expect(Self.detect(#"{"titles": [{"text": "{\"x\": ["}], "video": {"clips": 1}, "clips": []}"#))
        // A mistake after "clips" is the reader's to report, with its line.
        #expect(Self.detect(#"{"version": 1, "clips": [{"source": "#))
    }

    @Test func otherJSONIsNot() {
        #expect(!Self.detect(#"{"format": "captions-json", "metadata": {"clips": "x"}, "captions": []}"#))
        #expect(!Self.detect(#"{"note": "say \"clips\": here", "captions": []}"#))
        #expect(!Self.detect(#"[{"clips": []}]"#))
        #expect(!Self.detect(#"{"clipsX": []}"#))
        #expect(!Self.detect(""))
        #expect(!Self.detect("WEBVTT\n"))
    }
}
