/// When `assertPickerSnapshot` writes goldens instead of only comparing, as swift-snapshot-testing's record modes.
///
/// Writing a golden always records an issue, so a run never passes by recording. `PICKERREEL_RECORD=all|missing|
/// failed|never` in the environment overrides the mode a call asks for (`1`, `true` and `yes` mean `all`), so CI can
/// set `never` once for every test.
public enum SnapshotRecordMode: String, CaseIterable, Sendable {
    /// Record the goldens that are missing (and fail for them); compare the others. The default.
    case missing
    /// Record every golden again (and fail).
    case all
    /// Compare, and record again the goldens of the frames that do not match (and fail).
    case failed
    /// Never write a golden: a missing one fails. For CI.
    case never

    /// The variables that override the mode: the project's own and the name other snapshot libraries use.
    static let variables = ["PICKERREEL_RECORD", "RECORD_SNAPSHOTS"]

    /// The mode `environment` asks for, or nil when it sets none.
    ///
    /// Throws `UnknownValue` for a value that is none of the modes (`PICKERREEL_RECORD=nevr`): a typo must fail the
    /// test, never record goldens or compare in a mode nobody asked for.
    static func requested(by environment: [String: String]) throws(UnknownValue) -> SnapshotRecordMode? {
        for variable in variables {
            guard let given = environment[variable], !given.isEmpty else { continue }
            let value = given.lowercased()
            if let mode = SnapshotRecordMode(rawValue: value) { return mode }
            if ["1", "true", "yes"].contains(value) { return .all }
            if ["0", "false", "no"].contains(value) { return .missing }
            throw UnknownValue(variable: variable, value: given)
        }
        return nil
    }

    /// A record-mode variable set to a value that is not a mode.
    struct UnknownValue: Error, Equatable {
        var variable: String
        var value: String

        /// The message, naming the allowed values.
        var message: String {
            "\(variable)=\(value) is not a record mode; use all, missing, failed or never (1, true or yes mean all; 0, false or no mean missing)"
        }
    }
}
