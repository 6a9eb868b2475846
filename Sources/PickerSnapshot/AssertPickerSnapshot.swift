import FoundationEssentials
import PickerReel

/// Renders `spec` at each of `times`, in seconds, in every variant it lists, and compares the frames with the
/// goldens recorded for `name`.
///
/// Goldens live in `__Snapshots__/<TestFile>/<name>[-<variant suffix>].<time>.png` beside the test file (`0.500s`
/// for half a second; `period-dark-rtl.0.500s.png` for a variant), or in `snapshotDirectory` when given. A frame
/// matches when its differing pixels, anti-aliasing not counted, are within `tolerance`; `settings` decide how far
/// apart two colours may be (the defaults are `pickerreel compare`'s).
///
/// Every frame that does not match, every golden that cannot be read, and the goldens written are recorded as
/// issues of the running test at this call's source location (Swift Testing's `Issue.record`, with the golden,
/// actual and diff pictures attached; XCTest's `XCTFail`), and the assertion goes on to the next frame. The actual
/// render and the diff picture are written under `$PICKERREEL_ARTIFACTS` (default: the temporary folder's
/// `pickerreel-snapshots`) in `<test target>/<test file>/`. `record` (overridden by `PICKERREEL_RECORD`) says when
/// goldens are written; writing one always records an issue, so a run never passes by recording.
///
/// Throws `SnapshotFailure` only when the assertion cannot run at all: no times, a bad time or name, an unknown
/// `PICKERREEL_RECORD` value, a spec that
/// cannot be rendered, or a file that cannot be written. Add `exclude: ["__Snapshots__"]` to the test target.
@discardableResult
public func assertPickerSnapshot(
    of spec: PickerSpec,
    at times: [Double],
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
        name: name, times: times, tolerance: tolerance, settings: settings, snapshotDirectory: snapshotDirectory, record: record,
        location: SnapshotReporter.Location(fileID: fileID, filePath: filePath, line: line, column: column)
    ).run(spec: spec, file: nil, variants: variants)
}

/// Reads the spec at `specFile` (absolute, or relative to the folder of the test file that calls this, as the
/// goldens are) as `pickerreel` reads it and checks its frames at `times` against the goldens for `name`, as
/// `assertPickerSnapshot(of:at:named:)` does.
///
/// Throws `SnapshotFailure` also when the file cannot be read or is not a valid spec, with the decoder's message.
@discardableResult
public func assertPickerSnapshot(
    ofSpecFile specFile: String,
    at times: [Double],
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
    return try SnapshotAssertion(
        name: name, times: times, tolerance: tolerance, settings: settings, snapshotDirectory: snapshotDirectory, record: record,
        location: SnapshotReporter.Location(fileID: fileID, filePath: filePath, line: line, column: column)
    ).run(spec: spec, file: path, variants: variants)
}

/// The settings of one call, carried out over the spec's variants.
struct SnapshotAssertion {
    var name: String
    var times: [Double]
    var tolerance: Tolerance
    var settings: ComparisonSettings
    var snapshotDirectory: String?
    var record: SnapshotRecordMode
    var location: SnapshotReporter.Location
    /// `.animation` for one animated golden per variant; nil for a golden per time.
    var kind: SnapshotKind?
    /// Where `PICKERREEL_RECORD` and `RECORD_SNAPSHOTS` are read.
    var environment = ProcessInfo.processInfo.environment

    /// `specFile` as a path to open: as it is when absolute, else in the folder of `testFile` (`#filePath`), where
    /// swift-snapshot-testing also looks, so a test finds its spec whatever the working directory.
    static func specPath(_ specFile: String, besideTestFile testFile: String) -> String {
        guard !specFile.hasPrefix("/"), let slash = testFile.lastIndex(of: "/") else { return specFile }
        return String(testFile[...slash]) + specFile
    }

    /// The path of the file URL `specFile`; throws `SnapshotFailure` for a URL of another scheme (`https:`).
    static func specPath(_ specFile: URL, name: String) throws(SnapshotFailure) -> String {
        guard specFile.isFileURL else {
            throw SnapshotFailure(.invalidRequest(name: name, reason: "the spec \(specFile.absoluteString) is not a file URL"))
        }
        return specFile.path
    }

    /// The spec file at `path`, read as `pickerreel` reads it; throws `SnapshotFailure` with the decoder's message
    /// for a file that cannot be read or is not a valid spec.
    static func spec(atPath path: String, name: String) throws(SnapshotFailure) -> PickerSpec {
        do {
            return try PickerSpec(contentsOf: URL(fileURLWithPath: path), file: path)
        } catch {
            throw SnapshotFailure(.cannotRender(name: name, reason: "\(error)"))
        }
    }

    func run(spec: PickerSpec, file: String?, variants suffixes: [String]?) throws(SnapshotFailure) -> SnapshotOutcome {
        let mode: SnapshotRecordMode
        do {
            mode = try SnapshotRecordMode.requested(by: environment) ?? record
        } catch {
            throw SnapshotFailure(.invalidRequest(name: name, reason: error.message))
        }
        let all = spec.variants
        var chosen = all
        if let suffixes {
            chosen = []
            for suffix in suffixes {
                guard let variant = spec.variant(named: suffix) else {
                    let known = spec.variantNames.joined(separator: ", ")
                    throw SnapshotFailure(
                        .invalidRequest(name: name, reason: "the spec has no variant \"\(suffix)\"; its variants: \(known)"))
                }
                chosen.append(variant)
            }
        }
        var findings: [SnapshotFinding] = []
        var environmentChanges: [String] = []
        var environmentProblems: [String] = []
        var goldenFolder = ""
        for variant in chosen {
            let locations = try SnapshotLocations(
                name: variant.name(name), times: times, testFile: "\(location.filePath)", snapshotDirectory: snapshotDirectory)
            goldenFolder = locations.goldenFolder
            let renderer: Renderer
            do {
                renderer = try Renderer(spec, variant: variant, file: file)
            } catch {
                throw SnapshotFailure(.cannotRender(name: locations.name, reason: "\(error)"))
            }
            let check = SnapshotCheck(locations: locations, tolerance: tolerance, settings: settings, mode: mode)
            let found = try kind == .animation ? check.runAnimation(renderer) : check.run(renderer)
            findings += found
            // The environment recorded with the goldens: what differs from it when one does not match; written anew
            // only when every golden that did not match was written (goldens left as they were keep their record).
            let record = SnapshotEnvironment.path(name: locations.name, goldenFolder: locations.goldenFolder)
            SnapshotLedger.note(record)
            if found.contains(where: \.isMismatch) {
                let found = SnapshotEnvironment.changes(
                    name: locations.name, goldenFolder: locations.goldenFolder, to: renderer.plan.environment)
                for change in found.changes where !environmentChanges.contains(change) {
                    environmentChanges.append(change)
                }
                if let problem = found.problem { environmentProblems.append(problem) }
            } else if found.contains(where: \.isRecorded) {
                try SnapshotEnvironment.record(renderer.plan.environment, at: record, name: locations.name)
            }
        }
        var outcome = SnapshotOutcome(name: name, goldenFolder: goldenFolder, tolerance: tolerance, findings: findings)
        outcome.environmentChanges = environmentChanges
        outcome.environmentRecordProblems = environmentProblems
        SnapshotReporter(location: location).report(outcome)
        return outcome
    }
}
