/// CTA-708-E (DTVCC) caption interpretation: the code sets of §7, the window and pen commands of
/// §8 and the decoder's memory they act on, over the service blocks that `CaptionData` carries.
/// See Specs/cea708.md.
public enum CEA708 {}
