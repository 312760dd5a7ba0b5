import CaptionTracks
import CaptionsCLI
import ISOBMFF
import Metadata

// The errors of the libraries under `metadata` and `mux`, printed by `Exit` with status 2 as
// they are (each says which file and what was wrong), not wrapped again by each command.

extension CaptionTracksError: CommandError {}
