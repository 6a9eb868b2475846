import FoundationEssentials
import Glibc
import PickerRender

extension CompareRun {
    /// Refuses the run when a report file, the HTML report's folder or the diff path goes through a symbolic link
    /// below the current folder (`LinkedPath`), or a folder it writes into holds one (`report/files -> /elsewhere`,
    /// committed by a pull request).
    ///
    /// Throws `CompareError` naming the link; nothing was written.
    func refuseLinkedReports(diffPath: String?) throws(CompareError) {
        var files: [String] = []
        var folders: [String] = []
        for report in options.reports {
            switch report {
            case .json(let path?), .junit(let path): files.append(path)
            case .html(let folder): folders.append(folder)
            case .json(nil), .github: break
            }
        }
        if let diffPath { folders.append(diffPath) }
        for path in files + folders {
            if let link = LinkedPath.firstLink(on: path) {
                throw CompareError(.refused(path: link, message: "\(link) \(LinkedPath.reason) (nothing was written)"))
            }
        }
        for folder in folders {
            if let link = LinkedPath.firstLink(beneath: folder) {
                throw CompareError(
                    .refused(
                        path: link,
                        message: "\(link) \(LinkedPath.reason); it is inside \(folder), which the report writes into (nothing was written)")
                )
            }
        }
    }

    /// Refuses an `--update` that would write through a link or copy a tree into itself.
    ///
    /// EXPECTED (the path as given, or a folder on it below the current folder) may not be a symbolic link
    /// (`LinkedPath`, the rule `render` and `frame` share): the goldens a pull request commits as a link would lead
    /// the update to delete and write pictures wherever the link points. The update is refused too when one tree is
    /// inside the other (or they are one folder), by real path: it would copy ACTUAL into itself, or replace the
    /// goldens with a render of nothing.
    ///
    /// Throws `CompareError` saying which; nothing was changed.
    func refuseUnsafeUpdate() throws(CompareError) {
        let expected = options.expected
        let actual = options.actual
        if let link = LinkedPath.firstLink(on: expected) {
            throw CompareError(
                .refused(
                    path: expected,
                    message:
                        "--update: EXPECTED \(expected) goes through a symbolic link (\(link)); --update writes only into a real folder: give that folder itself (nothing was changed)"
                ))
        }
        let expectedPath = Self.realPath(expected)
        let actualPath = Self.realPath(actual)
        let problem: String
        if expectedPath == actualPath {
            problem = "--update: EXPECTED \(expected) and ACTUAL \(actual) are the same folder; render into another folder and compare that"
        } else if actualPath.hasPrefix(expectedPath + "/") {
            problem = "--update: ACTUAL \(actual) is inside EXPECTED \(expected); render outside the goldens (nothing was changed)"
        } else if expectedPath.hasPrefix(actualPath + "/") {
            problem = "--update: EXPECTED \(expected) is inside ACTUAL \(actual); render outside the goldens (nothing was changed)"
        } else {
            return
        }
        throw CompareError(.refused(path: expected, message: problem))
    }

    /// `path` with links resolved and made absolute; a path that does not exist yet keeps its last parts as given.
    static func realPath(_ path: String) -> String {
        var missing: [String] = []
        var current = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        while true {
            if let resolved = realpath(current, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                let rest = missing.reversed().filter { !$0.isEmpty && $0 != "." }
                return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.joined(separator: "/")
            }
            guard let slash = current.lastIndex(of: "/"), slash != current.startIndex else { return current }
            missing.append(String(current[current.index(after: slash)...]))
            current = String(current[..<slash])
        }
    }
}
