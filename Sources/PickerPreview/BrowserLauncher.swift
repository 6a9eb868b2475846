import Glibc
import PickerReel

/// Opens an address in the user's browser with the desktop's opener (`xdg-open`), without waiting
/// for it; says how to open it by hand when there is none.
enum BrowserLauncher {
    static let opener = "xdg-open"

    /// Starts the opener for `address`; a thread waits for it so it leaves no zombie.
    static func open(_ address: String, err: @Sendable (String) -> Void) {
        var process = pid_t()
        let arguments = [opener, address]
        let pointers = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        let started = posix_spawnp(&process, opener, nil, nil, pointers, environ)
        guard started == 0 else {
            let reason = String(cString: strerror(started))
            err("pickerreel preview: cannot start \(opener) (\(reason)); open \(address) in a browser\n")
            return
        }
        let child = process
        _ = LaneThread.startDetached {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
    }
}
