import ArgumentParser
import CaptionsCLI

/// Every subcommand of `captions`, one row each.
let commandList: [ParsableCommand.Type] = [
    InspectCommand.self,
    ConvertCommand.self,
    FormatsCommand.self,
    ValidateCommand.self,
    GenerateCommand.self,
    SCCDumpCommand.Group.self,
    DTVCCDumpCommand.Group.self,
    MetadataCommand.self,
    MuxCommand.self,
    BatchCommand.self,
    MediaCommandStub<MediaInfoRow>.self,
    MediaCommandStub<PreviewRow>.self,
    MediaCommandStub<ExportRow>.self,
    MediaCommandStub<BurnRow>.self,
    MediaCommandStub<FrameRow>.self,
    MediaCommandStub<ThumbnailsRow>.self,
    MediaCommandStub<ComposeRow>.self,
    MediaCommandStub<ReviewRow>.self,
]
