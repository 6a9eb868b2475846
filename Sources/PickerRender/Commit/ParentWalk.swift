import Glibc

/// Opens the folders that hold many relative paths inside one folder, each folder once: the folders of the last path
/// stay open, so the next path opens only the folders it does not share with it, and a path beneath a folder found
/// missing (or a link) is answered without a call.
///
/// What it buys a user: a journal is input (a pull request can commit one), and checking a forged one of 100,000
/// names 25 folders deep took 7.5 million opens, about three minutes of a CI job, where it now opens each folder once.
/// Walking is `BeneathFolder.openParent`'s: `openat(O_NOFOLLOW | O_DIRECTORY)` one folder at a time, so a link stops
/// it. Paths in sorted order share the most.
final class ParentWalk {
    /// The folder walked from (not owned).
    private let root: Int32
    /// The folders of the last path walked, outermost first, each with its name and descriptor (owned).
    private var held: [(name: String, descriptor: Int32)] = []
    /// The last walk that stopped: the components up to the folder that stopped it, and why.
    private var stopped: (components: ArraySlice<String>, obstacle: BeneathFolder.Obstacle)?
    /// How many folders it has opened or tried to open, for the tests that hold it to one open a folder.
    private(set) var opens = 0

    /// A walk beneath the folder held open as `root`, which the caller keeps open while the walk is used.
    init(in root: Int32) {
        self.root = root
    }

    deinit {
        for folder in held { close(folder.descriptor) }
    }

    /// The folder that holds the relative path `name` (`root` for a bare name).
    ///
    /// The descriptor is the walk's, valid until the next call; the caller does not close it.
    ///
    /// Throws an `Obstacle` at the first folder on the path that is a link, is not a folder, is missing or cannot be
    /// opened, or when the path is deeper than `BeneathFolder.maximumDepth`, as `openParent` does.
    func parent(of name: String) throws(BeneathFolder.Obstacle) -> Int32 {
        let components = name.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        guard components.count <= BeneathFolder.maximumDepth else {
            throw BeneathFolder.Obstacle(path: name, what: "more than \(BeneathFolder.maximumDepth) folders deep")
        }
        // Names are compared as bytes: Swift's == takes `é` and `e` with an accent for one name, two folders to Linux.
        func same(_ left: String, _ right: String) -> Bool { left.utf8.elementsEqual(right.utf8) }
        if let stopped, components.starts(with: stopped.components, by: same) { throw stopped.obstacle }
        var shared = 0
        while shared < held.count, shared < components.count, same(held[shared].name, components[shared]) { shared += 1 }
        while held.count > shared { close(held.removeLast().descriptor) }
        for index in shared..<components.count {
            let folder = held.last?.descriptor ?? root
            let component = components[index]
            opens += 1
            let next = BeneathFolder.openFolder(component, in: folder)
            let failure = errno
            guard next >= 0 else {
                let path = components[...index].joined(separator: "/")
                let obstacle: BeneathFolder.Obstacle
                switch BeneathFolder.kind(component, in: folder) {
                case S_IFLNK?: obstacle = .init(path: path, what: "a link")
                case .some(let other) where other != S_IFDIR: obstacle = .init(path: path, what: "not a folder")
                default: obstacle = .init(path: path, what: String(cString: strerror(failure)), missing: failure == ENOENT)
                }
                stopped = (components[...index], obstacle)
                throw obstacle
            }
            held.append((component, next))
        }
        stopped = nil
        return held.last?.descriptor ?? root
    }

    /// Forgets the folders found missing: for a folder that has since been made.
    func forgetMissing() {
        stopped = nil
    }
}
