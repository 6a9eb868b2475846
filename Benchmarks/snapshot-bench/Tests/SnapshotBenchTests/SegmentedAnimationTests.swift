import Foundation
import PickerSnapshot
import Testing

/// The animated snapshot issue 37 timed: the segmented gallery spec, 2 variants × 98 frames, as an APNG golden each.
/// `SNAPSHOT_BENCH_SPEC` names the spec and `SNAPSHOT_BENCH_GOLDENS` the goldens' folder (under .build, so the bench
/// leaves the checkout clean).
@Test func segmentedAnimation() throws {
    let environment = ProcessInfo.processInfo.environment
    let spec = environment["SNAPSHOT_BENCH_SPEC"] ?? "Fixtures/gallery/segmented.json"
    let goldens = environment["SNAPSHOT_BENCH_GOLDENS"] ?? "__Snapshots__"
    try assertPickerSnapshot(ofSpecFile: spec, as: .animation, named: "segmented", snapshotDirectory: goldens)
}
