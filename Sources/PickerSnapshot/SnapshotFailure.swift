import Foundation
import PickerCompare

/// Why a snapshot assertion failed: frames that differ from their goldens, goldens just recorded, or a bad request.
///
/// Thrown by `assertPickerSnapshot`; its `description` is the message for the user.
/// A differing frame's message names the golden, the actual render and the diff picture, with the number of
/// differing pixels, their share of the picture, and the tolerance. Recording says how many goldens were written
/// where, and to re-run.
public struct SnapshotFailure: Error, Equatable, Sendable, CustomStringConvertible {
    enum Representation: Equatable, Sendable {
        case findings(name: String, goldenFolder: String, tolerance: Tolerance, [SnapshotFinding])
        case invalidRequest(name: String, reason: String)
        case cannotRender(name: String, reason: String)
        case cannotWrite(name: String, reason: String)
    }

    let representation: Representation

    init(_ representation: Representation) {
        self.representation = representation
    }

    /// True when goldens were written (the assertion fails so that a run never passes by recording).
    public var recordedGoldens: Bool { !recordedPaths.isEmpty }

    /// The goldens written by this assertion.
    public var recordedPaths: [String] {
        findings.compactMap { finding in
            if case .recorded(_, let golden, _) = finding { return golden }
            return nil
        }
    }

    /// The diff pictures written for frames that differ: the golden faded, differences red, anti-aliasing yellow.
    public var diffPaths: [String] {
        findings.compactMap { finding in
            if case .differs(_, _, _, let diff, _) = finding { return diff }
            return nil
        }
    }

    /// The renders written for frames that differ or have another size than their golden.
    public var actualPaths: [String] {
        findings.compactMap { finding in
            switch finding {
            case .differs(_, _, let actual, _, _), .differentSizes(_, _, let actual, _, _): return actual
            case .recorded, .unreadableGolden: return nil
            }
        }
    }

    /// The pixel figures of the frames that differ beyond the tolerance, in the order of the times asked for.
    public var mismatches: [PixelComparison] {
        findings.compactMap { finding in
            if case .differs(_, _, _, _, let pixels) = finding { return pixels }
            return nil
        }
    }

    private var findings: [SnapshotFinding] {
        if case .findings(_, _, _, let findings) = representation { return findings }
        return []
    }

    /// The message for the user: one paragraph per frame that failed, then one for the goldens recorded.
    public var description: String {
        switch representation {
        case .invalidRequest(let name, let reason):
            return "snapshot \"\(name)\": \(reason)"
        case .cannotRender(let name, let reason):
            return "snapshot \"\(name)\": cannot render: \(reason)"
        case .cannotWrite(let name, let reason):
            return "snapshot \"\(name)\": \(reason)"  // The reason begins with the path.
        case .findings(let name, let goldenFolder, let tolerance, let findings):
            return Self.message(name: name, goldenFolder: goldenFolder, tolerance: tolerance, findings: findings)
        }
    }

    private static func message(name: String, goldenFolder: String, tolerance: Tolerance, findings: [SnapshotFinding]) -> String {
        var paragraphs: [String] = []
        var recorded: [String] = []
        for finding in findings {
            switch finding {
            case .differs(let time, let golden, let actual, let diff, let pixels):
                let count = pixels.differentPixels == 1 ? "1 pixel differs" : "\(pixels.differentPixels) pixels differ"
                paragraphs.append(
                    """
                    snapshot "\(name)" does not match at \(SnapshotLocations.label(of: time)): \(count) \
                    (ratio \(ratio(pixels.ratio)) of \(pixels.size) pixels; \(pixels.antialiasedPixels) anti-aliased \
                    not counted; allowed: \(allowance(tolerance)))
                      golden: \(golden)
                      actual: \(actual)
                      diff:   \(diff) (red: differs, yellow: anti-aliasing)
                    """)
            case .differentSizes(let time, let golden, let actual, let expected, let found):
                paragraphs.append(
                    """
                    snapshot "\(name)" does not match at \(SnapshotLocations.label(of: time)): the golden is \(expected) \
                    pixels but the render is \(found)
                      golden: \(golden)
                      actual: \(actual)
                    """)
            case .unreadableGolden(let time, let golden, let reason):
                paragraphs.append(
                    """
                    snapshot "\(name)" at \(SnapshotLocations.label(of: time)): cannot read the golden: \(reason)
                      delete it or re-record with PICKERREEL_RECORD=1: \(golden)
                    """)
            case .recorded(_, let golden, let reason):
                let why = reason == .missing ? "no golden yet" : "record mode is on"
                recorded.append("  \((golden as NSString).lastPathComponent) (\(why))")
            }
        }
        if !recorded.isEmpty {
            let snapshots = recorded.count == 1 ? "1 new snapshot" : "\(recorded.count) new snapshots"
            paragraphs.append("recorded \(snapshots) at \(goldenFolder); re-run to compare\n" + recorded.joined(separator: "\n"))
        }
        return paragraphs.joined(separator: "\n")
    }

    /// A share of pixels to three significant digits (`0.00283`, `2.83e-05`), so small figures still show.
    private static func ratio(_ value: Double) -> String {
        value == 0 ? "0" : String(format: "%.3g", value)
    }

    private static func allowance(_ tolerance: Tolerance) -> String {
        switch tolerance {
        case .pixels(let count): return count == 1 ? "1 pixel" : "\(count) pixels"
        case .ratio(let share): return "ratio \(ratio(share))"
        }
    }
}
