import CPickerPango
import FoundationEssentials
import PickerKit
import Synchronization

/// A Pango font map, owned: released when the last owner lets go.
///
/// A new font map has to ask fontconfig to match and sort every installed font for each family it is asked for,
/// and load the faces: most of what a new `Renderer` costs. `PangoText` takes one from `FontMapShelf.shared` and
/// gives it back when it goes, so a process pays for that once, not once a renderer.
package final class FontMap: @unchecked Sendable {
    // @unchecked: a font map is used by one `PangoText` at a time; the shelf hands each to one owner.
    let pointer: UnsafeMutablePointer<PangoFontMap>
    /// The only font the map knows, or nil for the installed fonts.
    let fontFile: FontFile?

    /// A new cairo font map of the installed fonts, or of `fontFile` alone: a fontconfig configuration of the map's
    /// own that holds that file and nothing else, so no installed font is ever looked up.
    ///
    /// Throws `RenderError.pango` when Pango or fontconfig cannot make one.
    init(fontFile: FontFile? = nil) throws(RenderError) {
        guard let fontMap = pango_cairo_font_map_new() else {
            throw RenderError.pango(operation: "create a font map", detail: "no font map")
        }
        if let fontFile {
            guard let config = fontFile.configuration() else {
                g_object_unref(fontMap)
                throw RenderError.pango(operation: "load the font file", detail: "fontconfig cannot add \(fontFile.family)")
            }
            // The map takes its own reference to the configuration.
            pango_fc_font_map_set_config(OpaquePointer(fontMap), config)
            FcConfigDestroy(config)
        }
        pointer = fontMap
        self.fontFile = fontFile
    }

    deinit {
        g_object_unref(pointer)
    }
}

/// Idle font maps kept for the next `PangoText`.
///
/// Only the font map is kept: its caches (fontconfig's matches, loaded faces, glyph outlines) are keyed by what
/// they hold, so a text object on a reused map measures and draws exactly as one on a new map. The context and
/// layout, which drawing changes (the transformation and the surface's font options), are made anew for every
/// text object. Each map has one owner at a time; thread-safe.
package final class FontMapShelf: @unchecked Sendable {
    // @unchecked: a font map is not Sendable; it has one owner at a time, and is handed over through `idle`'s mutex.
    private let idle = Mutex<[FontMap]>([])
    /// At most this many idle maps are kept (one per thread that draws at once is all a batch reuses).
    private let capacity: Int

    /// The process's shelf.
    package static let shared = FontMapShelf(capacity: max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// An idle font map of the installed fonts, or of `fontFile` alone, or a new one.
    ///
    /// Throws `RenderError.pango` when a new one cannot be made.
    func take(fontFile: FontFile? = nil) throws(RenderError) -> FontMap {
        let found = idle.withLock { idle in idle.lastIndex { $0.fontFile === fontFile }.map { idle.remove(at: $0) } }
        if let found { return found }
        return try FontMap(fontFile: fontFile)
    }

    /// Makes sure a font map is on the shelf, so that fontconfig starts reading its configuration now.
    ///
    /// Pango reads fontconfig's files (2–3 ms) on a thread of its own from the moment a font map is made, and
    /// the first text measured waits for it. Called before a spec is read and planned, that reading runs beside
    /// them. Does nothing when a map is idle already; a map that cannot be made is left for `take` to report.
    package func prepare() {
        let empty = idle.withLock { !$0.contains { $0.fontFile == nil } }
        guard empty, let map = try? FontMap() else { return }
        put(map)
    }

    /// Gives `map` back for a later `take`; its owner must not use it again.
    ///
    /// Putting back a map already on the shelf does nothing, and maps beyond the capacity are released.
    func put(_ map: FontMap) {
        idle.withLock { idle in
            guard capacity > 0, !idle.contains(where: { $0 === map }) else { return }
            if idle.count >= capacity { idle.removeFirst() }
            idle.append(map)
        }
    }

    /// How many idle maps the shelf holds, for tests.
    package var idleCount: Int {
        idle.withLock { $0.count }
    }
}
