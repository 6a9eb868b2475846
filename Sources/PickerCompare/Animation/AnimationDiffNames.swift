import PickerKit

/// Where the diff of two animations goes for a diff path `OUT`: the animation at `OUT` with `.png` for its extension,
/// the strip at `OUT-strip.png` (extension left off).
package enum AnimationDiffNames {
    /// The diff animation's path: `target` with `.png` for its extension.
    package static func animation(of target: String) -> String { stem(target) + ".png" }

    /// The strip's path: `target` without its extension, then `-strip.png`.
    package static func strip(of target: String) -> String { stem(target) + "-strip.png" }

    /// `path` without its extension (`.png`, `.apng`, `.webp`).
    static func stem(_ path: String) -> String {
        let name = FilePath.lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path }
        return String(path.dropLast(name.distance(from: dot, to: name.endIndex)))
    }
}
