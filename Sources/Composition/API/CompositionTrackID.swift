/// A track's ID in its movie (`tkhd` track_ID, ISO/IEC 14496-12 §8.3.2), like Core Media's
/// `CMPersistentTrackID`. Video and sample-data (timed metadata) tracks share the space.
public typealias CompositionTrackID = Int32
