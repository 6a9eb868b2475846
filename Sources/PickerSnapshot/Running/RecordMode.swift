/// Whether the environment asks snapshot assertions to record new goldens instead of comparing.
enum RecordMode {
    /// The variables that ask for recording: the project's own and the name other snapshot libraries use.
    static let variables = ["PICKERREEL_RECORD", "RECORD_SNAPSHOTS"]

    /// True when any of `variables` is set to `1`, `true` or `yes` (any case) in `environment`.
    static func isRequested(by environment: [String: String]) -> Bool {
        variables.contains { variable in
            guard let value = environment[variable] else { return false }
            return ["1", "true", "yes"].contains(value.lowercased())
        }
    }
}
