import CaptionCore
import Validation

/// The validator as `captions validate FILE` runs it with its default options: the target the
/// file's format delivers to (SCC and other files: CEA-608; MCC: CEA-708; iTT: iTT), an SCC or
/// MCC file judged by the data it carries (Specs/validation-rules.md).
enum ReviewValidation {
    static func findings(document: CaptionDocument, format: CaptionFormat, file: String)
        -> [CaptionConversionWarning]
    {
        let target: CaptionConversionSettings.Target =
            switch format.name {
            case "mcc": .cea708
            case "itt": .itt
            default: .scc
            }
        var settings = CaptionConversionSettings(target: target, document: document, options: CaptionFormatOptions())
        settings.sourceIsTransmitted608 = format.name == "scc"
        settings.sourceIsTransmitted708 = format.name == "mcc"
        return CaptionConversionValidator(document: document, settings: settings, fileName: file).warnings()
    }
}
