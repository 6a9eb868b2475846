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

    /// Installs the handlers; call once at start-up, before any work begins.
    public static func install() {
        let queue = DispatchQueue(label: "pickerreel.signals")
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            // Ignore the default action so the dispatch source receives the signal instead.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler {
                StagingRegistry.shared.removeAll()
                FileHandle.standardError.write(Data("\npickerreel: interrupted; unfinished output removed\n".utf8))
                exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}
