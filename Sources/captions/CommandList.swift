import ArgumentParser

/// Every subcommand of `captions`, one row each.
let commandList: [ParsableCommand.Type] = [
    InspectCommand.self,
    ConvertCommand.self,
    FormatsCommand.self,
    ValidateCommand.self,
    GenerateCommand.self,
    SCCDumpCommand.Group.self,
    MetadataCommand.self,
    MuxCommand.self,
    MediaInfoStub.self,
    PreviewStub.self,
    ExportStub.self,
    BurnStub.self,
]
