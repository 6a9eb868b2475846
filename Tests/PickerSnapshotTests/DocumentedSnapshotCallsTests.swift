import Foundation
import PickerReel
import TestSupport
import Testing

@testable import PickerSnapshot

/// The calls of the snapshot API the README and docs/ show, compiled here so that each is one the library accepts.
///
/// Never called (its calls would write goldens beside this file). `everyDocumentedCallIsCompiledHere` checks that
/// each shown call is written here, word for word.
private func documentedCalls(spec: PickerSpec, folder: String) throws {
    let url = URL(fileURLWithPath: "period.json")
    try assertPickerSnapshot(of: spec, as: .frames(at: [0, 0.5, 1.2]), named: "period-picker")
    try assertPickerSnapshot(of: spec, as: .animation, named: "period-picker")
    try assertPickerSnapshot(of: spec, as: .lottie, named: "period-picker")
    try assertPickerSnapshot(of: spec, as: .lottie, named: "period-picker", tolerance: .ratio(0.01))
    try assertPickerSnapshot(ofSpecFile: "period.json", as: .frames(at: [0.5]), named: "period")
    try assertPickerSnapshot(ofSpecFile: url, as: .animation, named: "period")
    try assertPickerSnapshot(of: spec, as: .frames(at: [0]), named: "period-picker", variants: ["dark"], record: .never)
    try assertPickerSnapshot(of: spec, as: .frames(at: [0.5]), named: "period-picker", snapshotDirectory: folder)
}

@Suite("The snapshot calls the documentation shows")
struct DocumentedSnapshotCallsTests {
    /// The calls of `assertPickerSnapshot` in `markdown`: whole lines of its ```swift blocks, and code spans that are
    /// whole calls (`assertPickerSnapshot(of: spec, as: .animation, named: "x")`, not `assertPickerSnapshot(ofSpecFile:)`).
    static func calls(in markdown: String) -> [String] {
        var found: [String] = []
        var inSwift = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inSwift = line == "```swift"
                continue
            }
            if inSwift, line.contains("assertPickerSnapshot(") {
                found.append(line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "try ", with: ""))
            }
        }
        // Code spans, which may run over a line break in the Markdown.
        let spans = markdown.replacingOccurrences(of: "\n", with: " ").split(separator: "`", omittingEmptySubsequences: false)
        for (index, span) in spans.enumerated() where index % 2 == 1 && span.hasPrefix("assertPickerSnapshot(") {
            guard span.hasSuffix(")"), !span.hasSuffix(":)") else { continue }
            found.append(span.split(separator: " ").joined(separator: " "))
        }
        return found
    }

    @Test func everyDocumentedCallIsCompiledHere() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        // Not CHANGELOG.md: its migration lines show the calls this API replaced.
        var documents = ["README.md"]
        let docs = repositoryRoot.appendingPathComponent("docs")
        for name in try FileManager.default.contentsOfDirectory(atPath: docs.path) where name.hasSuffix(".md") {
            documents.append("docs/\(name)")
        }
        var shown = 0
        for document in documents {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(document), encoding: .utf8)
            for call in Self.calls(in: text) {
                shown += 1
                #expect(source.contains(call), "\(document) shows a call that is not compiled here: \(call)")
            }
        }
        // The README's example and docs/swift.md's at least: a search that finds nothing checks nothing.
        #expect(shown >= 4, "only \(shown) documented calls found")
    }

    @Test func theSearchFindsCallsAndSkipsSelectors() {
        let markdown = """
            ```swift
                try assertPickerSnapshot(of: spec, as: .lottie, named: "a")
            ```
            `assertPickerSnapshot(ofSpecFile:)` and `assertPickerSnapshot(of: spec, as:
            .animation, named: "b")`
            """
        #expect(
            Self.calls(in: markdown) == [
                "assertPickerSnapshot(of: spec, as: .lottie, named: \"a\")", "assertPickerSnapshot(of: spec, as: .animation, named: \"b\")",
            ])
    }
}
