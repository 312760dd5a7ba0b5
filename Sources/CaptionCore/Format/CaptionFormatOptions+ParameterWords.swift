extension CaptionFormatOptions {
    /// How the libraries' messages name these options, in the API's own words
    /// (`CaptionFormatOptions.channel 3`), as Media's `ExportParameterWords` name an export's; a
    /// command line puts its flag for each (the CLI's `CommandLineWords`).
    public enum ParameterWords {
        public static let channel = "CaptionFormatOptions.channel"
        public static let frameRate = "CaptionFormatOptions.frameRate"
        public static let startTimecode = "CaptionFormatOptions.startTimecode"
        public static let applyShifts = "CaptionFormatOptions.applyShifts"

        /// A format's own setting: `CaptionFormatOptions.settings["key"]`.
        public static func setting(_ key: String) -> String { "CaptionFormatOptions.settings[\"\(key)\"]" }
    }
}
