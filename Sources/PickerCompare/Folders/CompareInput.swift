import Foundation
import PickerRender

/// One side of a comparison as found on disk: a single PNG file or a folder of them.
enum CompareInput: Equatable {
    case file(path: String)
    case folder(path: String)

    /// Looks at `path`; throws `CompareError` when nothing is there.
    static func resolve(_ path: String) throws(CompareError) -> CompareInput {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CompareError(.notFound(path: path))
        }
        return isFolder.boolValue ? .folder(path: path) : .file(path: path)
    }

    /// The names of the PNG files directly inside `folder` (not in subfolders), sorted so reports are stable.
    static func pngNames(in folder: String) throws(CompareError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw CompareError(.cannotList(folder: folder, reason: FileErrors.reason(error)))
        }
        return names.filter { name in
            guard name.lowercased().hasSuffix(".png"), !name.hasPrefix(".") else { return false }
            var isFolder: ObjCBool = false
            let path = (folder as NSString).appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    }
}
