import CaptionTracks
import CaptionsCLI
import Composition
import Dashboard
import ISOBMFF
import Media
import Metadata
import Render

// The errors of the libraries under the media commands, printed by `Exit` with status 2 as they
// are (each says which file and what was wrong), not wrapped again by each command.

extension MediaError: CommandError {}
extension MediaFileError: CommandError {}
extension RenderError: CommandError {}
extension CompositionError: CommandError {}
extension CompositionFileError: CommandError {}
extension VideoCompositionError: CommandError {}
extension DashboardLayoutError: CommandError {}
extension MetadataError: CommandError {}
extension ISOBMFFError: CommandError {}
extension CaptionTracksError: CommandError {}
