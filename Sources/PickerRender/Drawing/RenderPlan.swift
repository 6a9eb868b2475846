import FoundationEssentials
import PickerKit

/// What a spec comes to before anything is drawn: its style resolved, its labels measured with Pango, its
/// layout, its timeline, its picture size, and any warnings, with every limit checked.
///
/// `layout`, `timeline` and `validate` need only this, so they allocate no picture; a `FrameDrawer` draws from it.
package struct RenderPlan: Sendable {
    /// The spec, validated.
    package let spec: PickerSpec
    /// The spec's file, for messages; nil for a spec built in code.
    package let file: String?
    /// The style with every default filled in.
    package let style: ResolvedStyle
    /// Where the segments are, in points.
    package let layout: PickerLayout
    /// Where the highlight is at each moment.
    package let timeline: Timeline
    /// The picture's width in pixels.
    package let pixelWidth: Int
    /// The picture's height in pixels.
    package let pixelHeight: Int
    /// Things the user should know that do not stop the render, such as a font family that is not installed.
    package let warnings: [String]
    /// The font file labels are drawn with (`style.font.file`), nil for the installed fonts: every `PangoText`
    /// that draws this plan is made with it.
    package let fontFile: FontFile?
    /// What the frames are drawn with beyond the spec: the libraries' versions and the font files the labels were
    /// shaped with (by the spec's name for its `style.font.file`), as the render manifest records them.
    package let environment: RenderEnvironment
    /// Each item's icon or image, read and checked; nil for an item with neither.
    package let graphics: [GraphicFile?]
    /// The icons and images drawn at the size they are drawn, once a render, shared by its drawers: SVGs already
    /// drawn (at the PNG frames' scale and the SVG frames'), PNGs decoded on first use.
    package let pictures: GraphicPictures

    /// Validates and plans `spec`, measuring its labels with `text`, the Pango objects that will also draw them; its
    /// icons and images are read from inside `root` (`FileScope`: by default the repository that holds `file`).
    ///
    /// Throws `SpecError` for a spec that is not valid or whose canvas or frame count exceed `SpecLimits`, or whose
    /// icon or image is outside the root or cannot be used.
    package init(spec given: PickerSpec, file: String?, root: String? = nil, measuringWith text: PangoText) throws(SpecError) {
        try given.validate(file: file)
        try self.init(validated: given, file: file, root: root, measuringWith: text)
    }

    /// Plans `spec`, which its caller has validated once (`Renderer.Plan`), as `init(spec:file:root:measuringWith:)`
    /// does: its style resolved once, here, for the layout and the timeline too.
    ///
    /// Throws `SpecError` for a canvas or frame count over `SpecLimits`, or an icon or image outside the root or
    /// that cannot be used.
    package init(validated given: PickerSpec, file: String?, root: String? = nil, measuringWith text: PangoText) throws(SpecError) {
        var spec = given
        if spec.style.font.file != nil {
            // The text must be `RenderPlan.text(for:file:root:)`'s, on a font map of that file alone.
            guard let fontFile = text.fontFile else {
                throw SpecError(
                    file: file, path: JSONPath.root.appending("style").appending("font").appending("file"),
                    problem: .unusableFile(path: spec.style.font.file ?? "", reason: "the labels were measured without it"))
            }
            // The file's own family: the only one its font map knows.
            spec.style.font.family = fontFile.family
        }
        fontFile = text.fontFile
        self.spec = spec
        self.file = file
        style = spec.resolvedStyle
        // Made at the first icon or image: a spec without one looks for no repository.
        var madeScope: FileScope?
        func scope() -> FileScope {
            let scope = madeScope ?? FileScope(specFile: file, root: root)
            madeScope = scope
            return scope
        }
        var graphics: [GraphicFile?] = []
        for (index, item) in spec.items.enumerated() {
            let field = JSONPath.root.appending("items").appending(index: index)
            if let icon = item.icon {
                graphics.append(try GraphicFile.load(icon, in: scope(), template: true, file: file, field: field.appending("icon")))
            } else if let image = item.image {
                graphics.append(
                    try GraphicFile.load(image, in: scope(), template: false, file: file, field: field.appending("image")))
            } else {
                graphics.append(nil)
            }
        }
        self.graphics = graphics
        var imagePixels = 0
        for (index, graphic) in graphics.enumerated() where graphic?.kind == .png {
            imagePixels += graphic?.pixelCount ?? 0
            guard imagePixels > SpecLimits.maximumImagePixels else { continue }
            throw SpecError(
                file: file, path: Self.field(of: spec.items[index], at: index),
                problem: .unusableFile(
                    path: spec.items[index].image ?? "",
                    reason:
                        "the images up to this one have \(imagePixels) pixels to decode; a spec's images may have at most \(SpecLimits.maximumImagePixels) in all"
                ))
        }
        let iconHeight = style.icon.size
        let sizes = graphics.map { graphic in graphic.map { Size(width: iconHeight * $0.aspectRatio, height: iconHeight) } }
        layout = PickerLayout(spec: spec, style: style, measurer: text, graphicSizes: sizes)
        timeline = Timeline(spec: spec, style: style, layout: layout)
        try RenderLimits.check(spec: spec, layout: layout, timeline: timeline, file: file)
        (pixelWidth, pixelHeight) = layout.pixelSize(scale: spec.output.scale)
        let fields = spec.items.enumerated().map { Self.field(of: $0.element, at: $0.offset) }
        pictures = GraphicPictures(files: graphics, frames: layout.segments.map(\.graphicFrame), fields: fields.map(\.description))
        // Every SVG is drawn here, as the frames will draw it, so that one librsvg cannot draw is refused by
        // `validate` too, naming its field.
        for scale in Set([spec.output.scale, Self.svgFrameScale(spec.output.scale)]).sorted() {
            for (index, graphic) in graphics.enumerated() where graphic?.kind == .svg {
                do {
                    _ = try pictures.picture(at: index, scale: scale)
                } catch {
                    throw SpecError(
                        file: file, path: fields[index],
                        problem: .unusableFile(
                            path: spec.items[index].icon ?? spec.items[index].image ?? "", reason: "it cannot be drawn: \(error)"))
                }
            }
        }
        var warnings: [String] = []
        if let used = text.resolvedFamily(of: style.font), used.lowercased() != style.font.family.lowercased() {
            warnings.append("the font family \"\(style.font.family)\" is not installed; using \"\(used)\" instead")
        }
        for (index, item) in spec.items.enumerated() {
            let label = item.displayedLabel
            guard let missing = text.charactersNoFontHas[label] else { continue }
            let shown = missing.prefix(8).map { scalar in
                let code = String(scalar.value, radix: 16, uppercase: true)
                return "U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code)"
            }
            warnings.append(
                "\(JSONPath.root.appending("items").appending(index: index)) \"\(label)\" has characters no installed font has (\(shown.joined(separator: ", "))\(missing.count > 8 ? ", …" : "")); they are drawn as boxes: install a font that has them"
            )
        }
        self.warnings = warnings
        if let fontFile, let name = spec.style.font.file?.split(separator: "/").last {
            environment = RenderEnvironment(fonts: [String(name): fontFile.sha256])
        } else {
            environment = RenderEnvironment(fonts: RenderEnvironment.fonts(at: text.fontFilesUsed))
        }
    }

    /// The bytes one drawer's copies of the icons and images take (`LoadedGraphic`), at the PNG frames' scale and
    /// the SVG frames'; the render's shared pictures take as much again.
    package var pictureBytes: Int {
        let scales = Set([spec.output.scale, Self.svgFrameScale(spec.output.scale)])
        var bytes = 0
        for (index, segment) in layout.segments.enumerated() where graphics[index] != nil {
            guard let frame = segment.graphicFrame else { continue }
            for scale in scales { bytes += Int(((frame.width * scale + 2) * (frame.height * scale + 2) * 4).rounded(.up)) }
        }
        return bytes
    }

    /// The bytes decoding the largest PNG image takes while it is scaled to the size drawn (its pixels at 4 bytes).
    package var decodeBytes: Int {
        graphics.reduce(0) { max($0, ($1?.pixelCount ?? 0) * 4) }
    }

    /// Throws `SpecError` naming `items[N].image` when decoding that image alone would take more than `bytes` (the
    /// memory budget, `--memory`): it is refused as too large before any of it is decoded.
    package func checkDecoding(within bytes: Int, budget: String) throws(SpecError) {
        for (index, graphic) in graphics.enumerated() {
            guard let graphic, graphic.kind == .png, graphic.pixelCount * 4 > bytes else { continue }
            throw SpecError(
                file: file, path: Self.field(of: spec.items[index], at: index),
                problem: .unusableFile(
                    path: spec.items[index].image ?? "",
                    reason:
                        "it is too large: decoding its \(graphic.pixelCount) pixels takes \(graphic.pixelCount * 4) bytes, more than the memory budget (\(budget); --memory)"
                ))
        }
    }

    /// The Pango objects to measure and draw `spec`, which its caller has validated, with: on the installed fonts, or
    /// on a font map of `style.font.file` alone, read from inside `root` (`FileScope`, as icons are).
    ///
    /// Throws `SpecError` for a font file outside the root, missing, unreadable or not a font, and `RenderError` when
    /// Pango cannot be set up.
    package static func text(for spec: PickerSpec, file: String?, root: String? = nil) throws -> PangoText {
        guard let path = spec.style.font.file else { return try PangoText() }
        let field = JSONPath.root.appending("style").appending("font").appending("file")
        let font = try FontFile.load(path, in: FileScope(specFile: file, root: root), file: file, field: field)
        return try PangoText(fontFile: font)
    }

    /// Pixels a point of the pictures SVG frames embed (shadow masks, icons and images): at least 2, so they stay
    /// sharp on a retina screen.
    package static func svgFrameScale(_ scale: Double) -> Double { max(2, scale) }

    /// `items[N].icon` or `items[N].image`, the field that names `item`'s graphic.
    static func field(of item: Item, at index: Int) -> JSONPath {
        JSONPath.root.appending("items").appending(index: index).appending(item.icon != nil ? "icon" : "image")
    }
}
