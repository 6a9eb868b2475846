import CPickerCairo
import CPickerPango

#if canImport(Glibc)
    import Glibc
#endif

/// The libraries that draw a render, by the versions loaded in this process: what a render manifest records, so that
/// a render made with another cairo, pango, HarfBuzz, FreeType or fontconfig is not taken as up to date.
///
/// A library whose version cannot be asked (not loaded) is recorded as "unknown".
package enum RenderEnvironment {
    /// Library name to version, such as `"pango": "1.50.12"`, read once.
    package static let versions: [String: String] = [
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
