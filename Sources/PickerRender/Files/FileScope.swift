import CPickerOpenat2
import FoundationEssentials
import Glibc
import PickerKit

/// Where a spec's icon and image files may come from: paths start at the spec's folder and must stay inside one root
/// folder, so that a spec from a pull request cannot read, draw or even probe a file elsewhere on the machine.
///
/// The root is the one given, or by default the repository that holds the spec (the nearest folder above it with a
/// `.git`), or the spec's own folder where there is none. Absolute paths, `..` that leaves the root and links that
/// lead out of it are refused before anything outside is looked at, so the answer is the same whether an outside
/// file exists or not; only regular files are read.
package struct FileScope: Equatable, Sendable {
    /// The spec's folder, where relative paths start (absolute, or relative to the current folder).
    package let folder: String
    /// The root's real path (links resolved), which every file read must be inside.
    package let root: String
    /// Whether links inside the root are followed; when false, a link anywhere on a path is refused (`Refusal.link`),
    /// as the tool's own records and the trees it compares are read.
    package private(set) var followsLinks = true

    /// The scope of the spec file `specFile` (nil for a spec built in code: the current folder), inside `root` when
    /// given, else inside the default root described on the type.
    package init(specFile: String?, root: String? = nil) {
        let folder = specFile.map { FileScope.folder(of: $0) } ?? "."
        self.folder = folder
        if let root {
            self.root = FileScope.realPath(root) ?? root
        } else {
            self.root = FileScope.repository(holding: folder) ?? FileScope.realPath(folder) ?? folder
        }
    }

    /// The scope of the tree `root` itself: paths start at it and stay inside it, and with `followsLinks` false no
    /// link is followed anywhere on a path (the tree's own folders included).
    package init(tree root: String, followsLinks: Bool) {
        folder = root
        self.root = FileScope.realPath(root) ?? root
        self.followsLinks = followsLinks
    }

    /// Why a file was not read.
    package enum Refusal: Error, Equatable {
        /// The path leaves the root: `how` says whether it is absolute, climbs past the root with `..`, or has a
        /// link on it that leads out, so that the message says what to change.
        case outside(root: String, how: Departure = .climbs)
        /// A folder, FIFO, device or socket.
        case notRegular
        /// Over the size limit: its size and the limit, in bytes.
        case tooLarge(bytes: Int, limit: Int)
        /// The system's reason: no such file, permission denied, ….
        case unreadable(String)
        /// A symbolic link on the path, in a scope that follows none.
        case link

        /// How a path leaves the root.
        package enum Departure: Equatable, Sendable {
            /// An absolute path.
            case absolute
            /// A relative path whose `..` climbs past the root.
            case climbs
            /// A symbolic link on the path that leads out.
            case link
        }

        /// The reason in the words of a message about `what` was being read (`an icon or image`, `a font file`), so
        /// that the message says what the field it names must be.
        package func reason(for what: String) -> String {
            switch self {
            case .outside(let root, .climbs): "it is outside the root \(root); \(what) must be inside it (a path relative to the spec)"
            case .outside(let root, .absolute):
                "it is outside the root \(root): it is an absolute path, and \(what) must be a path relative to the spec, inside the root"
            case .outside(let root, .link):
                "it is outside the root \(root): a symbolic link on its path leads out of it, and \(what) must be inside the root"
            case .notRegular: "not a regular file"
            case .tooLarge(let bytes, let limit): "the file is \(bytes) bytes; \(what) may be at most \(limit) bytes"
            case .unreadable(let reason): reason
            case .link: "a symbolic link is on its path, and none is followed here: replace it with the file or folder itself"
            }
        }
    }

    /// The bytes of the regular file `path` names, relative to `folder` and inside `root`, at most `maximumBytes`.
    ///
    /// Throws `Refusal.outside` without opening or looking at anything outside the root, `notRegular` for anything
    /// but a regular file (a FIFO is never opened for reading, so nothing blocks), and `tooLarge` by its size.
    package func read(_ path: String, maximumBytes: Int) throws(Refusal) -> [UInt8] {
        try read(path, maximumBytes: maximumBytes, headOnly: false)
    }

    /// The first `count` bytes of the regular file `path` names (all of it when shorter), found and checked as
    /// `read(_:maximumBytes:)` finds and checks a file, whatever its size: to know a file by its signature.
    package func head(_ path: String, count: Int) throws(Refusal) -> [UInt8] {
        try read(path, maximumBytes: count, headOnly: true)
    }

    private func read(_ path: String, maximumBytes: Int, headOnly: Bool) throws(Refusal) -> [UInt8] {
        let descriptor = try open(path)
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT != S_IFLNK || followsLinks else { throw .link }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegular }
        guard headOnly || Int(status.st_size) <= maximumBytes else { throw .tooLarge(bytes: Int(status.st_size), limit: maximumBytes) }
        // The descriptor is O_PATH (it cannot read); reopened through /proc it reads the same file and nothing else.
        // (Without /proc the tool cannot run at all: the Swift runtime reads its arguments from there.)
        let reading = Glibc.open("/proc/self/fd/\(descriptor)", O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard reading >= 0 else { throw .unreadable(errno == EACCES ? "permission denied" : String(cString: strerror(errno))) }
        defer { close(reading) }
        var bytes = [UInt8](repeating: 0, count: min(Int(status.st_size), maximumBytes) + (headOnly ? 0 : 1))
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(reading, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if read == 0 { break }
            count += read
        }
        guard headOnly || count <= maximumBytes else { throw .tooLarge(bytes: count, limit: maximumBytes) }
        return Array(bytes[..<count])
    }

    /// An `O_PATH` descriptor of what `path` names, resolved beneath the root: by openat2(2) with `RESOLVE_BENEATH`,
    /// or, where the kernel has none or a link written as an absolute path is met, by `walk`.
    private func open(_ path: String) throws(Refusal) -> Int32 {
        guard !path.hasPrefix("/") else { throw .outside(root: root, how: .absolute) }
        guard let base = beneathRoot(FileScope.realPath(folder) ?? folder) else { throw .outside(root: root) }
        let relative = base.isEmpty ? path : base + "/" + path
        let rootDescriptor = Glibc.open(root, picker_o_path() | O_DIRECTORY | O_CLOEXEC)
        guard rootDescriptor >= 0 else { throw .unreadable("cannot open the root \(root): \(String(cString: strerror(errno)))") }
        defer { close(rootDescriptor) }
        // Without links, the last name is opened as itself (O_NOFOLLOW), so that a link there is seen and refused.
        let flags = UInt64(picker_o_path() | O_CLOEXEC | (followsLinks ? 0 : O_NOFOLLOW))
        let resolve = UInt64(RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | (followsLinks ? 0 : RESOLVE_NO_SYMLINKS))
        for _ in 0..<8 {
            let descriptor = picker_openat2(rootDescriptor, relative, flags, resolve)
            if descriptor >= 0 { return descriptor }
            switch errno {
            case EAGAIN, EINTR: continue  // a rename raced the lookup; the kernel asks to try again
            case EXDEV, ENOSYS, EPERM: return try walk(relative, from: rootDescriptor)
            case ELOOP where !followsLinks: throw .link
            default: throw FileScope.failure(errno)
            }
        }
        return try walk(relative, from: rootDescriptor)
    }

    /// Resolves `relative` one name at a time beneath `rootDescriptor`, never following a link out.
    ///
    /// Links are read (they are inside) and followed only while they stay inside: the check openat2 makes, for
    /// kernels without it, and for links written as absolute paths into the root (which openat2 refuses). The file
    /// found is checked again by its real path.
    private func walk(_ relative: String, from rootDescriptor: Int32) throws(Refusal) -> Int32 {
        var resolved: [String] = []
        var pending = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init).reversed() as [String]
        var links = 0
        while let name = pending.popLast() {
            if name == "." { continue }
            if name == ".." {
                guard resolved.popLast() != nil else { throw .outside(root: root, how: links > 0 ? .link : .climbs) }
                continue
            }
            let candidate = (resolved + [name]).joined(separator: "/")
            var status = stat()
            guard fstatat(rootDescriptor, candidate, &status, AT_SYMLINK_NOFOLLOW) == 0 else { throw FileScope.failure(errno) }
            guard status.st_mode & S_IFMT == S_IFLNK else {
                resolved.append(name)
                continue
            }
            guard followsLinks else { throw .link }
            links += 1
            guard links <= 40 else { throw FileScope.failure(ELOOP) }
            var target = try FileScope.linkTarget(candidate, in: rootDescriptor)
            if target.hasPrefix("/") {
                guard let inside = beneathRoot(target) else { throw .outside(root: root, how: .link) }
                resolved = []
                target = inside
            }
            pending += target.split(separator: "/", omittingEmptySubsequences: true).map(String.init).reversed()
        }
        let descriptor = openat(
            rootDescriptor, resolved.isEmpty ? "." : resolved.joined(separator: "/"), picker_o_path() | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileScope.failure(errno) }
        // A folder renamed between the steps above could have moved the file: its real path must still be inside.
        if let real = FileScope.linkTarget("/proc/self/fd/\(descriptor)", in: AT_FDCWD, orNil: ()), beneathRoot(real) == nil {
            close(descriptor)
            throw .outside(root: root)
        }
        return descriptor
    }

    /// `path` relative to the root when it is the root or inside it ("" for the root), else nil.
    private func beneathRoot(_ path: String) -> String? {
        if path == root { return "" }
        if root == "/" { return path.hasPrefix("/") ? String(path.dropFirst()) : nil }
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : nil
    }

    private static func linkTarget(_ path: String, in directory: Int32) throws(Refusal) -> String {
        guard let target = linkTarget(path, in: directory, orNil: ()) else { throw failure(errno) }
        return target
    }

    private static func linkTarget(_ path: String, in directory: Int32, orNil: Void) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlinkat(directory, path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func failure(_ code: Int32) -> Refusal {
        switch code {
        case ENOENT: .unreadable("no such file")
        case ENOTDIR: .unreadable("a name on its path is a file, not a folder")
        case EACCES: .unreadable("permission denied")
        case ELOOP: .unreadable("too many links on its path")
        default: .unreadable(String(cString: strerror(code)))
        }
    }

    /// The folder of the file at `path`, as written (`.` for a bare name).
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` with every link resolved, or nil when it leads nowhere.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The real path of the nearest folder at or above `folder` that holds a `.git` (a folder, or a file in a
    /// worktree or submodule), or nil.
    private static func repository(holding folder: String) -> String? {
        guard var current = realPath(folder) else { return nil }
        while true {
            var status = stat()
            if lstat(current == "/" ? "/.git" : current + "/.git", &status) == 0 { return current }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }
}
