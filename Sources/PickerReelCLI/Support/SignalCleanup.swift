import Foundation
import PickerRender

/// Removes unfinished output when the tool is interrupted (SIGINT, SIGTERM), so a cancelled render leaves the
/// output folder as it was.
public enum SignalCleanup {
    /// Installs handlers for SIGINT, SIGTERM, and SIGHUP that remove staging folders and exit with 128 + signal.
    public static func install() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { received in
                // Not async-signal-safe in the strict sense, but the process is ending and the registry's lock
                // is never held across anything that could block; the worst case is a leftover hidden folder.
                StagingRegistry.shared.removeAll()
                _exit(128 + received)
            }
        }
    }
}
