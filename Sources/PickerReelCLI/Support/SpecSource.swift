import Foundation
import PickerReel

/// A spec to work on, with the name its output folder takes and the name used in messages.
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
        let spec = try PickerSpec(contentsOf: URL(fileURLWithPath: path), file: path)
        var name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        if name.isEmpty || name.hasPrefix(".") { name = "spec" }
        return SpecSource(path: path, name: name, spec: spec)
    }

    /// The seed's own demo, built into the tool.
    static let seedDemo = SpecSource(path: nil, name: "seed-demo", spec: .seedDemo)
}
