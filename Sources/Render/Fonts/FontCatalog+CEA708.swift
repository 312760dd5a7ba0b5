extension FontCatalog {
    /// The families a CEA-708 font style (the caption model's names for the font tags of
    /// SetPenAttributes) asks fontconfig for before its generic family: the faces CTA-708-E
    /// §8.5.3 and 47 CFR 79.102(k) give as examples of each style. fontconfig's metric aliases
    /// turn Courier, Times New Roman and Arial into the free faces with their metrics
    /// (Liberation, Nimbus) where those are installed; otherwise the generic family decides
    /// (Specs/cea708-look.md, "Font styles").
    static func cea708Examples(_ name: String) -> [String] {
        switch name.lowercased() {
        case "monospaceserif": ["Courier New", "Courier"]
        case "proportionalserif": ["Times New Roman"]
        case "monospacesansserif": ["Helvetica Monospaced"]
        case "proportionalsansserif": ["Arial", "Helvetica"]
        case "casual": ["Dom Casual", "Impress", "Comic Neue"]
        case "cursive": ["Coronet", "Marigold"]
        case "smallcapitals": ["Engravers Gothic"]
        default: []
        }
    }
}
