import CaptionCore
import XML

extension TTMLWriter {
    /// The root element: namespaces, `xml:lang`, the timing parameters and the profile
    /// designator, then the document-level attributes kept as metadata. iTT in the order Apple's
    /// tools write them.
    func writeRoot(
        _ document: CaptionDocument, rate: FrameRate, dropFrame: Bool, to out: inout String,
        diagnostics: inout [Diagnostic]
    ) {
        // TTML1 §6.2.4, §6.2.5: nominal integer rate × multiplier = the exact rate.
        let nominal = Int64(rate.nominal)
        let num = Int64(rate.frames)
        let den = Int64(rate.seconds) * nominal
        let g = TTMLTimingParameters.gcd(num, den)
        let frameRate = [("ttp:frameRate", String(nominal)), ("ttp:frameRateMultiplier", "\(num / g) \(den / g)")]
        var attributes: [(String, String)] = [("xml:lang", document.language ?? "")]
        if profile == .itt {
            out += "<tt xmlns:vt=\"\(TTMLNamespace.appleVertical)\" xmlns:ttp=\"\(TTMLNamespace.parameter)\""
            out += " xmlns:ittp=\"\(TTMLNamespace.ittParameter)\" xmlns:tt_feature=\"\(TTMLNamespace.feature)\""
            out += " xmlns:ebutts=\"\(TTMLNamespace.ebuStyling)\" xmlns:tts=\"\(TTMLNamespace.styling)\""
            out += " xmlns:tt_extension=\"\(TTMLNamespace.extension_)\" xmlns:tt_profile=\"\(TTMLNamespace.profile)\""
            out += " xmlns:ttm=\"\(TTMLNamespace.metadata)\" xmlns:ry=\"\(TTMLNamespace.appleRuby)\""
            out += " xmlns:itts=\"\(TTMLNamespace.ittStyling)\" xmlns=\"\(TTMLNamespace.tt)\""
            attributes.append(
                ("ttp:dropMode", dropFrame ? TTMLDropMode.dropNTSC.rawValue : TTMLDropMode.nonDrop.rawValue))
            attributes += frameRate
            attributes.append(("ttp:timeBase", "smpte"))
        } else {
            out += "<tt xmlns=\"\(TTMLNamespace.tt)\" xmlns:ttp=\"\(TTMLNamespace.parameter)\""
            out += " xmlns:tts=\"\(TTMLNamespace.styling)\" xmlns:ttm=\"\(TTMLNamespace.metadata)\""
            if profile.isIMSCText {
                out += " xmlns:itts=\"\(TTMLNamespace.ittStyling)\" xmlns:ittp=\"\(TTMLNamespace.ittParameter)\""
            }
            if profile == .ebuttD { out += " xmlns:ebuttm=\"\(TTMLNamespace.ebuMetadata)\"" }
            if profile.holdsLinePaddingAndMultiRowAlign { out += " xmlns:ebutts=\"\(TTMLNamespace.ebuStyling)\"" }
            // IMSC 1.0.1 and EBU Tech 3380 §4.1.1: the media time base only.
            attributes.append(("ttp:timeBase", "media"))
            // EBU Tech 3380 has no ttp:frameRate; the others keep a rate the document names.
            if profile != .ebuttD, options.frameRate ?? document.frameRate != nil { attributes += frameRate }
            switch profile {
            // TTML2 §7.2.7 / IMSC 1.1 §6.9 and IMSC 1.2 §6.9: the content profile designator.
            case .imsc11Text, .imsc12Text: attributes.append(("ttp:contentProfiles", Self.designator(profile)))
            // TTML1 §6.2.8, on which IMSC 1.0.1 §6.9 and SMPTE ST 2052-1 §5.4 build.
            case .dfxp, .imsc1Text, .smpteTT: attributes.append(("ttp:profile", Self.designator(profile)))
            default: break
            }
        }
        if let v = document.metadata["itt.cellResolution"] { attributes.append(("ttp:cellResolution", v)) }
        if let v = document.metadata["itt.extent"] {
            if !profile.holdsMetadata("itt.extent") {
                diagnostics.append(
                    Diagnostic(
                        .info, "ttml.metadata", "EBU-TT-D has no root extent (tts:extent=\"\(v)\"); not written",
                        at: .init(file: options.fileName)))
            } else {
                attributes.append(("tts:extent", v))
            }
        }
        for (key, name) in [("itt.aspectRatio", "ittp:aspectRatio"), ("itt.activeArea", "ittp:activeArea")] {
            guard let v = document.metadata[key] else { continue }
            if profile.holdsMetadata(key) {
                attributes.append((name, v))
            } else {
                diagnostics.append(
                    Diagnostic(
                        .info, "ttml.metadata", "\(profile) has no \(name) (\(v)); not written",
                        at: .init(file: options.fileName)))
            }
        }
        appendAttributes(attributes, to: &out)
        if profile == .itt { out += " xmlns:tt=\"\(TTMLNamespace.tt)\" xmlns:xsi=\"\(TTMLNamespace.xsi)\"" }
        out += ">\n"
    }

