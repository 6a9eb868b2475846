import FoundationEssentials
import PickerKit
import PickerReel

/// Where the files of one snapshot assertion go: a golden per time beside the test file (or in the folder the
/// caller gave), and the actual render and diff picture of a failure under `$PICKERREEL_ARTIFACTS` (default: the
/// temporary folder's `pickerreel-snapshots`), in `<test target>/<test file>/`, so two targets never collide.
struct SnapshotLocations: Equatable {
    /// The files of one time.
    struct Frame: Equatable {
        /// Seconds into the animation.
        var time: Double
        /// The golden PNG, such as `…/__Snapshots__/RendererTests/seed-demo.0.500s.png`.
        var goldenPath: String
        /// Where the render is written when it does not match.
        var actualPath: String
        /// Where the diff picture is written when it does not match.
        var diffPath: String
    }

    /// The snapshot's name as the caller gave it.
    var name: String
    /// The folder holding the goldens.
    var goldenFolder: String
    /// The folder for actual renders and diff pictures of failures.
    var artifactFolder: String
    /// One entry per requested time, in the caller's order.
    var frames: [Frame]

    /// Works out the paths for `name` at `times`, asked for from the test file at `testFile`.
    ///
    /// Throws `SnapshotFailure` for a name that cannot be a file name, no times, a time that is negative or not a
    /// number, and two times that would share a file name.
    init(name: String, times: [Double], testFile: String, snapshotDirectory: String?, artifactsRoot: String? = nil) throws(SnapshotFailure)
    {
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\0") else {
            throw SnapshotFailure(
                .invalidRequest(name: name, reason: "the name must be a file name: not empty, no \"/\", not starting with \".\""))
        }
        guard !times.isEmpty else {
            throw SnapshotFailure(.invalidRequest(name: name, reason: "no times given; pass at least one, e.g. .frames(at: [0])"))
        }
        let testURL = URL(fileURLWithPath: testFile)
        let testName = testURL.deletingPathExtension().lastPathComponent
        self.name = name
        goldenFolder =
            snapshotDirectory
            ?? testURL.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(testName).path
        artifactFolder =
            URL(fileURLWithPath: artifactsRoot ?? Self.defaultArtifactsRoot).appendingPathComponent(Self.testTarget(of: testURL))
            .appendingPathComponent(testName).path
        var frames: [Frame] = []
        var timeOfLabel: [String: Double] = [:]
        for time in times {
            guard time.isFinite, time >= 0 else {
                throw SnapshotFailure(.invalidRequest(name: name, reason: "time \(time) is not a number of seconds from 0 up"))
            }
            let label = Self.label(of: time)
            if let earlier = timeOfLabel[label] {
                throw SnapshotFailure(
                    .invalidRequest(name: name, reason: "times \(earlier) and \(time) would share the golden \(name).\(label).png"))
            }
            timeOfLabel[label] = time
            let stem = "\(name).\(label)"
            frames.append(
                Frame(
                    time: time,
                    goldenPath: FilePath.join(goldenFolder, "\(stem).png"),
                    actualPath: FilePath.join(artifactFolder, "\(stem).actual.png"),
                    diffPath: FilePath.join(artifactFolder, "\(stem).diff.png")
                ))
        }
        self.frames = frames
    }

    /// `$PICKERREEL_ARTIFACTS`, or the temporary folder's `pickerreel-snapshots`.
    static var defaultArtifactsRoot: String {
        if let root = ProcessInfo.processInfo.environment["PICKERREEL_ARTIFACTS"], !root.isEmpty { return root }
        return FileManager.default.temporaryDirectory.appendingPathComponent("pickerreel-snapshots").path
    }

    /// The test target a test file belongs to: the folder after `Tests/` in its path (SwiftPM's layout), or the
    /// file's own folder.
    static func testTarget(of testFile: URL) -> String {
        let components = testFile.deletingLastPathComponent().pathComponents
        if let tests = components.lastIndex(of: "Tests"), tests + 1 < components.count { return components[tests + 1] }
        return testFile.deletingLastPathComponent().lastPathComponent
    }

    /// A time as it appears in file names: milliseconds and a unit, such as `0.500s` or `1.200s`.
    static func label(of time: Double) -> String {
        MomentName.label(of: time)
    }
}
