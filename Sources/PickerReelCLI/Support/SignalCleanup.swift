import Dispatch
import Foundation
import PickerReel

/// Leaves every output folder whole when the tool is interrupted (SIGINT, SIGTERM, SIGHUP): a folder still being
/// written is left exactly as it was, and one whose switch had started gets all of its new files.
///
/// The signals are taken on a dispatch queue rather than in a signal handler, so the clean-up runs as ordinary
/// code: it may take locks, wait for a switch to end and remove files while the workers are stopped by the exit
/// that follows. SIGPIPE is ignored, so a reader that goes away is a write error, not a silent death.
public enum SignalCleanup {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Installs the handlers; call once at start-up, before any work begins.
    public static func install(console: Console = .standard) {
        signal(SIGPIPE, SIG_IGN)
        let queue = DispatchQueue(label: "pickerreel.signals")
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            // Ignore the default action so the dispatch source receives the signal instead.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler {
                let (unchanged, completed) = OutputFolders.shared.interruptAll()
                var message = "\npickerreel: interrupted"
                if !unchanged.isEmpty { message += "; left as it was: \(unchanged.joined(separator: ", "))" }
                if !completed.isEmpty { message += "; already complete: \(completed.joined(separator: ", "))" }
                console.err(message + "\n")
                exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}
