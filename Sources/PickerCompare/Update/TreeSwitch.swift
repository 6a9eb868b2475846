import Foundation
import PickerRender

/// The all-or-nothing switch behind `ExpectedUpdate` for a folder tree: new files staged in a hidden folder
/// inside the root, then moved in by renames that are undone in reverse if one fails.
struct TreeSwitch {
    /// One rename done, to undo.
    private enum Step {
        case movedAside(path: String, to: String)
        case placed(path: String, from: String)
        case createdFolder(String)
    }

    let root: String
    let staging: String
    private var steps: [Step] = []
    private var createdRoot = false

    /// Makes the staging folder `.pickerreel-update-PID-N` inside `root`, making `root` first if it is missing.
    init(root: String) throws(CompareError) {
        self.root = root
        let manager = FileManager.default
        if case .missing = FileKind.of(root) {
            do {
                try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
                createdRoot = true
            } catch {
                throw CompareError(
                    .updateFailed(path: root, reason: "cannot create the folder (\(FileErrors.reason(error)))", rolledBack: true))
            }
        }
        staging = (root as NSString).appendingPathComponent(".pickerreel-update-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try manager.createDirectory(atPath: (staging as NSString).appendingPathComponent("new"), withIntermediateDirectories: true)
            try manager.createDirectory(atPath: (staging as NSString).appendingPathComponent("old"), withIntermediateDirectories: true)
        } catch {
            throw CompareError(
                .updateFailed(path: root, reason: "cannot write in the folder (\(FileErrors.reason(error)))", rolledBack: true))
        }
    }

    func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }
    func newPath(_ relative: String) -> String { (staging as NSString).appendingPathComponent("new/\(relative)") }
    func oldPath(_ relative: String) -> String { (staging as NSString).appendingPathComponent("old/\(relative)") }

    /// Copies `source` into the staging folder as `relative`.
    func stage(_ source: String, as relative: String) throws(CompareError) {
        let destination = newPath(relative)
        do {
            try FileManager.default.createDirectory(
                atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: source, toPath: destination)
        } catch {
            throw CompareError(
                .updateFailed(path: path(relative), reason: "cannot copy \(source) (\(FileErrors.reason(error)))", rolledBack: true))
        }
    }

    /// Moves every change into place; on the first failure undoes the steps done and throws.
    mutating func switchFiles(_ changes: [ExpectedUpdate.Change]) throws(CompareError) {
        for change in changes {
            let target = path(change.path)
            do {
                try ensureFolder((target as NSString).deletingLastPathComponent)
                // Whatever is there (a file, or a link) is moved aside, so it can be put back.
                if Self.exists(target) {
                    try ensureFolder((oldPath(change.path) as NSString).deletingLastPathComponent)
                    try rename(target, oldPath(change.path))
                    steps.append(.movedAside(path: target, to: oldPath(change.path)))
                }
                if change.kind != .removed {
                    try rename(newPath(change.path), target)
                    steps.append(.placed(path: target, from: newPath(change.path)))
                }
            } catch {
                let restored = undo()
                throw CompareError(.updateFailed(path: target, reason: error.reason, rolledBack: restored))
            }
        }
        steps = []
    }

    /// Undoes every step in reverse; false when one could not be undone.
    private mutating func undo() -> Bool {
        var restored = true
        for step in steps.reversed() {
            switch step {
            case .placed(let path, let from):
                if Foundation.rename(path, from) != 0 { restored = false }
            case .movedAside(let path, let to):
                if Foundation.rename(to, path) != 0 { restored = false }
            case .createdFolder(let folder):
                try? FileManager.default.removeItem(atPath: folder)
            }
        }
        steps = []
        if createdRoot { try? FileManager.default.removeItem(atPath: root) }
        return restored
    }

    /// Removes the staging folder and the old files moved aside into it.
    func removeStaging() {
        try? FileManager.default.removeItem(atPath: staging)
    }

    /// Removes the folders, up to the root, that the removed files have left empty.
    func removeEmptiedFolders(_ removed: [String]) {
        for relative in removed {
            var folder = (relative as NSString).deletingLastPathComponent
            while !folder.isEmpty {
                let full = path(folder)
                guard let contents = try? FileManager.default.contentsOfDirectory(atPath: full), contents.isEmpty else { break }
                try? FileManager.default.removeItem(atPath: full)
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
    }

    private mutating func ensureFolder(_ folder: String) throws(SwitchFailure) {
        if case .folder = FileKind.of(folder) { return }
        let parent = (folder as NSString).deletingLastPathComponent
        if parent != folder { try ensureFolder(parent) }
        if mkdir(folder, 0o777) != 0 {
            throw SwitchFailure(reason: "cannot create the folder \(folder) (\(String(cString: strerror(errno))))")
        }
        steps.append(.createdFolder(folder))
    }

    private func rename(_ from: String, _ to: String) throws(SwitchFailure) {
        if Foundation.rename(from, to) != 0 {
            throw SwitchFailure(reason: "cannot move \(from) to \(to) (\(String(cString: strerror(errno))))")
        }
    }

    /// Whether anything, even a dangling symbolic link, is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    struct SwitchFailure: Error {
        var reason: String
    }
}
