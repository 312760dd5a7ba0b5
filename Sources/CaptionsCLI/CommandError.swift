import CaptionKit
import FileSafety

/// An error that carries the message a user reads and the exit status the command ends with.
///
/// ``Exit`` prints it once (its findings, then `captions: error: ` and the message) and exits
/// with its status, so a command lets a library's error through instead of wrapping it again.
/// The library errors the commands meet conform here and in the executables
/// (`captions-media/LibraryErrors.swift`, `captions/LibraryErrors.swift`).
public protocol CommandError: Error, CustomStringConvertible {
    /// What went wrong, in the words of the command line: the error's description, unless the
    /// command line has words of its own for it (its flag for a library's parameter).
    var commandLineMessage: String { get }
    /// The status the command ends with: ``Exit/unusable`` (2) unless said otherwise.
    var exitStatus: Int32 { get }
    /// Findings gathered before the failure, printed before the message.
    var findings: [Diagnostic] { get }
}

extension CommandError {
    public var commandLineMessage: String { CommandLineWords.said(description) }
    public var exitStatus: Int32 { Exit.unusable }
    public var findings: [Diagnostic] { [] }
}

extension Exit.Failure: CommandError {}

extension CaptionFormatError: CommandError {
    /// The reader's findings, each about the file of the error when it names none.
    public var findings: [Diagnostic] { location.file.map { diagnostics.inFile($0) } ?? diagnostics }
}

extension MediaTimeError: CommandError {}
extension TimecodeError: CommandError {}
/// ``FileSafetyError``, and ISOBMFF's and Metadata's errors: one type, said in the words of the
/// command line that runs (``CommandLineWords/executableFlags``).
extension LocatedError: CommandError {}

/// The words in which the libraries' errors and findings name their own parameters, and the
/// command line's words for the flag that sets each: the one place where the CLI adds its flags
/// to a library's message (`overwrite: true` is `--force`, `format:` is `--from` or `--to`).
public enum CommandLineWords {
    /// In order: a hint before the words it holds (`pass allowEmpty: true …` before
    /// `allowEmpty: true`).
    public static let flags: [(library: String, commandLine: String)] = [
        (FileSafetyError.replaceHint, "use --force to replace it"),
        (FileSafetyError.neverReplacedHint, "it is never replaced, even with --force"),
        (CaptionFormatRegistry.readFormatHint, "use --from"),
        (CaptionFormatRegistry.writeFormatHint, "use --to"),
        (EmptyCaptions.allowEmptyHint, "give --allow-empty to accept an empty result"),
        (EmptyCaptions.allowEmptyWords, "--allow-empty"),
        (CaptionFormatOptions.ParameterWords.channel, "--channel"),
        (CaptionFormatOptions.ParameterWords.frameRate, "--frame-rate"),
        (CaptionFormatOptions.ParameterWords.startTimecode, "--start-timecode"),
        (CaptionFormatOptions.ParameterWords.applyShifts, "--shift"),
        // The keys of MovieCaptions.sourceSetting (CaptionTracks) and ITTWriter.languageSetting
        // (ITT), which this module does not import; ReadOptions and ConvertJob set the same keys.
        (CaptionFormatOptions.ParameterWords.setting("movie.source"), "--source"),
        (CaptionFormatOptions.ParameterWords.setting(CaptionFormatOptions.dtvccServiceSetting), "--service"),
        (CaptionFormatOptions.ParameterWords.setting("language"), "--language"),
        // Before `channel`, whose words begin these.
        (MovieCaptionWriter.Options.ParameterWords.channelLanguages, "--channel-language"),
        (MovieCaptionWriter.Options.ParameterWords.channel, "--channel"),
        (MovieCaptionWriter.Options.ParameterWords.language, "--language"),
        (MovieCaptionWriter.Options.ParameterWords.startTimecode, "--start-timecode"),
        (CaptionFile.transmittedWords, "--as-transmitted"),
        (CaptionConversionSettings.maxRowsWords, "--max-rows"),
        (CaptionConversionFixer.words, "captions validate --fix -o OUT"),
        // The words of modules this one does not depend on (Package.swift), written out:
        // CaptionTracks' MovieCaptions.transmittedWords, ISOBMFF's
        // SegmentedByteSource.initializationWords, Render's FontCatalog.overrideWords, Metadata's
        // MetadataSync.ParameterWords. The command-line tests that meet each message check these.
        ("MovieCaptions.transmittedSCC(options:)", "--as-transmitted"),
        (
            "SegmentedByteSource(initialization:segments:)",
            "captions convert or inspect --init init.mp4 seg1.m4s seg2.m4s …"
        ),
        ("FontCatalog.system(overrideFiles:)", "--font"),
        ("MetadataSync.gps", "--sync gps"),
        ("MetadataSync.start", "--sync start"),
        ("the MetadataSync case", "--sync"),
        ("the offset: of MetadataSync.place", "--offset"),
        ("the cameraTimeZone: of MetadataSync.resolve", "--camera-tz"),
    ]

    /// The running executable's own flags for a library's words, said before ``flags``
    /// (``Exit/run(_:arguments:words:)``): `captions-media export` sets the offset of
    /// `MetadataSync.place` with `--gpx-offset` where `captions metadata add` has `--offset`.
    @TaskLocal public static var executableFlags: [(library: String, commandLine: String)] = []

    /// `message` with each library parameter's words replaced by the flag's.
    public static func said(_ message: String) -> String {
        (executableFlags + flags).reduce(message) { $0.replacing($1.library, with: $1.commandLine) }
    }

    /// `finding` with its message and suggested fix in the words of the command line.
    public static func said(_ finding: Diagnostic) -> Diagnostic {
        var said = finding
        said.message = Self.said(finding.message)
        said.suggestedFix = finding.suggestedFix.map { Self.said($0) }
        return said
    }
}
