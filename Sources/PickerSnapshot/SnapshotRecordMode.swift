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

    /// The mode `environment` asks for, or nil when it sets none (an unknown value is ignored, and said so in the
    /// snapshot's messages).
    static func requested(by environment: [String: String]) -> SnapshotRecordMode? {
        for variable in variables {
            guard let value = environment[variable]?.lowercased(), !value.isEmpty else { continue }
            if let mode = SnapshotRecordMode(rawValue: value) { return mode }
            if ["1", "true", "yes"].contains(value) { return .all }
            if ["0", "false", "no"].contains(value) { return .missing }
        }
        return nil
    }
}
