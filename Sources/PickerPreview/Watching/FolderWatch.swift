import Glibc

/// An inotify instance watching a few folders: the one owner of its descriptor, closed when it goes away.
///
/// Folders rather than files, because editors save by writing a new file and renaming it over the old one, which
/// a watch on the old file would not see. Where inotify is missing (not Linux, or no instances left), `isPolling`
/// is true and `wait` only sleeps: the caller then finds changes by looking at the files.
final class FolderWatch {
    private let descriptor: Int32
    private var watches: [String: Int32] = [:]

    /// A watch of no folder yet.
    init() {
        descriptor = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// True when there is no inotify and `wait` only sleeps.
    var isPolling: Bool { descriptor < 0 }

    /// Watches exactly `folders`: new ones are added, ones no longer named are dropped.
    ///
    /// A folder that does not exist (yet) is not watched; the caller's look at the files finds it when it appears.
    func watch(_ folders: Set<String>) {
        guard descriptor >= 0 else { return }
        for (folder, watch) in watches where !folders.contains(folder) {
            inotify_rm_watch(descriptor, watch)
            watches[folder] = nil
        }
        let events =
            UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
            | UInt32(IN_ATTRIB) | UInt32(IN_MODIFY) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
        for folder in folders where watches[folder] == nil {
            let watch = inotify_add_watch(descriptor, folder, events)
            if watch >= 0 { watches[folder] = watch }
        }
    }

    /// Waits until something happens in a watched folder, or `milliseconds` pass, and reads the events.
    ///
    /// Returns true when there were events. Which files they name is not looked at: the caller compares the files
    /// themselves. A folder whose watch ended (it was deleted or its file system unmounted) is forgotten, so the next
    /// `watch` adds it again if it is back.
    func wait(milliseconds: Int32) -> Bool {
        guard descriptor >= 0 else {
            usleep(UInt32(milliseconds) * 1000)
            return false
        }
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, milliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var any = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            any = true
            forgetEndedWatches(in: buffer[0..<count])
        }
        return any
    }

    /// Drops the folders whose watch an `IN_IGNORED` event in `events` (whole `inotify_event` records) ended.
    private func forgetEndedWatches(in events: ArraySlice<UInt8>) {
        let header = MemoryLayout<inotify_event>.size
        var offset = events.startIndex
        while offset + header <= events.endIndex {
            let event = events[offset..<(offset + header)].withUnsafeBytes { $0.loadUnaligned(as: inotify_event.self) }
            if event.mask & UInt32(IN_IGNORED) != 0, let folder = watches.first(where: { $0.value == event.wd })?.key {
                watches[folder] = nil
            }
            offset += header + Int(event.len)
        }
    }
}
