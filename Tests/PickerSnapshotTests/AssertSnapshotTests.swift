import Foundation
import PickerCompare
import PickerReel
import PickerRender
import TestSupport
import Testing

@testable import PickerSnapshot

/// Runs a snapshot assertion with its issues collected instead of recorded, so a test can look at them.
func collecting(_ body: () throws -> SnapshotOutcome) throws -> (
    SnapshotOutcome, [(message: String, location: SnapshotReporter.Location, attachments: [String])]
) {
    let collector = SnapshotReporter.Collector()
    let outcome = try SnapshotReporter.$collector.withValue(collector) { try body() }
    return (outcome, collector.issues)
}

@Suite("assertPickerSnapshot")
struct AssertSnapshotTests {
    static let times = [0.0, 0.78, 2.0]

    /// Records the seed demo's goldens in `folder` and checks that recording was reported as an issue.
    func record(_ spec: PickerSpec, in folder: SnapshotFolder, at times: [Double] = times) throws {
        let (outcome, issues) = try collecting {
            try assertPickerSnapshot(of: spec, as: .frames(at: times), named: folder.name, snapshotDirectory: folder.path)
        }
        #expect(outcome.recordedGoldens && issues.count == 1)
    }

    /// What checking `spec` against the goldens in `folder` found, or nil when it matches (and recorded no issue).
    func checking(
        _ spec: PickerSpec, in folder: SnapshotFolder, at times: [Double] = times, tolerance: Tolerance = SnapshotDefaults.tolerance,
        record: SnapshotRecordMode = .missing
    ) -> SnapshotOutcome? {
        guard
            let (outcome, issues) = try? collecting({
                try assertPickerSnapshot(
                    of: spec, as: .frames(at: times), named: folder.name, tolerance: tolerance, snapshotDirectory: folder.path,
                    record: record)
            })
        else { return nil }
        #expect(issues.count == outcome.messages.count)
        return outcome.matches ? nil : outcome
    }

    @Test func aMissingGoldenIsRecordedAndFailsThenTheNextRunMatches() throws {
        let folder = try SnapshotFolder()
        let spec = try fixtureSpec("seed-demo")
        let recording = try #require(checking(spec, in: folder))
        #expect(recording.recordedGoldens)
        #expect(
            try folder.files() == [
                "\(folder.name).0.000s.png", "\(folder.name).0.780s.png", "\(folder.name).2.000s.png", "\(folder.name).environment.json",
            ])
        #expect(recording.recordedPaths.allSatisfy(fileExists))
        #expect(recording.description.hasPrefix("recorded 3 new snapshots at \(folder.path); look at them, then re-run to compare\n"))
        #expect(recording.description.contains("\(folder.name).0.780s.png (no golden yet)"))

