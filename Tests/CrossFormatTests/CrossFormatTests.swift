import AnimationTestSupport
import Foundation
import PickerReel
import TestSupport
import Testing

/// One picture, every format: the PNG frame against every other format as its viewer shows it at the same moment.
///
/// For each spec, the PNG frame at moments across the animation (`png(at:)`, what `frame --time` writes) against
/// every format's picture then, within that format's known loss (`FormatRow`, `PictureTolerance`). Each check is
/// also shown to fail on two deliberate mistakes: the format's picture two frames late, and the PNG frame of the spec
/// with one colour changed.
///
/// Set PICKERREEL_CROSS_FORMAT_MATRIX to a file path to append the matrix (spec × format, worst difference,
/// tolerance) to it.
@Suite("One picture, every format", .serialized)
struct CrossFormatTests {
    @Test(arguments: CrossFormatCase.all)
    func everyFormatShowsThePNGFrameAtEachMoment(_ spec: CrossFormatCase) throws {
        let renderer = try spec.renderer()
        let fps = renderer.timeline.fps
        func onFrame(_ time: Double) -> Double { (time * fps).rounded() / fps }
        let moments = spec.times.map(onFrame)
        let late = spec.probe.map { onFrame($0) + 2 / fps }
        let requested = moments + (late.map { [$0] } ?? [])
        let expected = try moments.map { try decodePNG(renderer.png(at: $0), name: "png(at: \($0))") }
        for (moment, picture) in zip(moments, expected) {
            #expect(picture == (try renderer.image(at: moment)), "png(at: \(moment)) decoded is not image(at: \(moment))")
        }
        let probeIndex = spec.probe.flatMap { probe in moments.firstIndex(of: onFrame(probe)) }
        let mutationIndex = try #require(moments.firstIndex(of: onFrame(spec.mutationTime)), "the mutation time is not among the times")
        let mutated = try decodePNG(spec.renderer(mutated: true).png(at: moments[mutationIndex]), name: "the mutated spec")
        #expect(mutated != expected[mutationIndex], "the mutation \(spec.mutation) changes nothing at \(moments[mutationIndex]) s")
        #expect(spec.probe == nil || probeIndex != nil, "the probe is not among the times")

        let folder = try temporaryFolder()
        var keepFolder = false
        defer { if !keepFolder { try? FileManager.default.removeItem(at: folder) } }
        for row in CrossFormatRows.all {
            let tolerance = try row.tolerance(for: renderer)
            let pictures: [RGBAImage]
            do {
                pictures = try row.pictures(of: renderer, at: requested, workingIn: folder)
            } catch {
                Issue.record("\(spec.testDescription), \(row.name): \(error)")
                continue
            }
            try #require(pictures.count == requested.count, "\(row.name) gave \(pictures.count) pictures for \(requested.count) moments")
            var worst: (moment: Double, measurement: PictureTolerance.Measurement)?
            for (index, moment) in moments.enumerated() {
                let measurement = tolerance.measure(expected: expected[index], actual: pictures[index])
                if worst.map({ measurement.severity > $0.measurement.severity }) ?? true { worst = (moment, measurement) }
                if !measurement.passes {
                    keepFolder = true
                    let saved = try save(expected: expected[index], actual: pictures[index], as: "\(row.name)-\(moment)", in: folder)
                    let message: Comment =
                        "\(spec.testDescription) (\(spec.covers)) at \(moment) s: \(row.name) differs from the PNG frame by \(measurement.worst), beyond \(tolerance) (\(tolerance.reason)); pictures in \(saved)"
                    Issue.record(message)
                }
            }
            if let probeIndex, let late {
                let measurement = tolerance.measure(expected: expected[probeIndex], actual: pictures[moments.count])
                #expect(
                    !measurement.passes,
                    "\(spec.testDescription): \(row.name) at \(late) s passes against the PNG frame at \(moments[probeIndex]) s (\(measurement.worst)): the check cannot see two frames of motion"
                )
            }
            let caught = tolerance.measure(expected: mutated, actual: pictures[mutationIndex])
            #expect(
                !caught.passes,
                "\(spec.testDescription): \(row.name) passes against the PNG frame with \(spec.mutation.path.joined(separator: ".")) = \(spec.mutation.json) (\(caught.worst)): the check cannot see that change"
            )
            if let worst {
                report(
                    "| \(spec.testDescription) | \(row.name) | \(worst.measurement.worst) at \(PictureTolerance.decimal(worst.moment)) s | \(tolerance) | "
                        + "late: \(probeIndex == nil ? "–" : tolerance.measure(expected: expected[probeIndex ?? 0], actual: pictures[moments.count]).worst) | changed: \(caught.worst) |"
                )
            }
        }
    }

    /// Writes both pictures as PNG files for a person to look at; returns the folder.
    private func save(expected: RGBAImage, actual: RGBAImage, as name: String, in folder: URL) throws -> String {
        let safe = name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        try Data(PNGFile.encode(expected)).write(to: folder.appendingPathComponent(String(safe) + "-expected.png"))
        try Data(PNGFile.encode(actual)).write(to: folder.appendingPathComponent(String(safe) + "-actual.png"))
        return folder.path
    }

    private func report(_ line: String) {
        guard let path = ProcessInfo.processInfo.environment["PICKERREEL_CROSS_FORMAT_MATRIX"], !path.isEmpty else { return }
        let url = URL(fileURLWithPath: path)
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let handle = try? FileHandle(forWritingTo: url) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data((line + "\n").utf8))
    }
}
