import PickerRender

/// A problem that stops a comparison before it can say whether pictures match.
///
/// A path that is not there, a file that is not a PNG, a diff picture that cannot be written.
/// `pickerreel compare` exits with status 2 on it.
///
/// A path that is not there, a file that is not a PNG, a diff picture that cannot be written: `pickerreel compare`
/// exits with status 2 on it. Its `description` is one line naming the file, such as
/// `shots/a.png: not a PNG image that can be read (...)`.
public struct CompareError: Error, Equatable, Sendable, CustomStringConvertible {
    enum Representation: Equatable, Sendable {
        case notFound(path: String)
        case unreadable(path: String, error: RenderError)
        case mixedKinds(folder: String, file: String)
        case cannotList(folder: String, reason: String)
        case cannotWriteDiff(path: String, reason: String)
        case diffOverwritesInput(path: String)
    }

    let representation: Representation

    init(_ representation: Representation) {
        self.representation = representation
    }

    /// The path of the file or folder at fault.
    public var path: String {
        switch representation {
        case .notFound(let path), .unreadable(let path, _), .cannotList(let path, _), .cannotWriteDiff(let path, _),
            .diffOverwritesInput(let path):
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
        case .unreadable(let path, let error):
            switch error {
            case .file, .notPNG: return error.description  // These already begin with the path.
            default: return "\(path): \(error)"
            }
        case .mixedKinds(let folder, let file):
            return "\(folder) is a folder but \(file) is a file; give two PNG files or two folders"
        case .cannotList(let folder, let reason):
            return "\(folder): cannot list the folder (\(reason))"
        case .cannotWriteDiff(let path, let reason):
            return "\(path): cannot write the diff picture (\(reason))"
        case .diffOverwritesInput(let path):
            return "\(path): the diff pictures would overwrite the pictures being compared; choose another --diff path"
        }
    }
}
