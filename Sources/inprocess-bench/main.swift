// Times the library's in-process calls that a snapshot test makes, for `make bench`:
//
//     inprocess-bench [SPEC.json] [--repeat N] [--json]
//
// - `Renderer.png(at:)` of one frame of the spec (the seed demo by default) on a renderer already set up: the
//   median of N calls at times spread over the animation (a different frame each call, so no cache answers);
// - `Renderer(spec)` followed by its first `png(at:)`: the set-up a test pays once per renderer;
// - `assertPickerSnapshot` of three frames that match their goldens (recorded by this program first, in a
//   temporary folder): the median of N calls, each making its own renderer, as a test does.
//
// It prints one line per measurement (milliseconds), or with --json one JSON object. Exit status 1 on failure,
// 2 on bad arguments.
import Foundation
import PickerReel
import PickerSnapshot

func fail(_ message: String, status: Int32) -> Never {
    // write(2), not FileHandle: a closed or full standard error must not trap.
    let line = Array("inprocess-bench: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var repeats = 200
var json = false
var specPath: String?
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--repeat":
        guard let value = arguments.first.flatMap({ Int($0) }), value >= 1 else { fail("--repeat needs a count of 1 or more", status: 2) }
        arguments.removeFirst()
        repeats = value
    case "--json": json = true
    case "--help", "-h":
        print("usage: inprocess-bench [SPEC.json] [--repeat N] [--json]")
        exit(0)
    default:
        guard specPath == nil, !argument.hasPrefix("-") else { fail("unexpected argument \(argument)", status: 2) }
        specPath = argument
    }
}

/// The median of `samples`, in milliseconds.
func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// The wall time of `body`, in milliseconds.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

do {
    let spec: PickerSpec
    if let specPath {
        spec = try PickerSpec(contentsOf: URL(fileURLWithPath: specPath))
    } else {
        spec = try PickerSpec(
            items: ["Day", "Week", "Month", "Year"], initial: "Day",
            changes: [.select("Week", after: 0.6), .select("Month", after: 0.6), .select("Year", after: 0.6), .select("Day", after: 0.6)])
    }
    let renderer = try Renderer(spec)
    let duration = renderer.duration
    _ = try renderer.png(at: 0)

    var frameTimes: [Double] = []
    for call in 0..<repeats {
        let time = duration * Double(call % 97) / 97
        frameTimes.append(try milliseconds { _ = try renderer.png(at: time) })
    }

    var setUpTimes: [Double] = []
    for _ in 0..<max(5, repeats / 20) {
        setUpTimes.append(try milliseconds { _ = try Renderer(spec).png(at: 0.5) })
    }

    let goldens = FileManager.default.temporaryDirectory.appendingPathComponent("inprocess-bench-\(getpid())")
    try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: goldens) }
    let times = [0.0, 0.78, duration]
    for time in times {
        let label = NumberText.fixed(time, digits: 3) + "s"
        try renderer.png(at: time).write(to: goldens.appendingPathComponent("bench.\(label).png"))
    }
    var snapshotTimes: [Double] = []
    for _ in 0..<repeats {
        var outcome: SnapshotOutcome?
        snapshotTimes.append(
            try milliseconds {
                outcome = try assertPickerSnapshot(
                    of: spec, as: .frames(at: times), named: "bench", snapshotDirectory: goldens.path, record: .never)
            })
        guard let outcome, outcome.matches else { fail("the snapshot did not match its goldens: \(outcome?.messages ?? [])", status: 1) }
    }

    let results: [(String, Double)] = [
        ("png_at_ms", median(frameTimes)), ("renderer_set_up_and_first_png_ms", median(setUpTimes)),
        ("assert_snapshot_3_frames_ms", median(snapshotTimes)),
    ]
    if json {
        let fields = results.map { "\"\($0.0)\": \(NumberText.fixed($0.1, digits: 4))" }.joined(separator: ", ")
        print("{\(fields), \"repeat\": \(repeats)}")
    } else {
        print("Renderer.png(at:), one frame, renderer set up: \(NumberText.fixed(results[0].1, digits: 3)) ms (median of \(repeats))")
        print("Renderer(spec) and its first png(at:): \(NumberText.fixed(results[1].1, digits: 3)) ms (median of \(setUpTimes.count))")
        print("assertPickerSnapshot, 3 matching frames: \(NumberText.fixed(results[2].1, digits: 3)) ms (median of \(repeats))")
    }
} catch {
    fail("\(error)", status: 1)
}
