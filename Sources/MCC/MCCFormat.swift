/// MacCaption MCC files, V1.0 and V2.0: a header, then one SMPTE ST 334-2 caption distribution
/// packet a frame, each on a line after its time code. See Specs/mcc.md.
public enum MCCFormat {}
