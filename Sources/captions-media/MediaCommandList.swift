import ArgumentParser

/// Every subcommand of `captions-media`, one row each: a command of each `MediaCommand` row,
/// which `captions` forwards by name, and `inspect` and `convert`, which it forwards by input.
let mediaCommandList: [ParsableCommand.Type] = [
    MediaInfoCommand.self,
    PreviewCommand.self,
    ExportCommand.self,
    BurnCommand.self,
    MovieInspectCommand.self,
    MovieConvertCommand.self,
    FrameCommand.self,
    ThumbnailsCommand.self,
    ComposeCommand.self,
    ReviewCommand.self,
]
