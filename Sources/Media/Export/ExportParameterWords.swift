/// How Media's messages name the parameters of an export (``ExportSettings``, ``ExportSession``'s
/// `timeRange`), in the API's own words; a command line puts its flags for them (the CLI's
/// `CommandLineWords`).
public enum ExportParameterWords {
    public static let codecCopy = "ExportSettings.videoCodec .copy"
    public static let codecEncode = "ExportSettings.videoCodec .encode"
    public static let crfAndPreset = "ExportSettings.crf and .preset"
    public static let size = "ExportSettings.size"
    public static let dropDataTracks = "ExportSettings.dropDataTracks"
    public static let rangeStart = "ExportSession.timeRange.start"
    public static let rangeEnd = "ExportSession.timeRange.end"
}
