import Foundation
import TestSupport
import Testing

/// docs/install.md, the README's set-up and .devcontainer/devcontainer.json name the release files and the image as
/// `make dist` and `make image` make them (scripts/make-dist.sh, scripts/dist-check.sh), for the tool's version.
@Suite("Install documentation")
struct InstallDocTests {
    static func version() throws -> String {
        let run = try runTool(["--version"])
        try #require(run.status == 0)
        return try #require(run.stdout.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theDockerCommandsRunTheImageOfThisVersionWithTheCheckoutAsItsWorkingFolder() throws {
        let version = try Self.version()
        let install = try Self.text("docs/install.md")
        let run = #"docker run --rm --platform linux/amd64 -v "$PWD":/work -u "$(id -u):$(id -g)" pickerreel:\#(version)"#
        #expect(install.contains("\(run) render "), "docs/install.md has no docker run … render for pickerreel:\(version)")
        #expect(install.contains("\(run) compare goldens Output --update"), "docs/install.md has no docker run … compare --update")
        #expect(install.contains("sudo apt-get install ./pickerreel_\(version)_amd64.deb"))
        // What the image is: dist-check.sh packs and checks exactly this name, entry point and working folder.
        let check = try Self.text("scripts/dist-check.sh")
        #expect(check.contains(#"--config.entrypoint /usr/bin/pickerreel --config.workingdir /work"#))
        #expect(check.contains(#""docker.io/library/pickerreel:$version""#))
    }

    @Test func theDevContainerOpensTheImageOfThisVersionAtTheCheckout() throws {
        let version = try Self.version()
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent(".devcontainer/devcontainer.json"))
        let container = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(container["image"] as? String == "pickerreel:\(version)")
        #expect(container["workspaceFolder"] as? String == "/work")
        #expect((container["workspaceMount"] as? String)?.contains("target=/work") == true)
    }

    @Test func theReadmeSetUpNamesThePackageTheImageAndTheSource() throws {
        let version = try Self.version()
        let readme = try Self.text("README.md")
        let setUp = try #require(readme.range(of: "## Set-up: a package, an image, or the source")).upperBound
        let section = String(readme[setUp...].prefix(1_600))
        #expect(section.contains("**Package**") && section.contains("pickerreel_\(version)_amd64.deb"))
        #expect(section.contains("**Image**") && section.contains("pickerreel:\(version)"))
        #expect(section.contains("**Source**") && section.contains("make test"))
        #expect(section.contains("docs/install.md"))
    }
}
