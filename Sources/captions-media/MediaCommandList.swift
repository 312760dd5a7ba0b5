import ArgumentParser

/// Every subcommand of `captions-media`, one row each. Keep in step with
/// `MediaCommandForwarder.commands`.
let mediaCommandList: [ParsableCommand.Type] = [
    MediaInfoCommand.self,
    PreviewCommand.self,
    ExportCommand.self,
    BurnCommand.self,
    MovieInspectCommand.self,
    MovieConvertCommand.self,
]
