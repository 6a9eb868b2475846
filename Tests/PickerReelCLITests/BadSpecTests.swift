import Foundation
import TestSupport
import Testing

/// One spec from Fixtures/bad-specs with what its error message must say.
struct BadSpec: CustomTestStringConvertible, Sendable {
    var file: String
    var location: String
    var fragment: String
    var testDescription: String { file }

    /// Every row of Fixtures/bad-specs/expected.tsv.
    static let all: [BadSpec] = {
        let index = repositoryRoot.appendingPathComponent("Fixtures/bad-specs/expected.tsv")
        guard let text = try? String(contentsOf: index, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return columns.count == 3 ? BadSpec(file: columns[0], location: columns[1], fragment: columns[2]) : nil
        }
    }()
}

@Suite("Bad specs")
struct BadSpecTests {
    @Test func theCorpusCoversEveryFileAndEnoughCases() throws {
        let folder = repositoryRoot.appendingPathComponent("Fixtures/bad-specs").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(BadSpec.all.map(\.file)))
        #expect(BadSpec.all.count >= 40)
    }

    @Test(arguments: BadSpec.all)
    func eachBadSpecIsExitTwoWithItsPathAndLeavesTheOutputAlone(_ bad: BadSpec) throws {
        let work = try temporaryFolder()
        let output = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("earlier".utf8).write(to: output.appendingPathComponent("frame-0000.png"))
        let before = try snapshot(of: work)
        let path = repositoryRoot.appendingPathComponent("Fixtures/bad-specs/\(bad.file)").path
        let run = try runTool(["render", path, "-o", output.path, "--format", "png,svg,svg-animated,sheet"])
        #expect(run.status == 2)
        // One message, naming the file, then where in it, then what was expected.
        #expect(run.stderr.hasPrefix("pickerreel: error: \(path): \(bad.location): "), "\(run.stderr)")
        #expect(run.stderr.contains(bad.fragment), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(try snapshot(of: work) == before)
    }

    @Test func aHundredMegabyteFileIsRefusedWithoutReadingIt() throws {
        let work = try temporaryFolder()
        let huge = work.appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 100 * 1_048_576)
        try handle.close()
        let run = try runTool(["validate", huge.path])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "pickerreel: error: \(huge.path): (the whole document): the file is 104857600 bytes; a spec may be at most 1048576 bytes\n"
        )
    }

    @Test func aFolderGivenAsASpecIsExitTwo() throws {
        let work = try temporaryFolder()
        let run = try runTool(["validate", work.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("it is a folder, not a JSON file"))
    }
}
