import FoundationEssentials
import PickerReel

/// Renders `spec` in every variant it lists as `strategy` says and compares the result with the goldens recorded for
/// `name`: `.frames(at: [0, 0.5])` for a PNG golden per time, `.animation` for one APNG, `.lottie` for one Lottie.
///
/// Goldens live in `__Snapshots__/<TestFile>/` beside the test file (`period.0.500s.png`, `period-dark.0.500s.png`
/// for a variant, `period.animated.png`, `period.lottie.json`), or in `snapshotDirectory` when given; `variants`
/// names the variants checked (all by default). A picture matches when its differing pixels, anti-aliasing not
/// counted, are within `tolerance` (per moment for the animated kinds); `settings` decide how far apart two colours
/// may be (the defaults are `pickerreel compare`'s).
///
/// Every picture that does not match, every golden that cannot be read, and the goldens written are recorded as
/// issues of the running test at this call's source location (Swift Testing's `Issue.record`, with the golden,
/// actual and diff pictures attached; XCTest's `XCTFail`), and the assertion goes on to the next frame. The actual
/// render and the diff picture are written under `$PICKERREEL_ARTIFACTS` (default: the temporary folder's
/// `pickerreel-snapshots`) in `<test target>/<test file>/`. `record` (overridden by `PICKERREEL_RECORD`) says when
/// goldens are written; writing one always records an issue, so a run never passes by recording.
///
/// Throws `SnapshotFailure` only when the assertion cannot run at all: no times, a bad time or name, a variant the
/// spec does not have, an unknown `PICKERREEL_RECORD` value, a spec that cannot be rendered, or a file that cannot be
/// written. Add `exclude: ["__Snapshots__"]` to the test target.
@discardableResult
public func assertPickerSnapshot(
    of spec: PickerSpec,
    as strategy: SnapshotStrategy,
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
    try SnapshotAssertion(
        name: name, strategy: strategy, tolerance: tolerance, settings: settings, snapshotDirectory: snapshotDirectory,
        record: record, location: SnapshotReporter.Location(fileID: fileID, filePath: filePath, line: line, column: column)
    ).run(spec: spec, file: nil, variants: variants)
}

/// Reads the spec at `specFile` as `pickerreel` reads it (a path, absolute or relative to the folder of the test file
/// that calls this, as the goldens are; or a file `URL`) and checks it as `strategy` says against the goldens for
/// `name`, as `assertPickerSnapshot(of:as:named:)` does.
///
/// Throws `SnapshotFailure` also for a URL that is not a file URL, and when the file cannot be read or is not a valid
/// spec, with the decoder's message.
@discardableResult
public func assertPickerSnapshot(
    ofSpecFile specFile: some SnapshotSpecFile,
    as strategy: SnapshotStrategy,
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
    guard let given = specFile.snapshotSpecPath else {
        throw SnapshotFailure(.invalidRequest(name: name, reason: "the spec \(specFile) is not a file URL"))
    }
    let path = SnapshotAssertion.specPath(given, besideTestFile: "\(filePath)")
    let spec = try SnapshotAssertion.spec(atPath: path, name: name)
    return try SnapshotAssertion(
        name: name, strategy: strategy, tolerance: tolerance, settings: settings, snapshotDirectory: snapshotDirectory,
        record: record, location: SnapshotReporter.Location(fileID: fileID, filePath: filePath, line: line, column: column)
    ).run(spec: spec, file: path, variants: variants)
}
