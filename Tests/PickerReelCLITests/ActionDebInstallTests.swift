import Foundation
import TestSupport
import Testing

/// The Action's `deb` input, through action.yml's own steps (Tests/ActionRunner/run_action.py): a release package
/// is installed with apt instead of building the tool, and anything that is not one is refused before apt runs.
///
/// Serialized: the install test installs the package on this machine (as a runner would), and removes it again when
/// it was not installed before.
@Suite("GitHub Action, installing a release .deb", .serialized)
struct ActionDebInstallTests {
    static let install = "Install PickerReel from the release package"
    static let build = "Build PickerReel"
    static let libraries = "Install PickerReel's libraries and fonts"
    static let compare = "Render and compare with the goldens"

    /// The version dpkg lists for pickerreel on this machine, or nil when it is not installed.
    static func installedVersion() throws -> String? {
        let query = try runProgram("dpkg-query", ["-W", "-f=${Status} ${Version}", "pickerreel"])
        guard query.status == 0, query.stdout.hasPrefix("install ok installed ") else { return nil }
        return String(query.stdout.dropFirst("install ok installed ".count))
    }

    @Test func aReleaseDebIsInstalledWithAptAndTheToolIsNotBuilt() throws {
        // The release as `make dist` writes it, into a folder of this test's.
        let dist = try temporaryFolder().appendingPathComponent("dist")
        let made = try runProgram(
            "make", ["-C", repositoryRoot.path, "--no-print-directory", "dist", "DIST=\(dist.path)"], timeLimit: 1_200)
        try #require(made.status == 0, "make dist failed: \(made.stderr)")
        let debName = try #require(
            FileManager.default.contentsOfDirectory(atPath: dist.path).first { $0.hasPrefix("pickerreel_") && $0.hasSuffix(".deb") },
            "make dist wrote no pickerreel_*.deb")
        let before = try Self.installedVersion()
        defer {
            if before == nil { _ = try? runProgram("dpkg", ["-r", "pickerreel"]) }
        }

        var world = try ActionWorld()
        try FileManager.default.copyItem(at: dist.appendingPathComponent(debName), to: world.workspace.appendingPathComponent(debName))
        let job = try world.run([["deb": debName]])
        let use = try #require(job.uses.first)
        #expect(job.outcome == "success", "\(use.log)")
        #expect(use.step(Self.install)?.outcome == "success", "\(use.log)")
        #expect(use.step(Self.build)?.outcome == "skipped", "the tool is not built when a .deb is given: \(use.log)")
        #expect(use.step(Self.libraries)?.outcome == "skipped", "the package's Depends bring the libraries: \(use.log)")
        #expect(use.step(Self.compare)?.outcome == "success", "\(use.log)")
        #expect(use.outputs["status"] == "0", "\(use.log)")
        let version = try #require(debName.split(separator: "_").dropFirst().first.map(String.init))
        #expect(try Self.installedVersion() == version)
        #expect(use.stdout.contains("Installed pickerreel \(version) from \(debName)"), "\(use.stdout)")
        // The steps ran the installed tool: a copy of /usr/bin/pickerreel, byte for byte.
        let toolFolder = try #require(use.step("Name the artifacts and the cached tool")?.outputs["tool-folder"])
        let used = try Data(contentsOf: URL(fileURLWithPath: toolFolder).appendingPathComponent("pickerreel"))
        #expect(used == (try Data(contentsOf: URL(fileURLWithPath: "/usr/bin/pickerreel"))))
    }

    @Test(
        "A deb input that is not a release package fails with one annotation naming it, and installs nothing",
        arguments: [
            ("missing.deb", "missing.deb does not exist"),
            ("folder.deb", "folder.deb is not a file"),
            ("notes.txt", "notes.txt is not a .deb"),
            ("text.deb", "text.deb is not a Debian package"),
            ("other.deb", "other.deb holds the package other-tool, not pickerreel"),
            ("link.deb", "link.deb goes through a symbolic link"),
            ("linked/pickerreel.deb", "linked/pickerreel.deb goes through a symbolic link"),
        ])
    func aDebThatIsNotAReleasePackageIsRefused(deb: String, message: String) throws {
        var world = try ActionWorld()
        let workspace = world.workspace
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent("folder.deb"), withIntermediateDirectories: true)
        try Data("not a package\n".utf8).write(to: workspace.appendingPathComponent("notes.txt"))
        try Data("not a package\n".utf8).write(to: workspace.appendingPathComponent("text.deb"))
        try makeOtherPackage(at: workspace.appendingPathComponent("other.deb"))
        // Links to a file and to a folder outside the workspace: whatever they lead to, they are not followed.
        let outside = try temporaryFolder()
        try makeOtherPackage(at: outside.appendingPathComponent("pickerreel.deb"))
        try FileManager.default.createSymbolicLink(
            at: workspace.appendingPathComponent("link.deb"), withDestinationURL: outside.appendingPathComponent("pickerreel.deb"))
        try FileManager.default.createSymbolicLink(at: workspace.appendingPathComponent("linked"), withDestinationURL: outside)
        let before = try Self.installedVersion()

        let job = try world.run([["deb": deb]])
        let use = try #require(job.uses.first)
        #expect(job.outcome == "failure", "\(use.log)")
        #expect(use.step(Self.install)?.outcome == "failure", "\(use.log)")
        #expect(use.step(Self.build)?.outcome == "skipped", "\(use.log)")
        #expect(use.step(Self.compare)?.outcome == "skipped", "\(use.log)")
        let errors = use.stdout.split(separator: "\n").filter { $0.hasPrefix("::error") }
        #expect(errors.count == 1, "\(use.stdout)")
        #expect(errors.first?.contains("the deb input \(message)") == true, "\(use.stdout)")
        #expect(errors.first?.contains("nothing was installed") == true, "\(use.stdout)")
        #expect(try Self.installedVersion() == before, "nothing is installed")
        #expect(!use.log.contains("apt-get"), "apt never ran: \(use.log)")
    }

    @Test func theInstallScriptExitsWithStatusTwoOnABadDeb() throws {
        let folder = try temporaryFolder()
        try Data("not a package\n".utf8).write(to: folder.appendingPathComponent("text.deb"))
        let run = try runProgram(
            repositoryRoot.appendingPathComponent("scripts/install-deb.sh").path, ["text.deb", folder.appendingPathComponent("tool").path],
            in: folder)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout
                == "::error title=PickerReel::the deb input text.deb is not a Debian package (dpkg-deb cannot read it); give the release's pickerreel_*.deb (nothing was installed)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("tool").path))
    }
}

/// Builds a small Debian package that is not PickerReel (package `other-tool`) at `url`, with dpkg-deb.
private func makeOtherPackage(at url: URL) throws {
    let root = try temporaryFolder()
    let control = root.appendingPathComponent("DEBIAN")
    try FileManager.default.createDirectory(at: control, withIntermediateDirectories: true)
    try Data(
        "Package: other-tool\nVersion: 1.0\nArchitecture: all\nMaintainer: Nobody <nobody@example.invalid>\nDescription: not pickerreel\n"
            .utf8
    ).write(to: control.appendingPathComponent("control"))
    let build = try runProgram("dpkg-deb", ["--root-owner-group", "--build", root.path, url.path])
    try #require(build.status == 0, "dpkg-deb failed: \(build.stderr)")
}
