import PickerKit
import PickerRender
import Synchronization

/// The size and SHA-256 of each file a render writes, recorded from any thread as its bytes are made, for the
/// render's manifest.
final class FileDigests: Sendable {
    private let entries = Mutex<[String: (size: Int, sha256: String)]>([:])

    /// Records `bytes` as the content of every file in `names` (a hold's frames share their bytes: one digest).
    func record(_ bytes: [UInt8], as names: [String]) {
        let digest = SHA256Digest.hex(bytes)
        entries.withLock { entries in
            for name in names { entries[name] = (bytes.count, digest) }
        }
    }

    /// The manifest's records of `names`, sorted by name; a name never recorded is left out.
    func files(named names: [String]) -> [RenderManifest.OutputFile] {
        entries.withLock { entries in
            names.sorted().compactMap { name in
                entries[name].map { RenderManifest.OutputFile(name: name, size: $0.size, sha256: $0.sha256) }
            }
        }
    }
}
