import Foundation
import TestSupport
import Testing

/// `formats: apng,lottie` through action.yml's own steps (Tests/ActionRunner/run_action.py): the goldens are compared
/// as before, and the Lottie of each spec is among the rendered files the Action uploads (`upload-renders`).
///
/// Serialized: the build steps share one build folder.
@Suite("GitHub Action's Lottie output, as a runner runs it", .serialized)
struct ActionLottieTests {
    @Test func aLottieIsRenderedBesideTheGoldensAndUploaded() throws {
        var world = try ActionWorld()
        let job = try world.run([["formats": "apng,lottie", "upload-renders": "true"]])
        let use = try #require(job.uses.first)
        #expect(job.outcome == "success", "\(use.log)")
        #expect(use.outputs["status"] == "0", "\(use.log)")
        let name = try #require(use.outputs["artifact-name"])
        let renders = try #require(world.artifact(name + "-renders", run: 1), "\(world.artifactNames(run: 1))")
        for spec in ["period", "units"] {
            let file = renders.appendingPathComponent("\(spec)/\(spec).lottie.json")
            let data = try Data(contentsOf: file)
            let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(file.path)")
            // Bodymovin's top level: its version, frame rate, out point and layers (the spec: 10 fps).
            #expect(document["v"] is String && document["fr"] as? Double == 10, "\(file.path)")
            #expect((document["layers"] as? [Any])?.isEmpty == false, "\(file.path)")
        }
    }

    /// A misspelt format in the workflow fails the job with the tool's message and compares nothing.
    @Test func aMisspeltFormatFailsTheJobNamingIt() throws {
        var world = try ActionWorld()
        let job = try world.run([["formats": "apng,lotie"]])
        let use = try #require(job.uses.first)
        #expect(job.outcome == "failure", "\(use.log)")
        #expect(use.log.contains("lotie"), "\(use.log)")
        #expect(use.outputs["status"] != "0", "\(use.log)")
    }
}
