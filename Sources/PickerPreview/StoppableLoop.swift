import Glibc
import PickerReel
import Synchronization

/// A background thread that runs until asked to stop: the one start/stop shape of the preview's threads (the
/// header deadline's and the watcher's).
///
/// `start` returns false when no thread could be made; `stop` asks the body to end and waits until it has (a pass
/// under way finishes first), and does nothing when no thread runs. The body looks at `isRunning` between passes.
final class StoppableLoop: Sendable {
    private let phase = Mutex(Phase.stopped)

    private enum Phase { case running, stopping, stopped }

    /// A loop that runs nothing until `start`.
    init() {}

    /// True from `start` until `stop` is called.
    var isRunning: Bool { phase.withLock { $0 == .running } }

    /// Starts a thread that runs `body`; false when no thread could be made.
    func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        phase.withLock { $0 = .running }
        guard
            LaneThread.startDetached({ [self] in
                defer { phase.withLock { $0 = .stopped } }
                body()
            })
        else {
            phase.withLock { $0 = .stopped }
            return false
        }
        return true
    }

    /// Asks the thread to end and waits until it has; nothing when none runs.
    func stop() {
        phase.withLock { if $0 == .running { $0 = .stopping } }
        while phase.withLock({ $0 }) == .stopping { usleep(5_000) }
    }
}
