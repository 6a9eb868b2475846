import Testing

@testable import PickerSnapshot

@Suite("Snapshot locations")
struct SnapshotLocationsTests {
    @Test func goldensAreNamedAfterTheTestFileTheNameAndTheTime() throws {
        let locations = try SnapshotLocations(
            name: "seed-demo", times: [0, 0.5, 1.2], testFile: "/src/Tests/AppTests/PickerTests.swift", snapshotDirectory: nil,
            artifactsRoot: "/tmp/pickerreel-snapshots")
        #expect(locations.goldenFolder == "/src/Tests/AppTests/__Snapshots__/PickerTests")
        #expect(
            locations.frames.map(\.goldenPath) == [
                "/src/Tests/AppTests/__Snapshots__/PickerTests/seed-demo.0.000s.png",
                "/src/Tests/AppTests/__Snapshots__/PickerTests/seed-demo.0.500s.png",
                "/src/Tests/AppTests/__Snapshots__/PickerTests/seed-demo.1.200s.png",
            ])
        #expect(locations.frames[1].diffPath == "/tmp/pickerreel-snapshots/AppTests/PickerTests/seed-demo.0.500s.diff.png")
        #expect(locations.frames[1].actualPath == "/tmp/pickerreel-snapshots/AppTests/PickerTests/seed-demo.0.500s.actual.png")
    }

    @Test func aSnapshotDirectoryReplacesTheFolder() throws {
        let locations = try SnapshotLocations(
            name: "n", times: [2], testFile: "/src/Tests/T.swift", snapshotDirectory: "/goldens", artifactsRoot: "/tmp")
        #expect(locations.frames.map(\.goldenPath) == ["/goldens/n.2.000s.png"])
    }

    @Test(arguments: [
        ("", [0.0], "the name must be a file name"),
        ("a/b", [0.0], "the name must be a file name"),
        (".hidden", [0.0], "the name must be a file name"),
        ("n", [], "no times given"),
        ("n", [-1.0], "time -1.0 is not a number of seconds from 0 up"),
        ("n", [Double.nan], "time nan is not a number of seconds from 0 up"),
        ("n", [0.5, 0.5001], "times 0.5 and 0.5001 would share the golden n.0.500s.png"),
    ])
    func badRequestsAreFailuresSayingWhy(name: String, times: [Double], message: String) {
        #expect {
            try SnapshotLocations(name: name, times: times, testFile: "/T.swift", snapshotDirectory: nil)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func recordModeIsAskedForByEitherVariable() throws {
        #expect(try SnapshotRecordMode.requested(by: ["PICKERREEL_RECORD": "all"]) == .all)
        #expect(try SnapshotRecordMode.requested(by: ["RECORD_SNAPSHOTS": "true"]) == .all)
        #expect(try SnapshotRecordMode.requested(by: ["PICKERREEL_RECORD": "0"]) == .missing)
        #expect(try SnapshotRecordMode.requested(by: [:]) == nil)
    }
}
