import FoundationEssentials
import PickerKit
import Synchronization

/// A one-line progress report on standard error, redrawn in place, shown only when standard error is a
/// terminal and the user did not ask for quiet.
///
/// Worker threads may update it at once.
final class Progress: Sendable {
    private let console: Console
    private let enabled: Bool
    private let started = Date()
    /// When the line was last drawn, and whether it is on the screen now.
    private let line = Mutex<(lastDraw: Date, drawn: Bool)>((Date.distantPast, false))

    init(console: Console, quiet: Bool) {
        self.console = console
        enabled = console.errIsTerminal && !quiet
    }

    /// Redraws the line, at most ten times a second.
    func update(_ text: @autoclosure () -> String) {
        guard enabled else { return }
        line.withLock { line in
            let now = Date()
            guard now.timeIntervalSince(line.lastDraw) >= 0.1 else { return }
            line.lastDraw = now
            let elapsed = NumberText.fixed(now.timeIntervalSince(started), digits: 1) + " s"
            console.err("\r\u{1B}[K" + PlainText.escaped("\(text()) (\(elapsed))"))
            line.drawn = true
        }
    }

    /// Clears the line so the next message starts clean.
    func finish() {
        line.withLock { line in
            guard enabled, line.drawn else { return }
            console.err("\r\u{1B}[K")
            line.drawn = false
        }
    }
}
