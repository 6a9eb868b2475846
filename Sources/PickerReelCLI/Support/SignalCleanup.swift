import FoundationEssentials
import Glibc
import PickerReel
import Synchronization

/// Leaves every output folder whole when the tool is interrupted (SIGINT, SIGTERM, SIGHUP): a folder still being
/// written is left exactly as it was, and one whose switch had started gets all of its new files.
///
/// The signals are taken by a thread of their own waiting in `sigwait`, rather than in a signal handler, so the
/// clean-up runs as ordinary code: it may take locks, wait for a switch to end and remove files while the workers
/// are stopped by the exit that follows. SIGPIPE is ignored, so a reader that goes away is a write error, not a
/// silent death. (Dispatch signal sources did the same, but starting libdispatch cost every process about
/// 0.3 ms, and nothing else in a render uses it.)
///
/// The signals are blocked, not ignored, from the start, in this thread and so in every thread started later:
/// ignoring a signal discards one already pending, so a Ctrl-C in the first milliseconds, or one sent while a
/// parent held the signal blocked, was lost and the render ran on to the end; blocked, it waits for the thread. A
/// signal the tool was started with ignored (`nohup` ignores SIGHUP, a shell's background job SIGINT) stays ignored.
package enum SignalCleanup {
    /// Installs the handlers; call once at start-up, before any work begins or any thread is started.
    package static func install(console: Console = .standard) {
        signal(SIGPIPE, SIG_IGN)
        let handled = [SIGINT, SIGTERM, SIGHUP].filter { !isIgnored($0) }
        guard !handled.isEmpty else { return }
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signalNumber in handled { sigaddset(&blocked, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        let waiter = SignalWaiter(signals: blocked, console: console)
        if !LaneThread.startDetached({ waiter.run() }) {
            // No thread: the signals get their default action again (the process ends, folders as the commit
            // protocol leaves them, which the next render recovers).
            pthread_sigmask(SIG_UNBLOCK, &blocked, nil)
        }
    }

    /// Hands the next SIGINT, SIGTERM or SIGHUP to `stop`, on the signal thread, instead of the clean-up and exit.
    ///
    /// For a command that runs until it is stopped (`preview`) and then ends as it would by itself. A signal after
    /// that one ends the process as usual, so a stop that hangs can still be interrupted.
    static func takeNextSignal(_ stop: @escaping @Sendable (Int32) -> Void) {
        stopper.withLock { $0 = stop }
    }

    /// What `takeNextSignal` was given, until a signal takes it.
    static let stopper = Mutex<(@Sendable (Int32) -> Void)?>(nil)

    /// True when the process was started with `signalNumber` ignored.
    static func isIgnored(_ signalNumber: Int32) -> Bool {
        var action = sigaction()
        guard sigaction(signalNumber, nil, &action) == 0, let handler = action.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}

/// The thread that waits for the blocked signals and cleans up for the first one.
private final class SignalWaiter: @unchecked Sendable {
    // @unchecked: both properties are constants; `run` is called on the one thread made for it.
    private let signals: sigset_t
    private let console: Console

    init(signals: sigset_t, console: Console) {
        self.signals = signals
        self.console = console
    }

    /// Waits for a signal, leaves the output folders whole, says so and ends the process with 128 + the signal.
    func run() {
        var signals = self.signals
        var signalNumber: Int32 = 0
        while sigwait(&signals, &signalNumber) != 0 {}
        let stop = SignalCleanup.stopper.withLock { taken in
            defer { taken = nil }
            return taken
        }
        if let stop {
            stop(signalNumber)
            run()
            return
        }
        let (unchanged, completed) = Renderer.interruptWrites()
        var message = "pickerreel: interrupted"
        if !unchanged.isEmpty { message += "; left as it was: \(unchanged.joined(separator: ", "))" }
        if !completed.isEmpty { message += "; already complete: \(completed.joined(separator: ", "))" }
        console.err("\n" + PlainText.escaped(message) + "\n")
        // _exit, not exit: other threads are still drawing and encoding, and exit would run the libraries' exit
        // handlers and destructors under them (and LeakSanitizer's exit check would call their live objects
        // leaks). The message is written and nothing else is buffered (Console writes directly).
        _exit(128 + signalNumber)
    }
}
