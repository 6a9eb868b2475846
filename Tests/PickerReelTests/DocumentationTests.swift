import Foundation
import TestSupport
import Testing

/// The README and docs/ as a newcomer reads them: the Swift program on the first screen is the one `make test`
/// compiles and runs, every link to a file of the repository leads to one, and the README stays one read long.
@Suite("Documentation")
struct DocumentationTests {
    private func text(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The first ```swift block of the README.
    private func firstSwiftBlock(of readme: String) -> String? {
        guard let start = readme.range(of: "```swift\n") else { return nil }
        guard let end = readme.range(of: "```", range: start.upperBound..<readme.endIndex) else { return nil }
        return String(readme[start.upperBound..<end.lowerBound])
    }

    @Test func theREADMEsSwiftProgramIsTheExampleThatMakeTestCompilesAndRuns() throws {
        let readme = try text("README.md")
        let block = try #require(firstSwiftBlock(of: readme), "the README has no ```swift block")
        let program = try text("Examples/PeriodPicker/Sources/readme/main.swift")
        #expect(block == program, "README.md's first Swift block and Examples/PeriodPicker/Sources/readme/main.swift differ")
        #expect(block.contains("import Foundation") && block.contains("import PickerReel"))
        let makefile = try text("Makefile")
        #expect(makefile.contains("Examples/PeriodPicker readme"), "make test does not run the README's program")
    }

    @Test func theREADMEsFirstSpecIsTheOneMakeDemoRenders() throws {
        let readme = try text("README.md")
        let start = try #require(readme.range(of: "cat > period.json <<'END'\n"), "the README's first spec is missing")
        let end = try #require(readme.range(of: "END\n", range: start.upperBound..<readme.endIndex))
        #expect(String(readme[start.upperBound..<end.lowerBound]) == (try text("Examples/period.json")))
        #expect(try text("Makefile").contains("render Examples/period.json --format gif,png"))
    }

    @Test func theREADMEIsAtMostFourHundredLines() throws {
        let lines = try text("README.md").filter { $0 == "\n" }.count
        #expect(lines <= 400, "README.md has \(lines) lines; details belong in docs/")
    }

    /// Relative links `](path)` and `src="path"` in the README, CHANGELOG.md and docs/*.md, anchors dropped.
    @Test func everyLinkToAFileOfTheRepositoryLeadsToOne() throws {
        var documents = ["README.md", "CHANGELOG.md"]
        let docs = repositoryRoot.appendingPathComponent("docs")
        for name in try FileManager.default.contentsOfDirectory(atPath: docs.path) where name.hasSuffix(".md") {
            documents.append("docs/\(name)")
        }
        var broken: [String] = []
        for document in documents {
            let body = try text(document)
            let folder = URL(fileURLWithPath: document).deletingLastPathComponent().relativePath
            for target in Self.links(in: body) {
                guard !target.contains("://"), !target.hasPrefix("#"), !target.hasPrefix("mailto:") else { continue }
                let path = String(target.split(separator: "#", maxSplits: 1).first ?? "")
                guard !path.isEmpty else { continue }
                let resolved = repositoryRoot.appendingPathComponent(folder == "." ? path : "\(folder)/\(path)").standardizedFileURL
                if !FileManager.default.fileExists(atPath: resolved.path) { broken.append("\(document): \(target)") }
            }
        }
        #expect(broken.isEmpty, "links to files that do not exist:\n\(broken.joined(separator: "\n"))")
    }

    static func links(in markdown: String) -> [String] {
        var found: [String] = []
        var rest = Substring(markdown)
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            found.append(String(after[..<close]))
            rest = after[close...]
        }
        rest = Substring(markdown)
        while let open = rest.range(of: "src=\"") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: "\"") else { break }
            found.append(String(after[..<close]))
            rest = after[close...]
        }
        return found.filter { !$0.contains(" ") && !$0.contains("<") }
    }
}
