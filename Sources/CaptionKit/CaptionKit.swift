// CaptionKit: the suite as one library. It re-exports the model and lists every file format.
@_exported import CaptionCore
@_exported import Validation
