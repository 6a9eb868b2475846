import CPickerCairo
import CPickerPango
import Glibc
import PickerKit
import Synchronization

/// What a render was drawn with beyond its spec: the drawing libraries' versions and the font files its labels were
/// shaped with.
///
/// Every render manifest records it, so that a render made with another cairo, pango, HarfBuzz,
/// FreeType or fontconfig, or another font file, is not taken as up to date, and so that `compare` can say why two
/// renders differ ("pango 1.50.12 → 1.54.0") before it counts a pixel.
///
/// A library whose version cannot be asked (not loaded) is recorded as "unknown".
package struct RenderEnvironment: Codable, Equatable, Sendable {
    /// Library name to version, such as `"pango": "1.50.12"`.
    package var libraries: [String: String]
    /// Each font file the labels were shaped with, by file name (`Inter-Regular.otf`), to its SHA-256: the files
    /// fontconfig chose among those installed, or the spec's `style.font.file` alone.
    package var fonts: [String: String]

    /// This process's libraries and `fonts`.
    package init(fonts: [String: String]) {
        libraries = Self.libraryVersions
        self.fonts = fonts
    }

    /// What differs from `self` (EXPECTED's) to `other` (ACTUAL's), one phrase each.
    ///
    /// Libraries first, then fonts, in name order: `pango 1.50.12 → 1.54.0`, `font Inter-Regular.otf: other file`, `font DejaVuSans.ttf: only in
    /// ACTUAL`. Empty when they are the same.
    ///
    /// A font used on one side only is a change of environment only when both sides drew the same spec
    /// (`sameInputs`): another weight or a label in another script uses other fonts by itself.
    package func changes(to other: RenderEnvironment, sameInputs: Bool = true) -> [String] {
        var found: [String] = []
        for name in Set(libraries.keys).union(other.libraries.keys).sorted() where libraries[name] != other.libraries[name] {
            found.append("\(name) \(libraries[name] ?? "none") → \(other.libraries[name] ?? "none")")
        }
        for name in Set(fonts.keys).union(other.fonts.keys).sorted() where fonts[name] != other.fonts[name] {
            switch (fonts[name], other.fonts[name]) {
            case (nil, _): if sameInputs { found.append("font \(name): only in ACTUAL") }
            case (_, nil): if sameInputs { found.append("font \(name): only in EXPECTED") }
            default: found.append("font \(name): other file")
            }
        }
        return found
    }

    /// The fonts at `paths` by file name to their SHA-256, each file read once in the process.
    ///
    /// A name two paths share is kept by the first path in order, the other by its whole path. A file that cannot be read is
    /// recorded as "unreadable".
    package static func fonts(at paths: some Sequence<String>) -> [String: String] {
        var fonts: [String: String] = [:]
        for path in paths.sorted() {
            let name = FontFilePath.name(path)
            let digest = digests.withLock { known in
                if let digest = known[path] { return digest }
                let digest = SHA256Digest.hex(ofFileAt: FontFilePath.bytes(path)) ?? "unreadable"
                known[path] = digest
                return digest
            }
            fonts[fonts[name] == nil ? name : path] = digest
        }
        return fonts
    }

    /// Font file digests by path, for the process's life (font files do not change under a running render).
    private static let digests = Mutex<[String: String]>([:])

    /// Library name to version, such as `"pango": "1.50.12"`, read once.
    package static let libraryVersions: [String: String] = [
        "cairo": String(cString: cairo_version_string()),
        "pango": String(cString: pango_version_string()),
        "harfbuzz": String(cString: hb_version_string()),
        "fontconfig": fontconfigVersion() ?? "unknown",
        "freetype": freetypeVersion() ?? "unknown",
    ]

    /// Fontconfig and FreeType come with pango (pangoft2) and are not linked by name here: their functions are looked
    /// up among those already loaded.
    private static func function<T>(_ name: String, as type: T.Type) -> T? {
        guard let symbol = dlsym(nil, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    /// `FcGetVersion()`'s 21400 as "2.14.0".
    private static func fontconfigVersion() -> String? {
        typealias GetVersion = @convention(c) () -> Int32
        guard let getVersion = function("FcGetVersion", as: GetVersion.self) else { return nil }
        let version = Int(getVersion())
        return "\(version / 10000).\(version / 100 % 100).\(version % 100)"
    }

    /// `FT_Library_Version` of a library made and freed for the question.
    private static func freetypeVersion() -> String? {
        typealias Initialize = @convention(c) (UnsafeMutablePointer<OpaquePointer?>) -> Int32
        typealias Finish = @convention(c) (OpaquePointer?) -> Int32
        typealias Number = UnsafeMutablePointer<Int32>
        typealias Version = @convention(c) (OpaquePointer?, Number, Number, Number) -> Void
        guard let initialize = function("FT_Init_FreeType", as: Initialize.self),
            let finish = function("FT_Done_FreeType", as: Finish.self), let version = function("FT_Library_Version", as: Version.self)
        else { return nil }
        var library: OpaquePointer?
        guard initialize(&library) == 0, library != nil else { return nil }
        defer { _ = finish(library) }
        var (major, minor, patch): (Int32, Int32, Int32) = (0, 0, 0)
        version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}
