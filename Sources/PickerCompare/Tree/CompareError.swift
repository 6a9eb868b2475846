import PickerRender

/// A problem that stops a comparison (or an update) before it can say whether pictures match.
///
/// A path that is not there or is not a file or folder, a file and a folder given together, a folder that cannot
/// be listed, a link inside a tree that leads out of it, a folder an update or render left half switched (or holding a journal the tool did not write), a file that is not a readable PNG, APNG or WebP, or is too large, a still picture against an animation, a pair of animations that cannot be compared within the memory budget, a diff picture or report that cannot be written,
/// an update that could not be made. `pickerreel compare` exits with status 2 on it. Its `description` is one
/// line naming the file, such as `shots/a.png: not a PNG image that can be read (…)`.
public struct CompareError: Error, Equatable, Sendable, CustomStringConvertible {
    enum Representation: Equatable, Sendable {
        case notFound(path: String)
        /// EXPECTED is not there but ACTUAL is: no goldens yet.
        case noExpected(path: String, actual: String)
        case notFileOrFolder(path: String, reason: String)
        case unreadable(path: String, error: RenderError)
        case mixedKinds(folder: String, file: String)
        case cannotList(folder: String, reason: String)
        case cannotWrite(path: String, what: String, reason: String)
        case overwritesInput(path: String, what: String)
        case updateFailed(path: String, reason: String, rolledBack: Bool)
        case animated(path: String)
        case linkLeavesTree(path: String, tree: String)
        case unfinishedSwitch(folder: String)
        case foreignJournal(folder: String, message: String)
        case nameNotUTF8(folder: String)
        case notAnimation(path: String, detail: String)
        case stillAgainstAnimation(still: String, animation: String)
        case overBudget(path: String, detail: String)
        case refused(path: String, message: String)
    }

    let representation: Representation

    init(_ representation: Representation) {
        self.representation = representation
    }

    /// The path of the file or folder at fault.
    public var path: String {
        switch representation {
        case .notFound(let path), .noExpected(let path, _), .notFileOrFolder(let path, _), .unreadable(let path, _),
            .cannotList(let path, _),
            .cannotWrite(let path, _, _), .overwritesInput(let path, _), .updateFailed(let path, _, _), .animated(let path),
            .linkLeavesTree(let path, _), .unfinishedSwitch(let path), .foreignJournal(let path, _), .nameNotUTF8(let path),
            .notAnimation(let path, _),
            .stillAgainstAnimation(let path, _), .overBudget(let path, _), .refused(let path, _):
            return path
        case .mixedKinds(_, let file):
            return file
        }
    }

    /// The message for the user, naming the file.
    public var description: String {
        switch representation {
        case .notFound(let path):
            return "\(path): no such file or folder"
        case .noExpected(let path, let actual):
            return
                "\(path): no such file or folder, so there are no goldens yet; to make them from \(actual), run `\(AcceptAdvice.updateCommand(expected: path, actual: actual))`"
        case .notFileOrFolder(let path, let reason):
            return "\(path): \(reason)"
        case .unreadable(let path, let error):
            switch error {
            case .file, .notPNG: return error.description  // These already begin with the path.
            default: return "\(path): \(error)"
            }
        case .mixedKinds(let folder, let file):
            return "\(folder) is a folder but \(file) is a file; give two PNG files or two folders"
        case .cannotList(let folder, let reason):
            return "\(folder): cannot list the folder (\(reason))"
        case .cannotWrite(let path, let what, let reason):
            return "\(path): cannot write the \(what) (\(reason))"
        case .overwritesInput(let path, let what):
            return "\(path): the \(what) would overwrite the pictures being compared; choose another path"
        case .updateFailed(let path, let reason, let rolledBack):
            let state = rolledBack ? "nothing was changed" : "some files could not be put back; see the lines above"
            return "\(path): cannot update (\(reason)); \(state)"
        case .linkLeavesTree(let path, let tree):
            return
                "\(path): a link that leads out of \(tree) (or to nothing); compare reads and --update writes only inside EXPECTED and ACTUAL: replace the link with the file or folder itself"
        case .unfinishedSwitch(let folder):
            return
                "\(folder): an update or render into this folder was cut short, so it holds old and new pictures mixed; run the same `pickerreel compare EXPECTED ACTUAL --update` (or render) again to finish it"
        case .foreignJournal(_, let message), .refused(_, let message):
            return message
        case .nameNotUTF8(let folder):
            return
                "\(folder): holds a file or folder whose name is not UTF-8 text, which compare cannot report or update faithfully; rename it"
        case .overBudget(let path, let detail):
            return "\(path): \(detail)"
        case .notAnimation(let path, let detail):
            return "\(path): not an APNG or WebP that can be read (\(detail))"
        case .stillAgainstAnimation(let still, let animation):
            return
                "\(still) is a still picture but \(animation) is an animation (APNG or WebP); compare a still with a still or an animation with an animation"
        case .animated(let path):
            return
                "\(path): an animated PNG (APNG), which compare cannot check frame by frame (it would see only the first); compare the PNG frames (render --format png) and keep animations out of the compared folders"
        }
    }
}

extension CompareError {
    /// A report that cannot be written to `path`, for callers that write reports themselves.
    package static func report(path: String, what: String, reason: String) -> CompareError {
        CompareError(.cannotWrite(path: path, what: what, reason: reason))
    }
}
