import Foundation
import TestSupport

/// Headless Chromium for the tests that look at a page or an SVG as a browser shows it, with a time limit: on a
/// loaded machine a headless run can stall, and a stalled browser must fail one test, not hang the suite.
public enum Chromium {
    /// The installed browser, or nil.
    public static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The browser stalled twice (or is not installed).
    public struct TimedOut: Error, CustomStringConvertible {
        public var arguments: [String]
        public var description: String {
            "headless Chromium did not finish within the time limit, twice: \(arguments.joined(separator: " "))"
        }
    }

    /// Runs the browser with `arguments` (after the headless flags), killed after `seconds` and tried once more.
    public static func run(_ arguments: [String], seconds: Double = 60) throws -> ProcessRun {
        guard let path else { throw TimedOut(arguments: ["(Chromium is not installed)"]) }
        for _ in 0..<2 {
            let run = try runProcess(
                URL(fileURLWithPath: path), ["--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars"] + arguments,
                timeLimit: seconds, timeoutFailsTest: false)
            if !run.timedOut { return run }
        }
        throw TimedOut(arguments: arguments)
    }
}
