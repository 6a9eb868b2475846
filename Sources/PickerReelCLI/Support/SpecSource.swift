import Foundation
import PickerKit

/// A spec to work on, with the name its output folder takes and the file name used in messages.
struct SpecSource: Sendable {
    /// The spec file's path as the user typed it, or nil for the built-in demo.
    var path: String?
    /// The output folder name: the file name without `.json`.
    var name: String
    /// The validated spec.
    var spec: PickerSpec

    /// The name used in messages.
    var displayName: String { path ?? "(built-in seed demo)" }

    /// Reads and validates the spec at `path`.
    ///
    /// Throws a `SpecError` naming the file for an unreadable, oversized, or invalid spec.
    static func load(_ path: String) throws(SpecError) -> SpecSource {
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw SpecError(file: path, path: .root, problem: .unreadable(reason: "no such file"))
        }
        guard !isFolder.boolValue else {
            throw SpecError(file: path, path: .root, problem: .unreadable(reason: "it is a folder, not a JSON file"))
        }
        // Check the size before reading, so a huge file is refused without loading it.
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
            size.intValue > SpecLimits.maximumFileBytes
        {
            throw SpecError(file: path, path: .root, problem: .fileTooLarge(bytes: size.intValue))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw SpecError(file: path, path: .root, problem: .unreadable(reason: "permission denied"))
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: SpecLimits.maximumFileBytes + 1) ?? Data()
        } catch {
            throw SpecError(file: path, path: .root, problem: .unreadable(reason: "\(error.localizedDescription)"))
        }
        let spec = try PickerSpec.decode([UInt8](data), file: path)
        var name = url.deletingPathExtension().lastPathComponent
        if name.isEmpty || name.hasPrefix(".") { name = "spec" }
        return SpecSource(path: path, name: name, spec: spec)
    }

    /// The seed's own demo, built into the tool.
    static func seedDemo() throws(SpecError) -> SpecSource {
        let spec = try PickerSpec.decode(Array(BuiltInSpecs.seedDemo.utf8), file: "(built-in seed demo)")
        return SpecSource(path: nil, name: "seed-demo", spec: spec)
    }
}

/// Specs that ship inside the tool.
enum BuiltInSpecs {
    /// The seed's demo: four labels, the gray 0.4 overlay of radius 16, linear animation, 30 fps at 2x.
    static let seedDemo = """
        {
          "items": ["Day", "Week", "Month", "Year"],
          "selection": {
            "initial": "Day",
            "sequence": [
              { "select": "Week", "after": 0.6 },
              { "select": "Month", "after": 0.6 },
              { "select": "Year", "after": 0.6 },
              { "select": "Day", "after": 0.6 }
            ],
            "tail": 0.6
          },
          "style": {
            "orientation": "horizontal",
            "spacing": 8,
            "font": { "family": "Inter", "size": 17 },
            "labelColor": "accent",
            "highlight": { "cornerRadius": 16, "color": "gray", "opacity": 0.4, "layer": "overlay" },
            "background": "white",
            "padding": 16
          },
          "animation": { "curve": "linear", "duration": 0.35 },
          "output": { "fps": 30, "scale": 2 }
        }
        """
}
