import Foundation
import TestSupport
import Testing

/// docs/swift.md's Package.swift, as a user's package would hold it, loads without a warning from SwiftPM.
@Suite("The documented Package.swift")
struct SwiftPackageDocTests {
    /// The fenced block of docs/swift.md that starts with `first`, without its fences.
    static func block(startingWith first: String) throws -> String {
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/swift.md"), encoding: .utf8)
        let start = try #require(page.range(of: "\n" + first + "\n"), "docs/swift.md has no block starting \(first)")
        let end = try #require(page[start.upperBound...].range(of: "```"))
        return first + "\n" + page[start.upperBound..<end.lowerBound]
    }

    /// A package made as the page says: the manifest around its block, the shell lines of its set-up run, the
    /// dependency by path to this checkout (through a link named PickerReel, the URL's identity).
    func documentedPackage(settingUp: Bool) throws -> URL {
        let package = try temporaryFolder()
        let link = try temporaryFolder().appendingPathComponent("PickerReel")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: repositoryRoot)
        let fragment = try Self.block(startingWith: "// Package.swift").replacingOccurrences(
            of: #".package(url: "https://github.com/<owner>/PickerReel.git", from: "0.2.0")"#, with: ".package(path: \"\(link.path)\")")
        #expect(fragment.contains(link.path), "the page's dependency line changed: \(fragment)")
        let manifest =
            "// swift-tools-version:6.0\nimport PackageDescription\n\nlet package = Package(\n    name: \"DesignSystem\",\n"
            + fragment + "\n)\n"
        try Data(manifest.utf8).write(to: package.appendingPathComponent("Package.swift"))
        for (folder, file, text) in [
            ("Sources/Pictures", "main.swift", "print(0)\n"), ("Tests/DesignSystemTests", "PickerTests.swift", "import Testing\n"),
        ] {
            let url = package.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url.appendingPathComponent(file))
        }
        if settingUp {
            let setUp = try Self.block(
                startingWith: "mkdir -p Tests/DesignSystemTests/__Snapshots__ && touch Tests/DesignSystemTests/__Snapshots__/.gitkeep")
            let run = try runProgram("sh", ["-c", setUp], in: package)
            try #require(run.status == 0, "\(run)")
        }
        return package
    }

    /// `swift package describe` in `package`: what SwiftPM says while loading the graph, without building.
    func describe(_ package: URL) throws -> ProcessRun {
        try runProgram("swift", ["package", "--disable-sandbox", "describe"], in: package, timeLimit: 300)
    }

    @Test func theDocumentedPackageLoadsWithoutAWarning() throws {
        let run = try describe(documentedPackage(settingUp: true))
        #expect(run.status == 0, "\(run)")
        #expect(!(run.stdout + run.stderr).contains("warning"), "\(run.stderr)")
    }

    /// Without the page's set-up line the exclude warns: the check above can fail.
    @Test func withoutTheSetUpLineSwiftPMWarns() throws {
        let run = try describe(documentedPackage(settingUp: false))
        #expect(run.stderr.contains("Invalid Exclude"), "\(run.stderr)")
    }
}
