// libFuzzer entry point for the JSON report `merge-reports` reads (`JSONReport.read`): the bytes of a shard's
// `compare --report json=FILE`, read within its limits and with every file's paths checked against the report's
// trees, then merged as `merge-reports` merges it (`ReportMerge.merge`, with no picture compared again) and written
// in every kind of report (JSON, text, GitHub, JUnit).
//
// Built by `make fuzz-build` like the graphics fuzzer; run by `make fuzz-report` from Fixtures/report-corpus, with
// Fuzz/report.dict. A finding is anything that stops the process (a Swift trap, a sanitizer report, a timeout) or
// the fatalError below: a report accepted with a path outside its trees.
import PickerCompare
import PickerKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let report = try? JSONReport.read(bytes) else { return 0 }
    for file in report.files {
        let parts = file.path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0.isEmpty || $0.hasPrefix(".") }) { fatalError("fuzz: accepted the path \(file.path)") }
        if let expected = file.expected, expected != report.expected,
            expected != FilePath.join(report.expected, file.renamedFrom ?? file.path)
        {
            fatalError("fuzz: accepted expected \(expected) outside \(report.expected)")
        }
        if let actual = file.actual, actual != report.actual, actual != FilePath.join(report.actual, file.path) {
            fatalError("fuzz: accepted actual \(actual) outside \(report.actual)")
        }
    }
    // Merged with a comparison that found nothing, as merge-reports would with empty trees, and every report written.
    let settings = ComparisonSettings(
        metric: report.settings.metric, threshold: report.settings.threshold, includesAntialiasing: report.settings.countsAntialiasing)
    let tolerance: Tolerance = report.settings.maxDiffRatio.map { .ratio($0) } ?? .pixels(report.settings.maxDiffPixels ?? 0)
    let nothing = ComparisonSummary(expected: report.expected, actual: report.actual, settings: settings, tolerance: tolerance, files: [])
    let merged = ReportMerge.merge([ReportMerge.Shard(name: "fuzz.json", report: report)], recompared: nothing)
    if merged.files.contains(where: \.matches) { fatalError("fuzz: a report alone made a file match") }
    guard let json = try? JSONReport(merged).json() else { fatalError("fuzz: the merged report cannot be written as JSON") }
    let text = TextReport.text(merged, verbose: true) + GitHubReport.annotations(merged) + JUnitReport.xml(merged)
    return json.utf8.count + text.utf8.count > Int.max - 1 ? 1 : 0
}
