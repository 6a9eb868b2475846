import Foundation
import TestSupport
import Testing

/// What a hostile pull request (its specs, icons, images and goldens) could still do to a repository that uses the
/// Action: each test is one finding of the review after issue 23, run on the path CI takes (scripts/pickerreel-ci.sh,
/// which action.yml's compare and update steps run, with the environment those steps give it).
@Suite struct AttackFindingsTests {
    /// A repository of the pull request's: one spec, and `goldens` committed as a link to `outside`, a folder of the
    /// runner's that holds a PNG file and a text file.
    struct LinkedGoldens {
        let root: URL
        let repository: URL
        let outside: URL

        init() throws {
            root = try temporaryFolder()
            repository = root.appendingPathComponent("repo")
            outside = root.appendingPathComponent("runner-home")
            let specs = repository.appendingPathComponent("specs")
            try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
            try Data(
                #"{"items": ["A", "B"], "selection": {"initial": "A", "sequence": [{"select": "B", "after": 0.1}], "tail": 0.1}, "output": {"fps": 10, "scale": 1}}"#
                    .utf8
            ).write(to: specs.appendingPathComponent("a.json"))
            // The outside folder: a PNG file (any picture the runner keeps) and a text file.
            let picture = root.appendingPathComponent("picture")
            let render = try runTool(["render", "specs/a.json", "-o", picture.path, "-q"], in: repository)
            try #require(render.status == 0, "\(render.stderr)")
            try FileManager.default.createDirectory(
                at: outside.appendingPathComponent("keep"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: picture.appendingPathComponent("a/frame-0000.png"),
                to: outside.appendingPathComponent("keep/precious.png"))
            try Data("not the repository's\n".utf8).write(to: outside.appendingPathComponent("notes.txt"))
            try FileManager.default.createSymbolicLink(
                atPath: repository.appendingPathComponent("goldens").path, withDestinationPath: outside.path)
        }

        /// Runs scripts/pickerreel-ci.sh in the repository as action.yml's steps run it, with `environment` added.
        func runCIScript(_ environment: [String: String]) throws -> ProcessRun {
            try AttackFindingsTests.runCIScript(in: repository, environment)
        }
    }

    /// Runs scripts/pickerreel-ci.sh in `repository` as action.yml's compare and update steps run it (the default
    /// inputs: specs/*.json, goldens, Output/pickerreel, Output/pickerreel-report, png), with `environment` added.
    static func runCIScript(in repository: URL, _ environment: [String: String]) throws -> ProcessRun {
        try runProgram(
            "bash",
            [
                repositoryRoot.appendingPathComponent("scripts/pickerreel-ci.sh").path, try toolURL().path, "specs/*.json", "goldens",
                "Output/pickerreel", "Output/pickerreel-report", "png",
            ], in: repository, environment: environment, unsetting: ["GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"])
    }

    /// The compare step of every pull request (update: false) writes through a goldens link.
    ///
    /// With no goldens found, it prepares the goldens to accept by `cp -R goldens ACCEPT` (which copies the link) and `compare ACCEPT OUTPUT --update`, which follows it.
    /// Observed: the runner's folder loses its PNG files (keep/precious.png is deleted) and gets the render written in.
    @Test func goldensLinkedOutsideAreNotWrittenWhenTheCompareStepPreparesTheGoldensToAccept() throws {
        let world = try LinkedGoldens()
        let before = try snapshot(of: world.outside)
        let accept = world.root.appendingPathComponent("runner-temp/pickerreel-accept/pickerreel-pictures-1")
        let run = try world.runCIScript([
            "PICKERREEL_ACCEPT": accept.path, "PICKERREEL_ACCEPT_ARTIFACT": "pickerreel-pictures-1-goldens",
        ])
        #expect(run.status != 0, "\(run.stdout)\(run.stderr)")
        #expect(try snapshot(of: world.outside) == before, "the compare step wrote through the goldens link: \(run.stdout)")
    }

    /// The update step (update: true) writes through a goldens link.
    ///
    /// `compare goldens OUTPUT --update` follows the goldens link and makes the
    /// runner's folder equal the render, deleting its PNG files. Expected: refused, exit 2, nothing outside touched.
    @Test func updateRefusesGoldensLinkedOutsideTheRepository() throws {
        let world = try LinkedGoldens()
        let before = try snapshot(of: world.outside)
        let run = try world.runCIScript(["PICKERREEL_UPDATE": "true"])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(try snapshot(of: world.outside) == before, "--update wrote through the goldens link: \(run.stdout)")
    }

