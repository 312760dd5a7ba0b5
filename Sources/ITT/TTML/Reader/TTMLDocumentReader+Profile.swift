import CaptionCore
import XML

extension TTMLDocumentReader {
    /// Works out the profile the document declares (Specs/ttml.md, "Profile detection"):
    /// `ttp:contentProfiles` (TTML2 §7.2.7), then `ttp:profile` (TTML1 §6.2.8) as an attribute or
    /// a head element's `use`, then EBU-TT-D's `ebuttm:conformsToStandard`, then the namespaces
    /// in use. Image profiles are refused: the caption model holds text only.
    func detectProfile(root: XMLElement, head: XMLElement?) throws(CaptionFormatError) {
        var declared: (TTMLProfile, DiagnosticLocation)?
        func consider(_ designators: String, _ location: @autoclosure () -> DiagnosticLocation) {
            guard declared == nil else { return }
            let known = designators.split(whereSeparator: \.isWhitespace).compactMap {
                TTMLProfile(designator: String($0))
            }
            // A text profile wins over an image one when both are listed.
            if let p = known.first(where: { !$0.isImage }) ?? known.first { declared = (p, location()) }
        }
        if let a = root.attribute("contentProfiles", in: TTMLNamespace.parameter) {
            consider(a.value, source.location(of: a, in: root))
        }
        if let a = root.attribute("profile", in: TTMLNamespace.parameter) {
            consider(a.value, source.location(of: a, in: root))
        }
        if let head {
            for e in tree.childElements(of: head) where e.is("profile", in: TTMLNamespace.parameter) {
                if let use = e.attribute("use") { consider(use.value, source.location(of: use, in: e)) }
            }
            for metadata in tree.childElements(of: head) where metadata.is("metadata", in: TTMLNamespace.tt) {
                // EBU Tech 3380 §4.2 puts it in ebuttm:documentMetadata; directly under
                // metadata is read too.
                for e in tree.childElements(of: metadata) {
                    let candidates =
                        e.is("documentMetadata", in: TTMLNamespace.ebuMetadata) ? Array(tree.childElements(of: e)) : [e]
                    for c in candidates where c.is("conformsToStandard", in: TTMLNamespace.ebuMetadata) {
                        consider(textContent(of: c), source.location(of: c))
                    }
                }
            }
        }
        if !detectsProfile {
        } else if let (p, _) = declared {
            profile = p
            profileDeclared = true
        } else if let p = profileFromNamespaces() {
            profile = p
        }
        if let (p, location) = declared, p.isImage {
            throw failure(
                "this is an \(p) document (subtitles as images); the caption model holds text only, so it cannot be read",
                at: location)
        }
        if let image = tree.elements.first(where: { e in
            e.is("image", in: TTMLNamespace.smpteTT)
                || e.attributes.contains { $0.namespace == TTMLNamespace.smpteTT && $0.localName == "backgroundImage" }
        }) {
            throw failure(
                "this document shows subtitles as images (smpte:image / smpte:backgroundImage, SMPTE ST 2052-1 §5.5); "
                    + "the caption model holds text only, so it cannot be read",
                at: source.location(of: image))
        }
    }

    /// The profile the namespaces in use suggest when none is declared: Apple's extensions for
    /// iTT, SMPTE's for SMPTE-TT, EBU's styles for EBU-TT-D; nil keeps the caller's default.
    private func profileFromNamespaces() -> TTMLProfile? {
        var namespaces = Set<String>()
        for e in tree.elements {
            namespaces.insert(e.namespace)
            for a in e.attributes where !a.namespace.isEmpty { namespaces.insert(a.namespace) }
        }
        if namespaces.contains(TTMLNamespace.appleRuby) || namespaces.contains(TTMLNamespace.appleVertical) {
            return .itt
        }
        if namespaces.contains(TTMLNamespace.smpteTT) { return .smpteTT }
        if namespaces.contains(TTMLNamespace.ebuStyling) || namespaces.contains(TTMLNamespace.ebuMetadata) {
            return .ebuttD
        }
        return nil
    }

