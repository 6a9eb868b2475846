import Foundation
import PickerReel

/// Renders `spec` at each of `times`, in seconds, and compares the frames with the goldens recorded for `name`.
///
/// Goldens live in `__Snapshots__/<TestFile>/<name>.<time>.png` beside the test file (`0.500s` for half a
/// second), or in `snapshotDirectory` when given. A frame matches when its differing pixels, anti-aliasing not
/// counted, are within `tolerance`; `settings` decide how far apart two colours may be.
///
/// Throws `SnapshotFailure`, which fails the test in Swift Testing and in an XCTest `throws` method alike: when a
/// frame does not match (the message names the golden, the actual render and the diff picture, written to
/// `$TMPDIR/pickerreel-snapshots/<TestFile>/`, with the pixel figures); when recording, which always fails so a
/// run never passes by writing its own goldens; and when the spec cannot be rendered or a file cannot be written.
/// Recording happens for a golden that is missing, with `record: true`, or, when `record` is nil, with
/// `PICKERREEL_RECORD=1` or `RECORD_SNAPSHOTS=1` in the environment; `record: false` ignores the environment.
/// Add `exclude: ["__Snapshots__"]` to the test target so SwiftPM does not take the goldens for sources.
public func assertPickerSnapshot(
    of spec: PickerSpec,
    at times: [Double],
    named name: String,
    tolerance: Tolerance = SnapshotDefaults.tolerance,
    settings: ComparisonSettings = ComparisonSettings(),
    snapshotDirectory: String? = nil,
    record: Bool? = nil,
    filePath: StaticString = #filePath
) throws(SnapshotFailure) {
    let renderer: Renderer
    do {
        renderer = try Renderer(spec)
    } catch {
        throw SnapshotFailure(.cannotRender(name: name, reason: "\(error)"))
    }
    try assertPickerSnapshot(
        of: renderer, at: times, named: name, tolerance: tolerance, settings: settings,
        snapshotDirectory: snapshotDirectory, record: record, filePath: filePath)
}

/// Reads the spec at `specFile` (absolute, or relative to the working directory) and checks its frames at
/// `times` against the goldens for `name`, as `assertPickerSnapshot(of:at:named:)` does for a `PickerSpec`.
///
/// The file is read as `pickerreel` reads it (regular files of at most `SpecLimits.maximumFileBytes`). Throws
/// `SnapshotFailure` also when the file cannot be read or is not a valid spec, with the decoder's message.
public func assertPickerSnapshot(
    ofSpecFile specFile: String,
    at times: [Double],
    named name: String,
    tolerance: Tolerance = SnapshotDefaults.tolerance,
    settings: ComparisonSettings = ComparisonSettings(),
    snapshotDirectory: String? = nil,
    record: Bool? = nil,
    filePath: StaticString = #filePath
) throws(SnapshotFailure) {
    let renderer: Renderer
    do {
        renderer = try Renderer(try PickerSpec(contentsOf: URL(fileURLWithPath: specFile), file: specFile), file: specFile)
    } catch {
        throw SnapshotFailure(.cannotRender(name: name, reason: "\(error)"))
    }
    try assertPickerSnapshot(
        of: renderer, at: times, named: name, tolerance: tolerance, settings: settings,
        snapshotDirectory: snapshotDirectory, record: record, filePath: filePath)
}

/// Checks the frames `renderer` draws at `times` against the goldens for `name`, as
/// `assertPickerSnapshot(of:at:named:)` does for a `PickerSpec`; for tests that already hold a renderer.
///
/// Throws `SnapshotFailure`; see `assertPickerSnapshot(of:at:named:)`.
public func assertPickerSnapshot(
    of renderer: Renderer,
    at times: [Double],
    named name: String,
    tolerance: Tolerance = SnapshotDefaults.tolerance,
    settings: ComparisonSettings = ComparisonSettings(),
    snapshotDirectory: String? = nil,
    record: Bool? = nil,
    filePath: StaticString = #filePath
) throws(SnapshotFailure) {
    let locations = try SnapshotLocations(
        name: name, times: times, testFile: "\(filePath)", snapshotDirectory: snapshotDirectory)
    let check = SnapshotCheck(
        locations: locations,
        tolerance: tolerance,
        settings: settings,
        recording: record ?? RecordMode.isRequested(by: ProcessInfo.processInfo.environment)
    )
    try check.run(renderer)
}