    /// A spec committed as a link to a file outside the repository is read.
    ///
    /// Icons and images are confined to the
    /// root, the spec itself is not: a valid spec outside renders, and another file's first character is shown in
    /// the JSON error (`found 'S'`). Expected: refused as outside the root, exit 2, nothing of the file shown.
    @Test func aSpecThatIsALinkOutsideTheRepositoryIsNotRead() throws {
        let root = try temporaryFolder()
        let repository = root.appendingPathComponent("repo")
        let specs = repository.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let secret = root.appendingPathComponent("secret.env")
        try Data("SECRET_TOKEN=hunter2\n".utf8).write(to: secret)
        let outsideSpec = root.appendingPathComponent("outside.json")
        try Data(#"{"items": ["x", "y"], "selection": {"initial": "x"}}"#.utf8).write(to: outsideSpec)

        try FileManager.default.createSymbolicLink(
            atPath: specs.appendingPathComponent("a.json").path, withDestinationPath: outsideSpec.path)
        let render = try runTool(["render", "specs/a.json", "-o", root.appendingPathComponent("out").path, "-q"], in: repository)
        #expect(render.status == 2, "a spec outside the repository was rendered: \(render.stderr)")
        #expect(render.stderr.contains("outside"), "\(render.stderr)")

        try FileManager.default.removeItem(at: specs.appendingPathComponent("a.json"))
        try FileManager.default.createSymbolicLink(
            atPath: specs.appendingPathComponent("a.json").path, withDestinationPath: secret.path)
        let leak = try runTool(["validate", "specs/a.json"], in: repository)
        #expect(leak.status == 2)
        #expect(!leak.stderr.contains("'S'"), "the outside file's first character is shown: \(leak.stderr)")
    }

    /// The output and report folders go through a link the pull request committed.
    ///
    /// With `Output` a link to a folder of the runner's, the script empties `Output/pickerreel` with `rm -rf`, deleting the outside folder's `pickerreel`,
    /// and renders and writes the report outside the workspace. Expected: refused (exit 2), nothing outside touched.
    @Test func outputAndReportFoldersLinkedOutsideAreNotEmptiedNorWritten() throws {
        let root = try temporaryFolder()
        let repository = root.appendingPathComponent("repo")
        let specs = repository.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        try Data(
            #"{"items": ["A", "B"], "selection": {"initial": "A", "sequence": [{"select": "B", "after": 0.1}], "tail": 0.1}, "output": {"fps": 10, "scale": 1}}"#
                .utf8
        ).write(to: specs.appendingPathComponent("a.json"))
        let approve = try runTool(["render", "specs/a.json", "-o", "goldens", "-q"], in: repository)
        try #require(approve.status == 0, "\(approve.stderr)")
        let outside = root.appendingPathComponent("runner-folder")
        try FileManager.default.createDirectory(
            at: outside.appendingPathComponent("pickerreel"), withIntermediateDirectories: true)
        try Data("the runner's own\n".utf8).write(to: outside.appendingPathComponent("pickerreel/data.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: repository.appendingPathComponent("Output").path, withDestinationPath: outside.path)
        let before = try snapshot(of: outside)
        let run = try Self.runCIScript(in: repository, [:])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(try snapshot(of: outside) == before, "the script emptied or wrote a folder outside the workspace")
    }

    /// A pull request that makes the pictures transparent passes against opaque goldens (a false green).
    ///
    /// The spec's `"background": "white"` becomes `"clear"` and the goldens stay: every pixel's alpha changed (the
    /// pictures differ on a dark page), yet the Action's compare (the default metric, yiq, blended over white only) said
    /// all files match and exited 0. Expected: exit 1, the files reported as differing.
    @Test func goldensOfAnOpaquePictureDoNotMatchATransparentRender() throws {
        let root = try temporaryFolder()
        let repository = root.appendingPathComponent("repo")
        let specs = repository.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        let spec = specs.appendingPathComponent("a.json")
        let text =
            #"{"items": ["Day", "Week"], "selection": {"initial": "Day", "sequence": [{"select": "Week", "after": 0.1}], "tail": 0.1}, "output": {"fps": 10, "scale": 1}, "style": {"background": "white"}}"#
        try Data(text.utf8).write(to: spec)
        let approve = try runTool(["render", "specs/a.json", "-o", "goldens", "-q"], in: repository)
        try #require(approve.status == 0, "\(approve.stderr)")
        try Data(text.replacingOccurrences(of: #""white""#, with: #""clear""#).utf8).write(to: spec)
        let run = try Self.runCIScript(in: repository, [:])
        #expect(run.status == 1, "a transparent render passed against opaque goldens: \(run.stdout)\(run.stderr)")
    }

    /// A 21 KB spec asks for 64 × 9925 frames of 1520 × 392 px: the 10000-frame limit is per variant.
    ///
    /// `validate` accepts it ("9925 frames of 1520 × 392 px; 64 variants"): 635,200 PNG files, about 18 GB at the
    /// 29 KB a frame of this picture takes, from one file of a pull request (and the glob takes any number of copies).
    /// Expected: the frame limit bounds the spec's whole work, variants included, and this is refused with exit 2.
    @Test func variantsDoNotMultiplyTheFrameLimitOfOneSpec() throws {
        let root = try temporaryFolder()
        let items = (0..<4).map { "ab0\($0)" }
        let changes = (0..<600).map { #"{"select": "\#(items[$0 % 4])", "after": 0.06}"# }.joined(separator: ", ")
        let sizes = ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "accessibility1"]
        let spec = """
            {"items": [\(items.map { "\"\($0)\"" }.joined(separator: ", "))],
             "selection": {"initial": "ab00", "sequence": [\(changes)], "tail": 5},
             "output": {"fps": 240, "scale": 8},
             "variants": {"colorScheme": ["light", "dark"], "layoutDirection": ["leftToRight", "rightToLeft"],
                          "dynamicTypeSize": [\(sizes.map { "\"\($0)\"" }.joined(separator: ", "))], "scale": [8, 7.9]}}
            """
        let file = root.appendingPathComponent("many.json")
        try Data(spec.utf8).write(to: file)
        let run = try runTool(["validate", file.path])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
    }

    /// A spec whose file name is not UTF-8 is never rendered: its name is read as U+FFFD and another spec is rendered.
    ///
    /// The pull request holds `specs/<FF FE>.json` (bytes git keeps as they are) and `specs/\u{FFFD}\u{FFFD}.json`, a
    /// decoy equal to the goldens. The tool decodes the first name with U+FFFD for each bad byte, so it opens the
    /// decoy twice; the changed spec is never read, and the job passes ("All 7 files match"). Alone, the same spec
    /// fails with "no such file", though it exists. Expected: the spec read by its own bytes (or refused, exit 2).
    @Test func aSpecNamedWithBytesThatAreNotUTF8IsRenderedNotReplacedByAnother() throws {
        let root = try temporaryFolder()
        let repository = root.appendingPathComponent("repo")
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent("specs"), withIntermediateDirectories: true)
        let decoy =
            #"{"items": ["a", "b"], "selection": {"initial": "a", "sequence": [{"select": "b", "after": 0.1}], "tail": 0.1}, "output": {"fps": 10, "scale": 1}}"#
        try Data(decoy.utf8).write(
            to: repository.appendingPathComponent("specs/\u{FFFD}\u{FFFD}.json"))
        let approve = try runTool(["render", "specs/\u{FFFD}\u{FFFD}.json", "-o", "goldens", "-q"], in: repository)
        try #require(approve.status == 0, "\(approve.stderr)")
        // The changed spec, under a name of the bytes FF FE (written by the shell: Foundation cannot spell it).
        let changed = decoy.replacingOccurrences(of: #""a""#, with: #""Changed""#)
        let write = try runProgram(
            "bash", ["-c", #"printf '%s' "$1" >"specs/$(printf '\377\376').json""#, "bash", changed], in: repository)
        try #require(write.status == 0)
        let run = try Self.runCIScript(in: repository, [:])
        #expect(run.status != 0, "the changed spec was not compared: \(run.stdout)\(run.stderr)")
    }

    /// A golden under a folder whose name is not UTF-8 is not seen by compare: a file only in EXPECTED, yet a match.
    ///
    /// EXPECTED holds `a/frame-*.png` equal to ACTUAL and `<FF FE>/frame-0000.png`, another picture, only there.
    /// Observed: "All … files match", exit 0. Expected: that file reported as removed (exit 1), or refused (exit 2).
    @Test func aGoldenNamedWithBytesThatAreNotUTF8IsCompared() throws {
        let root = try temporaryFolder()
        let spec = root.appendingPathComponent("a.json")
        try Data(
            #"{"items": ["a", "b"], "selection": {"initial": "a", "sequence": [{"select": "b", "after": 0.1}], "tail": 0.1}, "output": {"fps": 10, "scale": 1}}"#
                .utf8
        ).write(to: spec)
        for folder in ["expected", "actual"] {
            let render = try runTool(["render", spec.path, "-o", root.appendingPathComponent(folder).path, "-q"])
            try #require(render.status == 0, "\(render.stderr)")
        }
        let picture = repositoryRoot.appendingPathComponent("docs/images/gallery-segmented.png").path
        let write = try runProgram(
            "bash",
            ["-c", #"name=$(printf '\377\376') && mkdir "expected/$name" && cp "$1" "expected/$name/frame-0000.png""#, "bash", picture],
            in: root)
        try #require(write.status == 0)
        let run = try runTool(["compare", "expected", "actual"], in: root)
        #expect(run.status != 0, "a golden only in EXPECTED was not seen: \(run.stdout)\(run.stderr)")
    }
}
