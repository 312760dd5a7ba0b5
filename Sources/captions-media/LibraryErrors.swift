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
extension MediaFileError: CommandError {
    public var commandLineMessage: String { MediaCommandLineWords.said(description) }
}

/// The media commands' flags for the words in which Media names an export's parameters
/// (``ExportParameterWords``), added to the words every command has (``CommandLineWords``).
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

    /// `message` in the words of the command line: these words first, then every command's.
    static func said(_ message: String) -> String {
        CommandLineWords.said(flags.reduce(message) { $0.replacing($1.library, with: $1.commandLine) })
    }

    /// `finding` with its message and suggested fix in the words of the command line.
    static func said(_ finding: Diagnostic) -> Diagnostic {
        var said = finding
        said.message = Self.said(finding.message)
        said.suggestedFix = finding.suggestedFix.map { Self.said($0) }
        return said
    }
}
extension RenderError: CommandError {}
extension CompositionError: CommandError {}
extension CompositionFileError: CommandError {}
extension VideoCompositionError: CommandError {}
extension DashboardLayoutError: CommandError {}
extension MetadataError: CommandError {
    public var commandLineMessage: String { MediaCommandLineWords.said(description) }
}
extension ISOBMFFError: CommandError {}
extension CaptionTracksError: CommandError {}
