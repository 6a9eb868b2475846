import FoundationEssentials
import PickerReel

/// A spec to work on, with the name its output folder takes and the name used in messages.
struct SpecSource: Sendable {
    /// The spec file's path as the user typed it, or nil for the built-in demo.
    var path: String?
    /// The output folder name: the file name without `.json`, with the variant's suffix.
    var name: String
    /// The validated spec.
    var spec: PickerSpec
    /// The appearance rendered: the spec's own, or one of its variants.
    var variant: Variant? = nil

    /// This spec's variants named by `suffixes` (`default` for its own appearance), or all of them when none are
    /// named, each as a source of its own.
    ///
    /// Throws `UsageError` naming the spec and its variants for a suffix it does not have.
    func variants(named suffixes: [String]) throws(UsageError) -> [SpecSource] {
        let all = spec.variants
        let chosen: [Variant]
        if suffixes.isEmpty {
            chosen = all
        } else {
            chosen = try suffixes.map { suffix throws(UsageError) in
                guard let variant = spec.variant(named: suffix) else {
                    let known = spec.variantNames.joined(separator: ", ")
                    throw UsageError(command: "render", message: "\(displayName) has no variant \"\(suffix)\"; its variants: \(known)")
                }
                return variant
            }
        }
        return chosen.map { SpecSource(path: path, name: $0.name(name), spec: spec, variant: $0) }
    }

    /// The name used in messages.
    var displayName: String { path ?? "(built-in seed demo)" }

    /// Reads and validates the spec at `path`, which must be inside `root` (by default the repository that holds it,
    /// as for its icons and images).
    ///
    /// Throws a `SpecError` naming the file for a spec whose real path leads out of the root (a link from a pull
    /// request to a file of the runner's; nothing of that file is read), and for an unreadable, oversized, or
    /// invalid spec.
    static func load(_ path: String, root: String? = nil) throws(SpecError) -> SpecSource {
        let spec = try PickerSpec(contentsOf: URL(fileURLWithPath: path), file: path, root: InspectCommands.url(root))
        var name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        if name.isEmpty || name.hasPrefix(".") { name = "spec" }
        return SpecSource(path: path, name: name, spec: spec)
    }

    /// The seed's own demo, built into the tool.
    static let seedDemo = SpecSource(path: nil, name: "seed-demo", spec: .seedDemo)
}
