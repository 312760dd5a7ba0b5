import CaptionKit
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

/// The media commands' flags for the words in which Media names an export's parameters
/// (``ExportParameterWords``), said before the words every command has (``CommandLineWords``):
/// `captions-media` runs with them (``CaptionsMediaCommand``), so that every error and finding
/// it prints says the flags.
enum MediaCommandLineWords {
    static let flags: [(library: String, commandLine: String)] = [
        (ExportParameterWords.codecCopy, "--codec copy"),
        (ExportParameterWords.codecEncode, "--codec"),
        (ExportParameterWords.crfAndPreset, "--crf and --preset"),
        (ExportParameterWords.size, "--size"),
        (ExportParameterWords.dropDataTracks, "--drop-data"),
        (ExportParameterWords.rangeStart, "--from"),
        (ExportParameterWords.rangeEnd, "--to"),
        // export --overlay gps --gpx: the GPX's shift is --gpx-offset here (`metadata add`'s --offset).
        (MetadataSync.ParameterWords.offset, "--gpx-offset"),
    ]
}

extension RenderError: CommandError {}
extension CompositionError: CommandError {}
extension CompositionFileError: CommandError {}
extension VideoCompositionError: CommandError {}
extension DashboardLayoutError: CommandError {}
extension CaptionTracksError: CommandError {}
