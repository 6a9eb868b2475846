import Dispatch
import Foundation
import PickerReel

/// Leaves every output folder whole when the tool is interrupted (SIGINT, SIGTERM, SIGHUP): a folder still being
/// written is left exactly as it was, and one whose switch had started gets all of its new files.
///
/// The signals are taken on a dispatch queue rather than in a signal handler, so the clean-up runs as ordinary
/// code: it may take locks, wait for a switch to end and remove files while the workers are stopped by the exit
/// that follows. SIGPIPE is ignored, so a reader that goes away is a write error, not a silent death.
///
/// The signals are blocked, not ignored, until the dispatch sources are armed (on another thread, some time after
/// `resume`): ignoring a signal discards one already pending, so a Ctrl-C in the first milliseconds, or one sent
/// while a parent held the signal blocked, was lost and the render ran on to the end. A signal the tool was started
/// with ignored (`nohup` ignores SIGHUP, a shell's background job SIGINT) stays ignored.
public enum SignalCleanup {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Installs the handlers; call once at start-up, before any work begins or any thread is started.
    public static func install(console: Console = .standard) {
        signal(SIGPIPE, SIG_IGN)
        let handled = [SIGINT, SIGTERM, SIGHUP].filter { !isIgnored($0) }
        // Blocked in this thread, and so in every thread started from now on: the signals wait, pending, for the
        // dispatch sources, which read them through a signalfd.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signalNumber in handled { sigaddset(&blocked, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        let queue = DispatchQueue(label: "pickerreel.signals")
        for signalNumber in handled {
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler {
                let (unchanged, completed) = OutputFolders.shared.interruptAll()
                var message = "\npickerreel: interrupted"
                if !unchanged.isEmpty { message += "; left as it was: \(unchanged.joined(separator: ", "))" }
                if !completed.isEmpty { message += "; already complete: \(completed.joined(separator: ", "))" }
                console.err(message + "\n")
                // _exit, not exit: other threads are still drawing and encoding, and exit would run the libraries'
                // exit handlers and destructors under them (and LeakSanitizer's exit check would call their live
                // objects leaks). The message is written and nothing else is buffered (Console writes directly).
                _exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// True when the process was started with `signalNumber` ignored.
    static func isIgnored(_ signalNumber: Int32) -> Bool {
        var action = sigaction()
        guard sigaction(signalNumber, nil, &action) == 0, let handler = action.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
