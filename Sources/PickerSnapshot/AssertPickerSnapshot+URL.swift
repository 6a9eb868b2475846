import FoundationEssentials
import PickerReel

/// `assertPickerSnapshot(ofSpecFile:at:named:)` with the spec as a file URL, such as
/// `Bundle.module.url(forResource: "period", withExtension: "json")` or `URL(filePath: #filePath)`'s neighbour.
///
/// Throws `SnapshotFailure` for a URL that is not a file URL, and as the path form does.
@discardableResult
public func assertPickerSnapshot(
    ofSpecFile specFile: URL,
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
    try assertPickerSnapshot(
        ofSpecFile: SnapshotAssertion.specPath(specFile, name: name), at: times, named: name, variants: variants, tolerance: tolerance,
        settings: settings, snapshotDirectory: snapshotDirectory, record: record, fileID: fileID, filePath: filePath, line: line,
        column: column)
}

/// `assertPickerSnapshot(ofSpecFile:as:named:)` with the spec as a file URL.
///
/// Throws `SnapshotFailure` for a URL that is not a file URL, and as the path form does.
@discardableResult
public func assertPickerSnapshot(
    ofSpecFile specFile: URL,
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
    try assertPickerSnapshot(
        ofSpecFile: SnapshotAssertion.specPath(specFile, name: name), as: kind, named: name, variants: variants, tolerance: tolerance,
        settings: settings, snapshotDirectory: snapshotDirectory, record: record, fileID: fileID, filePath: filePath, line: line,
        column: column)
}