    /// The designator written for `profile` (the ones ``TTMLProfile/init(designator:)`` reads).
    static func designator(_ profile: TTMLProfile) -> String {
        switch profile {
        case .imsc1Text: return "http://www.w3.org/ns/ttml/profile/imsc1/text"
        case .imsc11Text: return "http://www.w3.org/ns/ttml/profile/imsc1.1/text"
        case .imsc12Text: return "http://www.w3.org/ns/ttml/profile/imsc1.2/text"
        case .dfxp: return "http://www.w3.org/ns/ttml/profile/dfxp-presentation"
        // SMPTE ST 2052-1 §5.4: the full profile (the text profile written; no smpte:image).
        case .smpteTT: return "http://www.smpte-ra.org/schemas/2052-1/2010/profiles/smpte-tt-full"
        case .ebuttD: return "urn:ebu:tt:distribution:2014-01"
        default: return ""
        }
    }

    /// TTML1 §12.1 `ttm:title`, `ttm:desc`, `ttm:copyright` from the document's metadata; for
    /// EBU-TT-D, `ebuttm:documentMetadata` with `ebuttm:conformsToStandard` (EBU Tech 3380 §4.2)
    /// instead, as it has no `ttm:` metadata.
    func writeMetadata(_ document: CaptionDocument, to out: inout String, diagnostics: inout [Diagnostic]) {
        let known = [("title", "ttm:title"), ("description", "ttm:desc"), ("copyright", "ttm:copyright")]
        let present = known.filter { document.metadata[$0.0] != nil && profile.holdsMetadata($0.0) }
        if profile == .ebuttD {
            out += "    <metadata>\n      <ebuttm:documentMetadata>\n"
            out += "        <ebuttm:conformsToStandard>\(Self.designator(.ebuttD))</ebuttm:conformsToStandard>\n"
            out += "      </ebuttm:documentMetadata>\n    </metadata>\n"
        } else if !present.isEmpty {
            out += "    <metadata>\n"
            for (key, element) in present {
                out += "      <\(element)>"
                XMLEscaping.appendText(document.metadata[key] ?? "", to: &out)
                out += "</\(element)>\n"
            }
            out += "    </metadata>\n"
        }
        // The root's (writeRoot) report their own loss.
        let root: Set = ["itt.extent", "itt.aspectRatio", "itt.activeArea"]
        let dropped = document.metadata.keys.filter { !profile.holdsMetadata($0) && !root.contains($0) }.sorted()
        if !dropped.isEmpty {
            let name = profile == .itt ? "iTT" : "\(profile)"
            diagnostics.append(
                Diagnostic(
                    .info, "\(profile.rulePrefix).metadata",
                    "\(name) has no place for the metadata \(dropped.joined(separator: ", ")); not written",
                    at: .init(file: options.fileName)))
        }
    }
}
