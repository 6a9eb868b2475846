import FoundationEssentials
import PickerKit
import PickerSystem

/// A one-line progress report on standard error, redrawn in place, shown only when standard error is a
/// terminal and the user did not ask for quiet.
///
/// Worker threads may update it at once.
final class Progress: @unchecked Sendable {
    // @unchecked: the mutable state (`lastDraw`, `drawn`) is only touched while holding `lock`.
    private let lock = Lock()
    private let console: Console
    private let enabled: Bool
    private let started = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(console: Console, quiet: Bool) {
        self.console = console
        enabled = console.errIsTerminal && !quiet
    }

    /// Redraws the line, at most ten times a second.
    func update(_ text: @autoclosure () -> String) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        let elapsed = fixedDecimals(now.timeIntervalSince(started), digits: 1) + " s"
        console.err("\r\u{1B}[K" + PlainText.escaped("\(text()) (\(elapsed))"))
        drawn = true
    }

    /// Clears the line so the next message starts clean.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        guard enabled, drawn else { return }
        console.err("\r\u{1B}[K")
        drawn = false
    }
}
