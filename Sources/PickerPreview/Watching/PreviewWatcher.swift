import FoundationEssentials
import Glibc
import PickerReel
import Synchronization

/// Reloads the preview when the spec or a file it reads is saved: on a thread of its own, woken by inotify in the
/// files' folders (or every `pollInterval` where inotify is missing), it compares the files with how they were just
/// before they were read, and reloads the session once they have settled.
final class PreviewWatcher: Sendable {
    /// How long a change must stay still before the reload, so that an editor's several writes make one reload.
    static let settleMicroseconds: UInt32 = 40_000
    /// How often the files are looked at without inotify, in milliseconds.
    static let pollInterval: Int32 = 250
    /// How long a wait for inotify's events lasts before the files are looked at anyway, in milliseconds.
    static let inotifyTimeout: Int32 = 500

    private let session: PreviewSession
    private let reloaded: @Sendable (String?) -> Void
    private let loop = StoppableLoop()

    /// Watches `session`'s files; `reloaded` is called after each reload with its message (nil: it rendered).
    init(session: PreviewSession, reloaded: @escaping @Sendable (String?) -> Void) {
        self.session = session
        self.reloaded = reloaded
    }

    /// Starts the thread; false when no thread could be made (the preview then does not reload).
    func start() -> Bool {
        loop.start { [self] in run() }
    }

    /// Asks the thread to end and waits until it has (a reload under way finishes first); nothing when none runs.
    func stop() { loop.stop() }

    private var isRunning: Bool { loop.isRunning }

    private func run() {
        let folders = FolderWatch()
        var files = session.current.files
        var seen = session.current.fingerprint
        while isRunning {
            // Watched again each time: a folder made since (an icon's new folder) is added.
            folders.watch(Self.folders(of: files))
            // With inotify the wait ends at the first event. The files are looked at after every wait, event or not,
            // so a watch that was lost (its folder renamed away and back) delays a reload by at most one wait.
            _ = folders.wait(milliseconds: folders.isPolling ? Self.pollInterval : Self.inotifyTimeout)
            var now = FileFingerprint(files)
            guard now != seen else { continue }
            // Let the editor finish writing: reload once the files have stayed the same for a moment.
            repeat {
                seen = now
                usleep(Self.settleMicroseconds)
                now = FileFingerprint(files)
            } while now != seen && isRunning
            let message = session.reload()
            files = session.current.files
            seen = session.current.fingerprint
            reloaded(message)
        }
    }

    /// The folders holding `files`.
    static func folders(of files: [String]) -> Set<String> {
        Set(
            files.map { file in
                let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
                return folder.isEmpty ? "." : folder
            })
    }
}
