import Foundation
import TestSupport

/// Runs `pixelmatch_count.py` (the PyPI `pixelmatch` package) on pairs of PNG files, to check against.
///
/// An independent implementation of the algorithm `ImageComparison` follows; used by tests only, never at run time.
enum PythonPixelmatch {
    /// How to get what the cross-check needs; part of every failure message.
    static let installHint = "install it with: python3 -m pip install pixelmatch pillow"

    /// The script, found next to this file so the tests do not depend on the working directory.
    static let scriptPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("pixelmatch_count.py").path

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// pixelmatch's differing-pixel count for each (expected, actual) pair of PNG paths, with `threshold`, counting
    /// anti-aliased pixels when `includesAntialiasing`.
    ///
    /// Throws `Unavailable` with an install hint when python3 or the modules are missing, and when the script fails.
    static func differingPixels(
        threshold: Double,
        includesAntialiasing: Bool,
        pairs: [(expected: String, actual: String)]
    ) throws -> [Int] {
        let run: ProcessRun
        do {
            run = try runProgram(
                "python3", [scriptPath, String(threshold), includesAntialiasing ? "1" : "0"] + pairs.flatMap { [$0.expected, $0.actual] })
        } catch {
            throw Unavailable(
                description: "cannot start python3 (\(error)); the pixelmatch cross-check needs python3 with pixelmatch; \(installHint)")
        }
        let printed = run.stdout
        let complaint = run.stderr

        switch run.status {
        case 0:
            break
        case 127:
            throw Unavailable(
                description: "python3 is not on PATH; the pixelmatch cross-check needs python3 with pixelmatch; \(installHint)")
        case 3:
            throw Unavailable(
                description:
                    "python3 lacks a module for the pixelmatch cross-check: \(complaint.trimmingCharacters(in: .whitespacesAndNewlines))")
        default:
            throw Unavailable(description: "pixelmatch_count.py failed with status \(run.status): \(complaint)")
        }
        let counts = printed.split(whereSeparator: \.isNewline).compactMap { Int($0) }
        guard counts.count == pairs.count else {
            throw Unavailable(description: "pixelmatch_count.py printed \(counts.count) counts for \(pairs.count) pairs: \(printed)")
        }
        return counts
    }
}
