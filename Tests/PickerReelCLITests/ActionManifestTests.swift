import Foundation
import TestSupport
import Testing

/// Issue 34, finding 7, for the GitHub Action: its check never stands on a render manifest.
///
/// A pull request that commits the Action's output folder with stale pictures and a manifest forged to claim they are up to date for its
/// changed spec still gets the changed spec drawn and compared (the script empties its output before rendering).
@Suite("The Action trusts no manifest")
struct ActionManifestTests {
    @Test func aForgedManifestInTheOutputFolderDoesNotMakeAChangedSpecGreen() throws {
        let steps = CIActionTests()
        let work = try steps.repository()
        // The output folder, committed as the goldens' own render, with its manifests.
        let render = try runTool(["render", "specs/period.json", "specs/units.json", "-o", "Output/pickerreel", "-q"], in: work)
        #expect(render.status == 0, "\(render)")
        let spec = work.appendingPathComponent("specs/units.json")
        let old = try RenderVerifyTests.sha256(spec)
        let text = try String(contentsOf: spec, encoding: .utf8).replacingOccurrences(of: "green", with: "indigo")
        try Data(text.utf8).write(to: spec)
        let manifest = work.appendingPathComponent("Output/pickerreel/units/pickerreel-manifest.json")
        let forged = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(
            of: old, with: try RenderVerifyTests.sha256(spec))
        try Data(forged.utf8).write(to: manifest)
        // The forged manifest is one a plain render would trust: the cache says up to date.
        let cached = try runTool(["render", "specs/units.json", "-o", "Output/pickerreel"], in: work)
        #expect(cached.stderr.contains("units: up to date"), "\(cached)")
        let run = try steps.runSteps(in: work)
        #expect(run.status == 1, "the Action passed on a stale render: \(run.stdout)")
        #expect(run.stdout.contains("goldens/units/frame-"), "\(run.stdout)")
    }
}
