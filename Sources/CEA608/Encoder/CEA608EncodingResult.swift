import CaptionCore

/// What the encoder produced: one transmission plan per display unit, in start order, and what
/// it had to change on the way.
public struct CEA608EncodingResult: Sendable, Hashable {
    public var plans: [CaptionTransmissionPlan]
    public var diagnostics: [Diagnostic]

    public init(plans: [CaptionTransmissionPlan], diagnostics: [Diagnostic]) {
        self.plans = plans
        self.diagnostics = diagnostics
    }
}