        #expect(checking(spec, in: folder) == nil)
    }

    @Test func recordModeRewritesMatchingGoldensAndStillFails() throws {
        let folder = try SnapshotFolder()
        let spec = try fixtureSpec("seed-demo")
        try record(spec, in: folder)
        let golden = (folder.path as NSString).appendingPathComponent("\(folder.name).0.000s.png")
        try FileManager.default.removeItem(atPath: golden)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: golden))

        let error = checking(spec, in: folder, record: .all)
        #expect(error?.recordedPaths.count == 3)
        #expect(error?.description.contains("(record mode all)") == true)
        #expect(try PNGFile.read(golden).width > 0)
        #expect(checking(spec, in: folder) == nil)
    }

    @Test func aChangedHighlightColourFailsWithTheDiffPictureOnDiskAndTheFigures() throws {
        let folder = try SnapshotFolder()
        var spec = try fixtureSpec("seed-demo")
        try record(spec, in: folder)
        spec.style.highlight.color = .red

        let failure = try #require(checking(spec, in: folder, at: [0.0]))
        #expect(!failure.recordedGoldens)
        let figures = try #require(failure.mismatches.first)
        #expect(figures.differentPixels > 1000)
        #expect(failure.diffPaths.count == 1 && failure.actualPaths.count == 1)
        let diffPath = try #require(failure.diffPaths.first)
        let actualPath = try #require(failure.actualPaths.first)
        #expect(try PNGFile.read(diffPath).width == figures.size.width)
        #expect(try PNGFile.read(actualPath) == Renderer(spec).image(at: 0))
        #expect(failure.description.contains("\(figures.differentPixels) pixels differ (ratio "))
        #expect(failure.description.contains("of \(figures.size) pixels"))
        #expect(failure.description.contains("golden: \(folder.path)/\(folder.name).0.000s.png"))
        #expect(failure.description.contains("diff:   \(diffPath)"))
        #expect(failure.description.contains("actual: \(actualPath)"))

        // Once the render matches again, the stale pictures of the failure are removed.
        spec.style.highlight.color = .gray
        #expect(checking(spec, in: folder, at: [0.0]) == nil)
        #expect(!fileExists(diffPath) && !fileExists(actualPath))
    }

    @Test func oneChangedPixelIsReportedAsExactlyOne() throws {
        let folder = try SnapshotFolder()
        let spec = try fixtureSpec("seed-demo")
        var golden = try Renderer(spec).image(at: 0)
        golden.setPixel(x: 3, y: 3, to: (0, 0, 0, 255))  // White canvas corner: far from every edge.
        try AtomicFile.write(PNGFile.encode(golden), to: "\(folder.path)/\(folder.name).0.000s.png")

        let failure = try #require(checking(spec, in: folder, at: [0.0]))
        #expect(failure.mismatches.map(\.differentPixels) == [1])
        #expect(failure.description.contains(": 1 pixel differs (ratio "))
        // The diff picture on disk shows that pixel in pixelmatch's red and no other.
        let diff = try PNGFile.read(try #require(failure.diffPaths.first))
        #expect(diff.pixel(x: 3, y: 3) == (255, 0, 0, 255))
        let reds = stride(from: 0, to: diff.pixels.count, by: 4).filter { diff.pixels[$0..<$0 + 4] == [255, 0, 0, 255] }
        #expect(reds.count == 1)
        #expect(checking(spec, in: folder, at: [0.0], tolerance: .pixels(1)) == nil)
    }

    /// The seed demo's highlight `points` further along its linear move from Year back to Day at 2.5 s.
    func seedDemoHighlightMoved(by points: Double) throws -> (time: Double, image: RGBAImage) {
        let renderer = try Renderer(try fixtureSpec("seed-demo"))
        let start = try #require(renderer.timeline.highlight(at: 2.5)).rect.x
        let later = try #require(renderer.timeline.highlight(at: 2.6)).rect.x
        let time = 2.5 + points / abs(later - start) * 0.1
        return (time, try renderer.image(at: time))
    }

    /// Puts the golden recorded at 2.5 s where the assertion for `time` looks for it, so that `time` is checked
    /// against the frame at 2.5 s.
    func useGoldenAtTwoAndAHalfSeconds(for time: Double, in folder: SnapshotFolder) throws {
        let golden = "\(folder.path)/\(folder.name).2.500s.png"
        let target = "\(folder.path)/\(folder.name).\(SnapshotLocations.label(of: time)).png"
        try AtomicFile.write([UInt8](try Data(contentsOf: URL(fileURLWithPath: golden))), to: target)
    }

    @Test func aHighlightMovedByAFractionOfAPointIsMostlyAntialiasingAndByAWholePointFails() throws {
        let folder = try SnapshotFolder()
        let spec = try fixtureSpec("seed-demo")
        try record(spec, in: folder, at: [2.5])
        let golden = try PNGFile.read("\(folder.path)/\(folder.name).2.500s.png")

        // 0.3 pt at 2 px per point moves the highlight's edges by 0.6 px. At pixelmatch's own threshold (0.1) that
        // is only anti-aliasing; the default (0.02, chosen so a 0.05 opacity change fails, docs/compare.md) also
        // counts the few pixels of the rounded corners that the detector does not take for anti-aliasing.
        let nudged = try seedDemoHighlightMoved(by: 0.3)
        #expect(nudged.image != golden)
        let lenient = try #require(
            ImageComparison.compare(expected: golden, actual: nudged.image, settings: ComparisonSettings(threshold: 0.1)).pixels)
        #expect(lenient.differentPixels == 0 && lenient.antialiasedPixels > 0)
        let figures = try #require(ImageComparison.compare(expected: golden, actual: nudged.image).pixels)
        #expect(figures.antialiasedPixels > figures.differentPixels)

        // A whole point is 2 px: the highlight's solid inside moves, which is no anti-aliasing.
        let moved = try seedDemoHighlightMoved(by: 1)
        try useGoldenAtTwoAndAHalfSeconds(for: moved.time, in: folder)
        let failure = try #require(checking(spec, in: folder, at: [moved.time]))
        #expect(try #require(failure.mismatches.first).differentPixels > figures.differentPixels)
        #expect(failure.diffPaths.allSatisfy(fileExists))
    }

    /// The seed demo's first frame with `padding` around it, cut to the size of the render with the seed's 16 pt, so
    /// that the whole picker sits `padding − 16` points further right and down on a canvas of the same size.
    func seedDemoShifted(padding: Double) throws -> RGBAImage {
        var spec = try fixtureSpec("seed-demo")
        let size = try Renderer(spec)
        spec.style.padding = padding
        return cropped(try Renderer(spec).image(at: 0), width: size.pixelSize.width, height: size.pixelSize.height)
    }

    @Test func aWholePickerMovedByAFractionOfAPointMovesGlyphsByWholePixels() throws {
        let folder = try SnapshotFolder()
        let spec = try fixtureSpec("seed-demo")
        let golden = "\(folder.path)/\(folder.name).0.000s.png"

        // Pango places glyphs on whole pixels, so 0.2 pt (0.4 px) moves some letters by a whole pixel and others not
        // at all: thin stems then differ beyond anti-aliasing. Exact comparison sees it; a small ratio absorbs it
        // (0.22% of the pixels at the default threshold).
        try AtomicFile.write(PNGFile.encode(seedDemoShifted(padding: 16.2)), to: golden)
        let nudged = try #require(checking(spec, in: folder, at: [0.0]))
        let figures = try #require(nudged.mismatches.first)
        #expect(figures.differentPixels > 0 && figures.ratio < 0.005)
        #expect(checking(spec, in: folder, at: [0.0], tolerance: .ratio(0.005)) == nil)

        // A whole point moves every letter and the highlight by 2 px: far beyond that ratio.
        try AtomicFile.write(PNGFile.encode(seedDemoShifted(padding: 17)), to: golden)
        let moved = try #require(checking(spec, in: folder, at: [0.0], tolerance: .ratio(0.005)))
        #expect(try #require(moved.mismatches.first).ratio > 0.02)
    }

    @Test func aRenderOfAnotherSizeFailsGivingBothSizes() throws {
        let folder = try SnapshotFolder()
        var spec = try fixtureSpec("seed-demo")
        try record(spec, in: folder, at: [0.0])
        let before = try Renderer(spec)
        spec.style.padding = 20
        let after = try Renderer(spec)

        let failure = try #require(checking(spec, in: folder, at: [0.0]))
        #expect(
            failure.description.contains(
                "the golden is \(before.pixelSize.width)×\(before.pixelSize.height) pixels but the render is \(after.pixelSize.width)×\(after.pixelSize.height)"
            ))
        #expect(failure.actualPaths.allSatisfy(fileExists) && failure.diffPaths.isEmpty)
    }

    @Test func aCorruptGoldenFailsNamingItAndIsLeftAlone() throws {
        let folder = try SnapshotFolder()
        let golden = "\(folder.path)/\(folder.name).0.000s.png"
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: golden))

        let failure = try #require(checking(try fixtureSpec("seed-demo"), in: folder, at: [0.0]))
        #expect(failure.description.contains("cannot read the golden: \(golden): not a PNG image"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: golden)) == Data("not a png".utf8))
    }

    @Test func theSpecFileAndSpecFormsUseTheSameGoldens() throws {
        let folder = try SnapshotFolder()
        let path = repositoryRoot.appendingPathComponent("Fixtures/specs/numbers-vertical.json").path
        let (recorded, _) = try collecting {
            try assertPickerSnapshot(ofSpecFile: path, as: .frames(at: [1.3]), named: folder.name, snapshotDirectory: folder.path)
        }
        #expect(recorded.recordedGoldens)
        let (fromSpec, issues) = try collecting {
            try assertPickerSnapshot(
                of: fixtureSpec("numbers-vertical"), as: .frames(at: [1.3]), named: folder.name, snapshotDirectory: folder.path)
        }
        #expect(fromSpec.matches && issues.isEmpty)
    }

    /// A mismatch is an issue of the running test at the assertion's own line, and the assertion goes on to the
    /// next frame (issue 13): two frames that differ are two issues of one call, each with its pictures.
    @Test func mismatchesAreIssuesAtTheCallSiteAndEveryFrameIsChecked() throws {
        let folder = try SnapshotFolder()
        var spec = try fixtureSpec("seed-demo")
        try record(spec, in: folder)
        spec.style.highlight.color = .indigo
        let line: UInt = #line + 2
        let (outcome, issues) = try collecting {
            try assertPickerSnapshot(of: spec, as: .frames(at: Self.times), named: folder.name, snapshotDirectory: folder.path)
        }
        #expect(outcome.mismatches.count == 3 && issues.count == 3)
        #expect(issues.allSatisfy { $0.location.line == line && "\($0.location.filePath)" == #filePath })
        #expect(issues.allSatisfy { $0.attachments.count == 3 && $0.attachments.allSatisfy(fileExists) })
        #expect(issues[0].message.contains("to accept the render: PICKERREEL_RECORD=failed"))
    }

    /// Goldens keep the render environment they were recorded in; a golden that fails on a machine with another
    /// environment says first what differs, in one line.
    @Test func aMismatchSaysFirstThatTheGoldenCameFromAnotherRenderEnvironment() throws {
        let folder = try SnapshotFolder()
        let spec = try fixtureSpec("seed-demo")
        try record(spec, in: folder, at: [0.78])
        let record = URL(fileURLWithPath: folder.path).appendingPathComponent("\(folder.name).environment.json")
        let recorded = try recordedEnvironment(at: record)
        #expect(recorded.libraries["pango"] != nil && !recorded.fonts.isEmpty, "\(recorded)")
        // The same render matches whatever the record says: it is a record, not a check.
        var other = recorded
        other.libraries["pango"] = "1.44.7"
        other.fonts = other.fonts.mapValues { _ in String(repeating: "0", count: 64) }
        let encoder = JSONEncoder()
        try encoder.encode(other).write(to: record)
        #expect(checking(spec, in: folder, at: [0.78]) == nil)
        // A render that differs names the environment first.
        var moved = spec
        moved.style.highlight.color = .red
        let outcome = try #require(checking(moved, in: folder, at: [0.78]))
        let font = try #require(recorded.fonts.keys.sorted().first)
        let pango = try #require(recorded.libraries["pango"])
        #expect(outcome.environmentChanges == ["pango 1.44.7 → \(pango)", "font \(font): other file"])
        #expect(
            outcome.messages.first?.hasPrefix(
                "the golden was recorded in another render environment: pango 1.44.7 → \(pango); font \(font): other file\nsnapshot "
            ) == true, "\(outcome.messages)")
    }

    /// A call that records a new golden while another does not match keeps the record of the goldens it left, and
    /// still names the change.
    @Test func aNewGoldenBesideAMismatchKeepsTheEnvironmentRecord() throws {
        let folder = try SnapshotFolder()
        let spec = try fixtureSpec("seed-demo")
        try record(spec, in: folder, at: [0.78])
        let record = URL(fileURLWithPath: folder.path).appendingPathComponent("\(folder.name).environment.json")
        var other = try recordedEnvironment(at: record)
        let pango = try #require(other.libraries["pango"])
        other.libraries["pango"] = "1.44.7"
        try JSONEncoder().encode(other).write(to: record)
        let written = try Data(contentsOf: record)
        var moved = spec
        moved.style.highlight.color = .red
        let outcome = try #require(checking(moved, in: folder, at: [0.78, 2]))
        #expect(outcome.recordedPaths.count == 1 && outcome.mismatches.count == 1)
        #expect(outcome.environmentChanges == ["pango 1.44.7 → \(pango)"])
        #expect(try Data(contentsOf: record) == written, "the record was rewritten while a golden it describes was left")
    }

    /// Inside a Swift Testing test, the issue really is recorded (here as a known issue, so this test passes).
    @Test("Expected known issue: a mismatch records an issue of the running test")
    func aMismatchRecordsAnIssueOfTheRunningTest() throws {
        let folder = try SnapshotFolder()
        var spec = try fixtureSpec("seed-demo")
        try record(spec, in: folder, at: [0])
        spec.style.highlight.color = .teal
        var outcome: SnapshotOutcome?
        try withKnownIssue("Expected, not a failure: this test checks that a mismatch records this issue") {
            outcome = try assertPickerSnapshot(of: spec, as: .frames(at: [0]), named: folder.name, snapshotDirectory: folder.path)
        } matching: { issue in
            issue.description.contains("does not match at 0.000s") && issue.sourceLocation?.fileID == #fileID
        }
        #expect(outcome?.mismatches.count == 1)
    }

    @Test func recordModes() throws {
        let folder = try SnapshotFolder()
        var spec = try fixtureSpec("seed-demo")
        // never: a missing golden fails and nothing is written.
        let never = try #require(checking(spec, in: folder, at: [0], record: .never))
        #expect(never.description.contains("no golden, and record mode never writes one"))
        #expect(try folder.files().isEmpty)
        try record(spec, in: folder, at: [0, 1])
        spec.style.highlight.color = .pink
        // failed: the frames that do not match are recorded again, and that is reported.
        let failed = try #require(checking(spec, in: folder, at: [0, 1], record: .failed))
        #expect(failed.recordedPaths.count == 2 && failed.mismatches.isEmpty)
        #expect(failed.description.contains("it did not match; record mode failed"))
        #expect(checking(spec, in: folder, at: [0, 1]) == nil)
        // The environment overrides the call's mode.
        #expect(try SnapshotRecordMode.requested(by: ["PICKERREEL_RECORD": "never"]) == .never)
        #expect(try SnapshotRecordMode.requested(by: ["PICKERREEL_RECORD": "1"]) == .all)
        #expect(try SnapshotRecordMode.requested(by: ["RECORD_SNAPSHOTS": "failed"]) == .failed)
        #expect(try SnapshotRecordMode.requested(by: [:]) == nil)
    }

    /// A typo in PICKERREEL_RECORD fails the assertion, naming the allowed values; nothing is recorded.
    @Test func anUnknownRecordValueFailsNamingTheAllowedValues() throws {
        let folder = try SnapshotFolder()
        let spec = try fixtureSpec("seed-demo")
        for environment in [["PICKERREEL_RECORD": "nevr"], ["RECORD_SNAPSHOTS": "Always"]] {
            var assertion = SnapshotAssertion(
                name: folder.name, strategy: .frames(at: [0]), tolerance: .exact, settings: ComparisonSettings(),
                snapshotDirectory: folder.path,
                record: .missing, location: SnapshotReporter.Location(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
            assertion.environment = environment
            let (variable, value) = try #require(environment.first)
            #expect {
                _ = try collecting { try assertion.run(spec: spec, file: nil, variants: nil) }
            } throws: { error in
                "\(error)".contains("\(variable)=\(value) is not a record mode; use all, missing, failed or never")
            }
            #expect(try folder.files().isEmpty)
        }
    }

    /// One call checks every variant of a spec, each with goldens named by its suffix.
    @Test func everyVariantHasGoldensNamedByItsSuffix() throws {
        let folder = try SnapshotFolder()
        var spec = try fixtureSpec("seed-demo")
        spec.variantAxes = VariantAxes(colorScheme: [.light, .dark], scale: [2, 1])
        let (outcome, _) = try collecting {
            try assertPickerSnapshot(of: spec, as: .frames(at: [0]), named: folder.name, snapshotDirectory: folder.path)
        }
        #expect(outcome.recordedPaths.count == 4)
        #expect(
            try folder.files()
                == [
                    "\(folder.name)-dark.0.000s.png", "\(folder.name)-dark@1x.0.000s.png", "\(folder.name).0.000s.png",
                    "\(folder.name)@1x.0.000s.png", "\(folder.name)-dark.environment.json", "\(folder.name)-dark@1x.environment.json",
                    "\(folder.name).environment.json", "\(folder.name)@1x.environment.json",
                ].sorted())
        // The seed sets a white background, which stays white; its accent labels take the dark blue.
        #expect(
            try PNGFile.read("\(folder.path)/\(folder.name)-dark.0.000s.png") != PNGFile.read("\(folder.path)/\(folder.name).0.000s.png"))
        // Some of them, by suffix.
        let (some, _) = try collecting {
            try assertPickerSnapshot(of: spec, as: .frames(at: [0]), named: folder.name, variants: ["dark"], snapshotDirectory: folder.path)
        }
        #expect(some.matches)
        #expect(throws: SnapshotFailure.self) {
            try assertPickerSnapshot(
                of: spec, as: .frames(at: [0]), named: folder.name, variants: ["sepia"], snapshotDirectory: folder.path)
        }
    }

    @Test func artifactsAreKeptByTestTargetAndFile() throws {
        let locations = try SnapshotLocations(
            name: "n", times: [1], testFile: "/src/Tests/DesignTests/Pickers/PickerTests.swift", snapshotDirectory: nil,
            artifactsRoot: "/artifacts")
        #expect(locations.frames[0].actualPath == "/artifacts/DesignTests/PickerTests/n.1.000s.actual.png")
        #expect(SnapshotLocations.testTarget(of: URL(fileURLWithPath: "/elsewhere/T.swift")) == "elsewhere")
    }

    @Test func anInvalidSpecFileFailsWithTheDecodersMessage() throws {
        let folder = try SnapshotFolder()
        let path = "\(folder.path)/bad.json"
        try Data(#"{"items": []}"#.utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: SnapshotFailure.self) {
            try assertPickerSnapshot(ofSpecFile: path, as: .frames(at: [0]), named: "bad", snapshotDirectory: folder.path)
        }
        #expect(error?.description.hasPrefix("snapshot \"bad\": cannot render: \(path)") == true)
        #expect(try folder.files() == ["bad.json"])
    }
}
