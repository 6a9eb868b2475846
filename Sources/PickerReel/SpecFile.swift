import FoundationEssentials
import Glibc
import PickerKit
import PickerRender
import PickerSystem

extension PickerSpec {
    /// Reads and validates the spec file at `url`; messages name it as `file` (default: the path as given).
    ///
    /// Only regular files are read: a folder, a FIFO, a device or a socket is refused by its type before it is
    /// opened (so nothing blocks), and a file over `SpecLimits.maximumFileBytes` by its size before it is read.
    /// Throws `SpecError` with the file's name and what is wrong.
    public init(contentsOf url: URL, file: String? = nil) throws(SpecError) {
        try self.init(reading: url, file: file, root: nil)
    }

    /// The spec at `url`, its token files and themes read through the confined reads of its tree (`FileScope`: inside
    /// `root`, never through a link that leads out), as its icons are.
    private init(reading url: URL, file: String?, root: String?) throws(SpecError) {
        let name = file ?? url.relativePath
        let scope = FileScope(specFile: url.relativePath, root: root)
        let reader: SpecInputReader = { path, maximumBytes in
            do throws(FileScope.Refusal) {
                return .success(try scope.read(path, maximumBytes: maximumBytes))
            } catch {
                return .failure(SpecInputRefusal(reason: error.reason(for: "a token file or theme")))
            }
        }
        self = try PickerSpec.decode(try SpecFile.read(url.path, name: name), file: name, reader: reader)
    }
}

extension PickerSpec {
    /// Reads and validates the spec file at `url` as `init(contentsOf:file:)` does, refusing it when its real path
    /// (links resolved) leads outside `root`, the folder its icons and images must be inside too (nil: the repository
    /// that holds it; see `Renderer.init`).
    ///
    /// For a spec from an untrusted change (a pull request's link to a file of the runner's): nothing of a file outside
    /// is read. Throws `SpecError` naming the file for a spec outside the root, and as `init(contentsOf:file:)` does.
    public init(contentsOf url: URL, file: String? = nil, root: URL?) throws(SpecError) {
        let path = url.relativePath
        let scope = FileScope(specFile: path, root: root?.relativePath)
        if let real = FileScope.realPath(path), real != scope.root, !real.hasPrefix(scope.root == "/" ? "/" : scope.root + "/") {
            throw SpecError(
                file: file ?? path, path: .root,
                problem: .unreadable(reason: "it leads outside the root \(scope.root) (a link); a spec must be inside it, as its icons are")
            )
        }
        try self.init(reading: url, file: file, root: root?.relativePath)
    }
}

/// Reads a spec file's bytes with the checks every entry point shares.
enum SpecFile {
    static func read(_ path: String, name: String) throws(SpecError) -> [UInt8] {
        func failure(_ reason: String) -> SpecError {
            SpecError(file: name, path: .root, problem: .unreadable(reason: reason))
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw failure(errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure("it is a folder, not a JSON file")
        case S_IFIFO: throw failure("it is a pipe (FIFO), not a file; save the spec to a file first")
        case S_IFCHR, S_IFBLK: throw failure("it is a device, not a file")
        case S_IFSOCK: throw failure("it is a socket, not a file")
        default: throw failure("it is not a regular file")
        }
        guard Int(status.st_size) <= SpecLimits.maximumFileBytes else {
            throw SpecError(file: name, path: .root, problem: .fileTooLarge(bytes: Int(status.st_size)))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw failure(errno == EACCES ? "permission denied" : String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        // Sized for the file as `stat` saw it, plus one byte to see the end; grown, up to one byte past the limit,
        // when the file grew since, so that a file that grew past the limit is still refused. (A buffer of the
        // limit's size for every spec cost a render 0.4 ms of zeroing and page faults.)
        var bytes = [UInt8](repeating: 0, count: min(Int(status.st_size), SpecLimits.maximumFileBytes) + 1)
        var count = 0
        while count < SpecLimits.maximumFileBytes + 1 {
            if count == bytes.count {
                bytes += [UInt8](repeating: 0, count: min(max(bytes.count, 4096), SpecLimits.maximumFileBytes + 1 - count))
            }
            let read = bytes.withUnsafeMutableBytes { buffer in
                POSIXCall.read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw failure(String(cString: strerror(errno)))
            }
            if read == 0 { break }
            count += read
        }
        guard count <= SpecLimits.maximumFileBytes else {
            throw SpecError(file: name, path: .root, problem: .fileTooLarge(bytes: count))
        }
        return Array(bytes[..<count])
    }
}
