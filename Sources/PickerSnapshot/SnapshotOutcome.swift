import FoundationEssentials
import PickerCompare
import PickerKit

/// What one `assertPickerSnapshot` call found, frame by frame and variant by variant: returned (and discardable),
/// after every finding has been recorded as an issue of the running test.
public struct SnapshotOutcome: Equatable, Sendable {
    let name: String
    let goldenFolder: String
    let tolerance: Tolerance
    let findings: [SnapshotFinding]
    /// What differs between the render environment the goldens were recorded in and this render's, one phrase each
    /// (`pango 1.50.12 → 1.54.0`, `font Inter-Regular.otf: other file`); empty when nothing does or it is not known.
    public internal(set) var environmentChanges: [String] = []
    /// Why an environment record beside the goldens was not read (a link, not a regular file, too large, not a
    /// record), one line each, escaped; empty when every record was read or there was none.
    public internal(set) var environmentRecordProblems: [String] = []

    /// True when every frame matched its golden and nothing was written.
    public var matches: Bool { findings.isEmpty }

    /// True when goldens were written (which records an issue, so a run never passes by recording).
    public var recordedGoldens: Bool { !recordedPaths.isEmpty }

    /// The goldens written.
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
            if case .animationDiffers(_, _, let diff, _, _) = finding { return diff }
            if case .lottieDiffers(_, _, let diff, _, _) = finding { return diff }
            return nil
        }
    }

    /// The renders written for frames that differ or have another size than their golden.
    public var actualPaths: [String] {
        findings.compactMap { finding in
            switch finding {
            case .differs(_, _, let actual, _, _), .differentSizes(_, _, let actual, _, _), .animationDiffers(_, let actual, _, _, _),
                .lottieDiffers(_, let actual, _, _, _):
                return actual
            case .recorded, .unreadableGolden, .missingGolden: return nil
            }
        }
    }

    /// The pixel figures of the frames that differ beyond the tolerance, in the order of the times asked for.
    public var mismatches: [PixelComparison] {
        findings.compactMap { finding in
            if case .differs(_, _, _, _, let pixels) = finding { return pixels }
            if case .animationDiffers(_, _, _, _, let pixels) = finding { return pixels }
            if case .lottieDiffers(_, _, _, _, let pixels) = finding { return pixels }
            return nil
        }
    }

    /// The message for each finding, in order (the goldens written in one): what the test's issues say.
    public var messages: [String] { issues.map(\.message) }

    /// Each issue's message and the pictures that go with it (golden, actual, diff).
    var issues: [(message: String, pictures: [String])] {
        var issues = findings.compactMap { finding -> (message: String, pictures: [String])? in
            switch finding {
            case .recorded: return nil
            case .differs(_, let golden, let actual, let diff, _):
                return (environmentLine + Self.message(finding, name: name, tolerance: tolerance), [golden, actual, diff])
            case .differentSizes(_, let golden, let actual, _, _):
                return (environmentLine + Self.message(finding, name: name, tolerance: tolerance), [golden, actual])
            case .animationDiffers(let golden, let actual, let diff, _, _), .lottieDiffers(let golden, let actual, let diff, _, _):
                return (
                    environmentLine + Self.message(finding, name: name, tolerance: tolerance), [golden, actual] + (diff.map { [$0] } ?? [])
                )
            case .unreadableGolden, .missingGolden:
                return (Self.message(finding, name: name, tolerance: tolerance), [])
            }
        }
        let recorded = findings.compactMap { finding -> String? in
            guard case .recorded(_, let golden, let reason) = finding else { return nil }
            let why: String
            switch reason {
            case .missing: why = "no golden yet"
            case .recordMode: why = "record mode all"
            case .failed: why = "it did not match; record mode failed"
            }
            return "  \(FilePath.lastComponent(golden)) (\(why))"
        }
        if !recorded.isEmpty {
            let snapshots = recorded.count == 1 ? "1 new snapshot" : "\(recorded.count) new snapshots"
            issues.append(
                ("recorded \(snapshots) at \(goldenFolder); look at them, then re-run to compare\n" + recorded.joined(separator: "\n"), []))
        }
        return issues
    }

    /// The first line of a mismatch's message when the goldens were recorded in another render environment, else
    /// nothing.
    var environmentLine: String {
        let problems = environmentRecordProblems.map { $0 + "\n" }.joined()
        guard !environmentChanges.isEmpty else { return problems }
        return problems + "the golden was recorded in another render environment: \(environmentChanges.joined(separator: "; "))\n"
    }

    /// Every message, one paragraph each.
    public var description: String { messages.joined(separator: "\n") }

    static func message(_ finding: SnapshotFinding, name: String, tolerance: Tolerance) -> String {
        let rerecord = "to accept the render: PICKERREEL_RECORD=failed swift test (or record: .failed)"
        switch finding {
        case .differs(let time, let golden, let actual, let diff, let pixels):
            let count = pixels.differentPixels == 1 ? "1 pixel differs" : "\(pixels.differentPixels) pixels differ"
            return """
                snapshot "\(name)" does not match at \(SnapshotLocations.label(of: time)): \(count) \
                (ratio \(ratio(pixels.ratio)) of \(pixels.size) pixels; \(pixels.antialiasedPixels) anti-aliased \
                not counted; allowed: \(allowance(tolerance)))
                  golden: \(golden)
                  actual: \(actual)
                  diff:   \(diff) (red: differs, yellow: anti-aliasing)
                  \(rerecord)
                """
        case .differentSizes(let time, let golden, let actual, let expected, let found):
            return """
                snapshot "\(name)" does not match at \(SnapshotLocations.label(of: time)): the golden is \(expected) \
                pixels but the render is \(found)
                  golden: \(golden)
                  actual: \(actual)
                  \(rerecord)
                """
        case .unreadableGolden(let time, let golden, let reason):
            // A Lottie golden is the whole animation, not a moment of it.
            let moment = golden.hasSuffix(".lottie.json") ? "(Lottie)" : "at \(SnapshotLocations.label(of: time))"
            return """
                snapshot "\(name)" \(moment): cannot read the golden: \(reason)
                  delete it, or re-record it with PICKERREEL_RECORD=all: \(golden)
                """
        case .missingGolden(let time, let golden):
            return """
                snapshot "\(name)" at \(SnapshotLocations.label(of: time)): no golden, and record mode never writes one
                  record it with PICKERREEL_RECORD=missing swift test, look at it and commit it: \(golden)
                """
        case .animationDiffers(let golden, let actual, let diff, let finding, _):
            return """
                snapshot "\(name)" does not match as an animation: \(finding) (allowed per moment: \(allowance(tolerance)))
                  golden: \(golden)
                  actual: \(actual)
                """
                    + (diff.map {
                        "\n  diff:   \($0) (an APNG playing in time)\n  strip:  \(AnimationDiffNames.strip(of: $0)) (the differing moments side by side)"
                    } ?? "")
                    + "\n  \(rerecord)"
        case .lottieDiffers(let golden, let actual, let diff, let finding, _):
            return """
                snapshot "\(name)" does not match as a Lottie played in rlottie: \(finding) (allowed per moment: \(allowance(tolerance)))
                  golden: \(golden)
                  actual: \(actual)
                """
                    + (diff.map { "\n  diff:   \($0) (the moment with the most differing pixels)" } ?? "")
                    + "\n  \(rerecord)"
        case .recorded(let time, let golden, _):
            return "snapshot \"\(name)\" at \(SnapshotLocations.label(of: time)): recorded \(golden)"
        }
    }

    /// A share of pixels to three significant digits (`0.00283`, `2.83e-05`), so small figures still show.
    static func ratio(_ value: Double) -> String {
        value == 0 ? "0" : NumberText.significant(value)
    }

    static func allowance(_ tolerance: Tolerance) -> String {
        switch tolerance {
        case .pixels(let count): return count == 1 ? "1 pixel" : "\(count) pixels"
        case .ratio(let share): return "ratio \(ratio(share))"
        }
    }
}
