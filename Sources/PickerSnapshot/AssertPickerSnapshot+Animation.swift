import FoundationEssentials
import PickerReel

/// Renders `spec` as an animation in every variant it lists and compares each with its one animated golden for
/// `name`, in time.
///
/// The golden is `__Snapshots__/<TestFile>/<name>[-<variant suffix>].animated.png` (an APNG, which browsers and
/// GitHub play) beside the test file, or in `snapshotDirectory`. It matches when it plays alike (frame rate, length,
/// frames, loop count) and every moment's differing pixels are within `tolerance`. A failure is an issue of the
/// running test naming the timing change in words and the differing moments with their times, with the golden, the
/// actual APNG and the diff (an APNG, and a strip of the differing moments beside it) under `$PICKERREEL_ARTIFACTS`.
/// Recording works as for frames (`record`, `PICKERREEL_RECORD`), and writing a golden always records an issue.
///
/// Throws `SnapshotFailure` only when the assertion cannot run at all: a bad name, an unknown `PICKERREEL_RECORD`
/// value, a spec that cannot be rendered, or a file that cannot be written.
@discardableResult
public func assertPickerSnapshot(
    of spec: PickerSpec,
    as kind: SnapshotKind,
    named name: String,
    variants: [String]? = nil,
    tolerance: Tolerance = SnapshotDefaults.tolerance,
    settings: ComparisonSettings = ComparisonSettings(),
    snapshotDirectory: String? = nil,
    record: SnapshotRecordMode = .missing,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) throws(SnapshotFailure) -> SnapshotOutcome {
    var assertion = SnapshotAssertion(
        name: name, times: [0], tolerance: tolerance, settings: settings, snapshotDirectory: snapshotDirectory, record: record,
        location: SnapshotReporter.Location(fileID: fileID, filePath: filePath, line: line, column: column))
    assertion.kind = kind
    return try assertion.run(spec: spec, file: nil, variants: variants)
}

/// Reads the spec at `specFile` (absolute, or relative to the folder of the test file that calls this) as
/// `pickerreel` reads it and checks its animation against the one animated golden for `name`, as `assertPickerSnapshot(of:as:named:)` does.
///
/// Throws `SnapshotFailure` also when the file cannot be read or is not a valid spec, with the decoder's message.
@discardableResult
public func assertPickerSnapshot(
    ofSpecFile specFile: String,
    as kind: SnapshotKind,
    named name: String,
    variants: [String]? = nil,
    tolerance: Tolerance = SnapshotDefaults.tolerance,
    settings: ComparisonSettings = ComparisonSettings(),
    snapshotDirectory: String? = nil,
    record: SnapshotRecordMode = .missing,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) throws(SnapshotFailure) -> SnapshotOutcome {
    let path = SnapshotAssertion.specPath(specFile, besideTestFile: "\(filePath)")
    let spec = try SnapshotAssertion.spec(atPath: path, name: name)
    var assertion = SnapshotAssertion(
        name: name, times: [0], tolerance: tolerance, settings: settings, snapshotDirectory: snapshotDirectory, record: record,
        location: SnapshotReporter.Location(fileID: fileID, filePath: filePath, line: line, column: column))
    assertion.kind = kind
    return try assertion.run(spec: spec, file: path, variants: variants)
}
