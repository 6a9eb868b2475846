import Synchronization

/// How many times a spec is validated, its style resolved and its formats checked against the memory budget, counted for the task that asks (a test of "plan
/// once"); nothing is counted, and nothing costs more than a task-local read, when no task asks.
package final class PlanningTally: Sendable {
    private let counts = Mutex((validations: 0, resolutions: 0, encodingChecks: 0))

    /// A tally at zero.
    package init() {}

    /// The tally counting for the current task, set by `$current.withValue(_:operation:)`.
    @TaskLocal package static var current: PlanningTally?

    /// `PickerSpec.validate` calls so far.
    package var validations: Int { counts.withLock { $0.validations } }
    /// `PickerSpec.resolvedStyle` reads so far.
    package var resolutions: Int { counts.withLock { $0.resolutions } }
    /// `RenderPlan.checkEncoding` calls so far.
    package var encodingChecks: Int { counts.withLock { $0.encodingChecks } }

    /// Counts a validation for the current task.
    static func validated() { current?.counts.withLock { $0.validations += 1 } }
    /// Counts a resolution for the current task.
    static func resolved() { current?.counts.withLock { $0.resolutions += 1 } }
    /// Counts a check of a plan's formats against the memory budget for the current task.
    package static func checkedEncoding() { current?.counts.withLock { $0.encodingChecks += 1 } }
}