    /// Checks what the profile forbids, as located warnings (errors in strict mode): rule
    /// `ttml.profile` (Specs/ttml.md, "Profile constraints").
    func checkProfileConstraints() {
        let root = tree.root
        let timeBase = root.attribute("timeBase", in: TTMLNamespace.parameter)
        func forbid(_ what: String, _ clause: String, at location: @autoclosure () -> DiagnosticLocation) {
            lenient("profile", "\(profile) does not allow \(what) (\(clause))", at: location())
        }
        if profile.isIMSCText || profile == .ebuttD, let timeBase, timeBase.value != "media" {
            let clause =
                profile == .ebuttD
                ? "EBU Tech 3380 §4.1.1, ttp:timeBase" : "IMSC 1.0.1 features, #timeBase-\(timeBase.value)"
            forbid("ttp:timeBase=\"\(timeBase.value)\"", clause, at: source.location(of: timeBase, in: root))
        }
        if profile.isIMSCText || profile == .ebuttD {
            for name in ["dropMode", "markerMode", "clockMode"] {
                guard let a = root.attribute(name, in: TTMLNamespace.parameter) else { continue }
                forbid(
                    "ttp:\(name)", profile == .ebuttD ? "EBU Tech 3380 §4.1.1" : "IMSC 1.0.1 features, #\(name)",
                    at: source.location(of: a, in: root))
            }
        }
        guard profile == .ebuttD || !profile.isTTML2 && profile != .itt else { return }
        for e in tree.elements where e.namespace == TTMLNamespace.tt {
            if profile == .ebuttD {
                // EBU Tech 3380 §4.3: timing is begin and end only, and there is no animation.
                if let dur = e.attribute("dur") {
                    forbid("dur", "EBU Tech 3380 §4.3, only begin and end", at: source.location(of: dur, in: e))
                }
                if e.localName == "set" {
                    forbid("<set> (animation)", "EBU Tech 3380 §4.3", at: source.location(of: e))
                }
            }
            if !profile.isTTML2, e.localName == "initial" {
                forbid("<initial>, a TTML2 element", "TTML2 §10.1.2; \(profile) is TTML1", at: source.location(of: e))
            }
            guard !profile.isTTML2 else { continue }
            for a in e.attributes where a.namespace == TTMLNamespace.styling && Self.ttml2Styles.contains(a.localName) {
                forbid(
                    "tts:\(a.localName), a TTML2 style", "TTML2 §10.2; \(profile) is TTML1",
                    at: source.location(of: a, in: e))
            }
        }
    }

    /// Style attributes TTML2 added to TTML1's (TTML2 §10.2, Annex G).
    static let ttml2Styles: Set<String> = [
        "textShadow", "ruby", "rubyAlign", "rubyPosition", "rubyReserve", "textCombine", "shear", "fontShear",
        "lineShear", "textEmphasis", "fontVariant", "fontKerning", "letterSpacing", "luminanceGain", "position",
        "disparity", "backgroundImage", "backgroundClip", "backgroundExtent", "backgroundOrigin",
        "backgroundPosition", "backgroundRepeat", "border", "bpd", "ipd", "textOrientation",
    ]

    /// One info finding per style read that the caption model has no place for yet (rule
    /// `ttml.style.unmapped`): not dropped silently.
    func reportUnmappedStyles() {
        for (name, location) in unmappedStyles.sorted(by: { $0.key < $1.key }) {
            note(
                .info, "style.unmapped",
                "\(name) is read, but the caption model has no place for it yet: other formats and the renderer do not get it (Specs/ttml.md)",
                at: location)
        }
    }

    /// The default region (TTML2 §11.3.1.2): the whole root container, text from its top; iTT
    /// keeps no region, as Apple's files always name theirs.
    var defaultRegion: CaptionRegion? {
        guard profile != .itt else { return nil }
        return CaptionRegion(
            origin: CaptionPoint(x: .percent(0), y: .percent(0)),
            size: CaptionSize(width: .percent(100), height: .percent(100)), displayAlignment: .before,
            writingMode: initialStyle.writingMode ?? .leftToRightAndTopToBottom)
    }
}
