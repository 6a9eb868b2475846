import FoundationEssentials
import PickerKit
import Synchronization

/// The goldens the snapshot assertions of this process wrote or read, so the goldens no assertion touched (a renamed
/// or removed test's) can be found.
enum SnapshotLedger {
    private static let touched = Mutex<Set<String>>([])

    /// Notes that an assertion wrote or read the golden at `path` (whether or not it exists yet).
    static func note(_ path: String) {
        let key = canonical(path)
        _ = touched.withLock { $0.insert(key) }
    }

    /// True when an assertion of this process wrote or read the golden at `path`.
    static func contains(_ path: String) -> Bool {
        let key = canonical(path)
        return touched.withLock { $0.contains(key) }
    }

    /// `path` absolute and without `.` or `..`, so a relative `snapshotDirectory` and the checked folder agree.
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
