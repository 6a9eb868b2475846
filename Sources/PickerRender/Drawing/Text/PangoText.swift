import CPickerCairo
import CPickerPango
import PickerKit

/// Measures and draws labels with Pango, using one layout for both so that sizes agree with pixels.
///
/// Metrics are unhinted and glyph positions unrounded, so a label measures the same in points at every scale.
/// Owns its context and layout, and releases them; its font map comes from `FontMapShelf.shared` and goes back
/// there when the object goes, so a later text object reuses the fonts it loaded. Not thread-safe: give each
/// thread its own.
package final class PangoText: TextMeasurer {
    private let map: FontMap
    /// The only font the text knows, or nil for the installed fonts.
    package var fontFile: FontFile? { map.fontFile }
    private var fontMap: UnsafeMutablePointer<PangoFontMap> { map.pointer }
    private let shelf: FontMapShelf
    private let context: OpaquePointer
    private let layout: OpaquePointer
    private var currentFont: ResolvedFont?
    private var currentText: String?
    /// One laid-out layout per label and font drawn (at most 64 items, regular and selected fonts).
    private var drawingLayouts: [DrawnLabel: OpaquePointer] = [:]
    /// What the context was last updated for while drawing; nil after anything else changed it.
    private var lastDrawingTarget: DrawingTarget?
    /// The families (lowercased) of the fonts labels measured in each font were shaped with.
    private(set) var familiesUsed: [ResolvedFont: Set<String>] = [:]
    /// The paths of the font files (fontconfig's `file`) every label measured was shaped with.
    private(set) var fontFilesUsed: Set<String> = []
    /// The characters of each label measured that no installed font has (Pango draws each as a box showing its
    /// code), in the order they first appear; labels with none are absent.
    private(set) var charactersNoFontHas: [String: [Unicode.Scalar]] = [:]
    /// What labels are drawn with: `TextRasterSettings.standard` except inside a measuring scope.
    private let drawingSettings: TextRasterSettings
    /// Whether labels are laid out under cairo's transform when drawn (`drawingFollowsTheDeviceTransform`).
    private let followsDeviceTransform: Bool

    /// For tests: text objects created inside a scope that sets this lay labels out under cairo's transform
    /// when they draw, as Pango does by default: the plain path `draw` is checked against.
    @TaskLocal package static var drawingFollowsTheDeviceTransform = false

    /// Creates a context and layout with unhinted, unrounded metrics and greyscale antialiasing, on a font map
    /// from `shelf`.
    package convenience init() throws(RenderError) {
        try self.init(shelf: .shared)
    }

    /// Creates a context and layout as `init()` does, on a font map that knows `fontFile` alone (nil: the installed
    /// fonts).
    package convenience init(fontFile: FontFile?) throws(RenderError) {
        try self.init(shelf: .shared, fontFile: fontFile)
    }

    init(shelf: FontMapShelf, fontFile: FontFile? = nil) throws(RenderError) {
        let map = try shelf.take(fontFile: fontFile)
        guard let context = pango_font_map_create_context(map.pointer) else {
            shelf.put(map)
            throw RenderError.pango(operation: "create a context", detail: "no context")
        }
        TextRasterSettings.standard.apply(to: context)
        guard let layout = pango_layout_new(context) else {
            g_object_unref(UnsafeMutableRawPointer(context))
            shelf.put(map)
            throw RenderError.pango(operation: "create a layout", detail: "no layout")
        }
        self.map = map
        self.shelf = shelf
        self.context = context
        self.layout = layout
        drawingSettings = TextRasterSettings.current
        followsDeviceTransform = Self.drawingFollowsTheDeviceTransform
    }

    deinit {
        for drawn in drawingLayouts.values { g_object_unref(UnsafeMutableRawPointer(drawn)) }
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
        shelf.put(map)
    }

    /// A Pango font description for `font`; the caller frees it.
    private static func description(of font: ResolvedFont) -> OpaquePointer? {
        guard let description = pango_font_description_new() else { return nil }
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight)))
        return description
    }

    private func prepare(_ text: String, font: ResolvedFont) {
        if currentFont != font {
            if let description = Self.description(of: font) {
                pango_layout_set_font_description(layout, description)
                pango_font_description_free(description)
            }
            currentFont = font
        }
        if currentText != text {
            pango_layout_set_text(layout, text, -1)
            currentText = text
        }
    }

    /// The label's logical rectangle in points, relative to its drawing origin.
    package func logicalExtents(of text: String, font: ResolvedFont) -> Rect {
        prepare(text, font: font)
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        noteFamilies(of: font)
        noteCharactersNoFontHas(in: text)
        let unit = Double(PANGO_SCALE)
        return Rect(
            x: Double(logical.x) / unit, y: Double(logical.y) / unit,
            width: Double(logical.width) / unit, height: Double(logical.height) / unit)
    }

    /// The label's logical rectangle in points as measured while drawing at `scale` pixels per point: the
    /// same as `logicalExtents(of:font:)`, because metrics are unhinted and positions unrounded.
    func logicalExtents(of text: String, font: ResolvedFont, drawnAtScale scale: Double) -> Rect {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return logicalExtents(of: text, font: font) }
        defer { cairo_surface_destroy(surface) }
        guard let cairo = cairo_create(surface) else { return logicalExtents(of: text, font: font) }
        defer { cairo_destroy(cairo) }
        cairo_scale(cairo, scale, scale)
        lastDrawingTarget = nil
        pango_cairo_update_context(cairo, context)
        pango_layout_context_changed(layout)
        let extents = logicalExtents(of: text, font: font)
        // Back to the identity transform the layout is measured under.
        cairo_identity_matrix(cairo)
        pango_cairo_update_context(cairo, context)
        pango_layout_context_changed(layout)
        return extents
    }

    /// Draws `text` with its drawing origin at (x, y) in `cairo`'s user space, in the current source colour.
    ///
    /// With the standard settings (unhinted metrics, unrounded positions) the label is laid out exactly as it was
    /// measured: in points, under the identity transform, with the font measuring loaded, and cairo draws those
    /// glyphs at its own transform (`cairo_set_scaled_font` keeps the face, size and options and uses the
    /// context's transform), so the pixels are those of a layout made under cairo's transform. Giving Pango
    /// cairo's transform instead made it load each font again at the pixel size: in Pango 1.50 a fontconfig
    /// match and a sort of every installed font, each on a new thread, and the font's metrics, which lay out a
    /// sample sentence at twice that size (a third match and sort), because the layout asks its own size after
    /// laying out: 14.6 M of the seed demo's 131.5 M instructions. `drawingFollowsTheDeviceTransform` (for tests)
    /// and the other settings (hinted metrics and rounded positions depend on the device's pixels) still do.
    ///
    /// Each label keeps a layout of its own for drawing, laid out once: a frame redraws the same few labels, and
    /// setting another text on one shared layout made Pango itemise and shape the label again every time (a tenth
    /// of the seed demo's instructions).
    func draw(_ text: String, font: ResolvedFont, at x: Double, _ y: Double, on cairo: OpaquePointer) {
        guard let drawn = drawingLayout(text, font: font) else { return }
        let measuringOtherSettings = drawingSettings != .standard
        let followsDevice = measuringOtherSettings || followsDeviceTransform
        if measuringOtherSettings {
            drawingSettings.apply(to: context)
            lastDrawingTarget = nil
        }
        if followsDevice { updateContext(for: cairo) }
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout(cairo, drawn)
        if measuringOtherSettings {
            // Back to the settings labels are measured with, so the measuring layout never sees the other ones.
            TextRasterSettings.standard.apply(to: context)
            lastDrawingTarget = nil
        }
        // The measuring layout shares the context, which now has cairo's transform: it is laid out again when used.
        if followsDevice { pango_layout_context_changed(layout) }
    }

    /// Adds the glyph outlines of `text` in `font`, laid out as `draw` lays it out, to `cairo`'s path at (`x`, `y`):
    /// the label as shapes a vector format fills without the font (Lottie).
    ///
    /// The baseline is put on a whole pixel of `pixelsPerPoint`, where cairo puts the glyphs it draws in a frame.
    func addOutline(_ text: String, font: ResolvedFont, at x: Double, _ y: Double, pixelsPerPoint: Double, on cairo: OpaquePointer) {
        guard let drawn = drawingLayout(text, font: font) else { return }
        let baseline = y + Double(pango_layout_get_baseline(drawn)) / Double(PANGO_SCALE)
        let snapped = pixelsPerPoint > 0 ? (baseline * pixelsPerPoint).rounded() / pixelsPerPoint : baseline
        cairo_move_to(cairo, x, y + snapped - baseline)
        pango_cairo_layout_path(cairo, drawn)
    }

    /// The font Pango drew the first run of the last drawn `text` in `font` with, for tests: the measuring
    /// layout's font (`measuredFont(of:font:)`) unless drawing follows the device transform.
    func drawnFont(of text: String, font: ResolvedFont) -> UnsafeMutableRawPointer? {
        guard let drawn = drawingLayouts[DrawnLabel(text: text, font: font)] else { return nil }
        return Self.firstRunFont(of: drawn)
    }

    /// The font Pango measured `text` in `font` with (its first run), for tests.
    func measuredFont(of text: String, font: ResolvedFont) -> UnsafeMutableRawPointer? {
        prepare(text, font: font)
        return Self.firstRunFont(of: layout)
    }

    private static func firstRunFont(of layout: OpaquePointer) -> UnsafeMutableRawPointer? {
        runs(of: layout).first?.item?.pointee.analysis.font.map { UnsafeMutableRawPointer($0) }
    }

    /// Gives the context `cairo`'s transform and font options, unless they are those of the last draw:
    /// `pango_cairo_update_context` marks the context changed whenever it sets a matrix, equal or not, which would
    /// lay every label out again.
    private func updateContext(for cairo: OpaquePointer) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        let target = cairo_surface_get_type(cairo_get_target(cairo))
        let drawing = DrawingTarget(
            matrix: [matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0], surfaceType: target.rawValue)
        guard drawing != lastDrawingTarget else { return }
        pango_cairo_update_context(cairo, context)
        lastDrawingTarget = drawing
    }

    /// The drawing layout of `text` in `font`, made on first use; nil when Pango cannot make one.
    private func drawingLayout(_ text: String, font: ResolvedFont) -> OpaquePointer? {
        let key = DrawnLabel(text: text, font: font)
        if let existing = drawingLayouts[key] { return existing }
        guard let made = pango_layout_new(context) else { return nil }
        if let description = Self.description(of: font) {
            pango_layout_set_font_description(made, description)
            pango_font_description_free(description)
        }
        pango_layout_set_text(made, text, -1)
        drawingLayouts[key] = made
        return made
    }

    /// Adds the families of the fonts the measuring layout's runs were shaped with to `familiesUsed[font]`.
    private func noteFamilies(of font: ResolvedFont) {
        var families = familiesUsed[font] ?? []
        for run in Self.runs(of: layout) {
            guard let loaded = run.item?.pointee.analysis.font, let described = pango_font_describe(loaded) else { continue }
            defer { pango_font_description_free(described) }
            if let family = pango_font_description_get_family(described) { families.insert(String(cString: family).lowercased()) }
            if let file = Self.file(of: loaded) { fontFilesUsed.insert(file) }
        }
        familiesUsed[font] = families
    }

    /// The path of the file `font` was loaded from, when it is a fontconfig font (as every font of a Pango cairo
    /// font map on Linux is).
    private static func file(of font: UnsafeMutablePointer<PangoFont>) -> String? {
        let instance = UnsafeMutableRawPointer(font).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, pango_fc_font_get_type()) != 0 else { return nil }
        guard let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self))
        else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return FontFilePath.text(file)
    }

    /// The glyph items of every run of `layout`, line by line, in the order Pango stores them (visual order).
    private static func runs(of layout: OpaquePointer) -> [PangoGlyphItem] {
        var runs: [PangoGlyphItem] = []
        for index in 0..<pango_layout_get_line_count(layout) {
            guard let line = pango_layout_get_line_readonly(layout, index) else { continue }
            var node = line.pointee.runs
            while let run = node {
                defer { node = run.pointee.next }
                if let item = run.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee { runs.append(item) }
            }
        }
        return runs
    }

    /// Records in `charactersNoFontHas` the characters of `text` (just measured) that the measuring layout's
    /// runs show as unknown glyphs: Pango's glyph for a character no font has is the character's code with
    /// `PANGO_GLYPH_UNKNOWN_FLAG` set.
    private func noteCharactersNoFontHas(in text: String) {
        guard pango_layout_get_unknown_glyphs_count(layout) > 0, charactersNoFontHas[text] == nil else { return }
        var missing: [Unicode.Scalar] = []
        for run in Self.runs(of: layout) {
            guard let glyphs = run.glyphs else { continue }
            for glyph in 0..<Int(glyphs.pointee.num_glyphs) {
                let value = glyphs.pointee.glyphs[glyph].glyph
                guard value & PANGO_GLYPH_UNKNOWN_FLAG != 0, let scalar = Unicode.Scalar(value & ~PANGO_GLYPH_UNKNOWN_FLAG),
                    !missing.contains(scalar)
                else { continue }
                missing.append(scalar)
            }
        }
        // In the label's order, whatever order the runs are in (right-to-left runs are stored reversed).
        let order = Array(text.unicodeScalars)
        missing.sort { (order.firstIndex(of: $0) ?? 0) < (order.firstIndex(of: $1) ?? 0) }
        if !missing.isEmpty { charactersNoFontHas[text] = missing }
    }

    /// The family fontconfig actually uses for `font`, which differs from the requested one when that is
    /// not installed.
    ///
    /// When a label measured in `font` was shaped with the requested family, that family is the answer, with no
    /// font loaded: loading one (`pango_font_map_load_font`) cost 1.2 M instructions, a quarter of planning a seed
    /// demo, on the thread every other step waits for. Otherwise the font is loaded and asked.
    package func resolvedFamily(of font: ResolvedFont) -> String? {
        if familiesUsed[font]?.contains(font.family.lowercased()) == true { return font.family }
        return loadedFamily(of: font)
    }

    /// The family of the font Pango loads for `font`, asked of the font map: what `resolvedFamily(of:)` answers
    /// when no label measured says.
    func loadedFamily(of font: ResolvedFont) -> String? {
        guard let description = Self.description(of: font) else { return nil }
        defer { pango_font_description_free(description) }
        guard let loaded = pango_font_map_load_font(fontMap, context, description) else { return nil }
        defer { g_object_unref(loaded) }
        guard let described = pango_font_describe(loaded) else { return nil }
        defer { pango_font_description_free(described) }
        return pango_font_description_get_family(described).map { String(cString: $0) }
    }
}

/// A label and the font it is drawn in: the key of a drawing layout.
private struct DrawnLabel: Hashable {
    let text: String
    let font: ResolvedFont
}

/// A cairo context's transform and surface type: what `pango_cairo_update_context` takes from it.
private struct DrawingTarget: Equatable {
    let matrix: [Double]
    let surfaceType: UInt32
}
