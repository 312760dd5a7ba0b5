/// A loaded fallback chain entry: the face and the synthesis it needs.
struct LoadedChoice {
    let face: FontFace
    let synthesizesBold: Bool
    let synthesizesOblique: Bool
}
