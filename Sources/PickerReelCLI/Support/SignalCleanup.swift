import Dispatch
import Foundation
import PickerRender

/// Removes unfinished output when the tool is interrupted (SIGINT, SIGTERM, SIGHUP), so a cancelled render
/// leaves the output folder as it was.
///
/// The signals are taken on a dispatch queue rather than in a signal handler, so the cleanup runs as ordinary
/// code: it may take locks and remove files safely while the workers are stopped by the exit that follows.
public enum SignalCleanup {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    private static let received = ReceivedSignal()

    /// `status`, or 128 + the signal when one interrupted the run.
    ///
    /// Once the handler removes the staging folders, workers fail their next write and the command may return
    /// before the handler's own `exit`; exiting with this keeps the status a signal gives either way.
    public static func exitStatus(_ status: Int32) -> Int32 {
        received.number.map { 128 + $0 } ?? status
    }

    /// Installs the handlers; call once at start-up, before any work begins.
    public static func install() {
        let queue = DispatchQueue(label: "pickerreel.signals")
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            // Ignore the default action so the dispatch source receives the signal instead.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler {
                received.record(signalNumber)
                StagingRegistry.shared.removeAll()
                FileHandle.standardError.write(Data("\npickerreel: interrupted; unfinished output removed\n".utf8))
                exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}

/// The signal that interrupted the run, if any, readable from any thread.
private final class ReceivedSignal: @unchecked Sendable {
    // @unchecked: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value: Int32?

    func record(_ signal: Int32) {
        lock.lock()
        value = signal
        lock.unlock()
    }

    var number: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
