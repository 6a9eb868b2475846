/// Where everything sits on the canvas, in points: the canvas size, each segment's frame, label and icon, the track
/// and the separators.
///
/// Segments follow one another along the picker's axis with `spacing` between them, starting at `padding` (plus the
/// track's padding when there is a track); each is its content (icon and label) plus `segmentPadding` on each side
/// (or, with `equal` distribution, as large as the largest in both dimensions), centred on the cross axis. A label
/// is measured at its own weight and at the selected weight, and the larger sizes the segment, so widths never jump
/// as the selection changes. The canvas is the picker's bounds plus `padding` on every side, not rounded. Right to
/// left mirrors a horizontal picker: the first item is rightmost, and an icon on the leading side sits on the right.
public struct PickerLayout: Equatable, Sendable {
    /// One segment: its item, its frame, and where its label and icon go.
    public struct Segment: Equatable, Sendable {
        /// The item this segment shows.
        public var item: Item
        /// The segment's frame: what the highlight covers when the item is selected.
        public var frame: Rect
        /// Where the label's drawing origin goes so that its logical rectangle is centred in its place.
        public var labelOrigin: Point
        /// Where the label's drawing origin goes when drawn at the selected weight.
        public var selectedLabelOrigin: Point
        /// The label's logical rectangle on the canvas.
        public var labelFrame: Rect
        /// Where the icon or image is drawn; nil for none.
        public var graphicFrame: Rect?
    }

    /// The canvas size in points.
    public var canvas: Size
    /// The segments in item order.
    public var segments: [Segment]
    /// The track's rect, when the style has a track.
    public var track: Rect?
    /// The separators' rects: the one after segment i is `separators[i]`; empty when the style has none.
    public var separators: [Rect]

    /// Lays out `spec`, measuring each label with `measurer`; `graphicSizes` holds each item's icon or image size in
    /// points (nil for none), and `style` is `spec.resolvedStyle` when its caller has it (nil resolves it here).
    package init(spec: PickerSpec, style resolved: ResolvedStyle? = nil, measurer: some TextMeasurer, graphicSizes: [Size?]? = nil) {
        let style = resolved ?? spec.resolvedStyle
        let regular = spec.items.map { measurer.logicalExtents(of: $0.displayedLabel, font: style.font) }
        let selected =
            style.selectedFont == style.font
            ? regular : spec.items.map { measurer.logicalExtents(of: $0.displayedLabel, font: style.selectedFont) }
        self.init(spec: spec, style: style, labelExtents: regular, selectedLabelExtents: selected, graphicSizes: graphicSizes)
    }

    /// Lays out `spec` from already measured label extents (one per item, in order) at the regular and the selected
    /// weight, and icon sizes; `resolved` as in `init(spec:style:measurer:graphicSizes:)`.
    package init(
        spec: PickerSpec, style resolved: ResolvedStyle? = nil, labelExtents: [Rect], selectedLabelExtents: [Rect]? = nil,
        graphicSizes: [Size?]? = nil
    ) {
        let style = resolved ?? spec.resolvedStyle
        let horizontal = style.orientation == .horizontal
        let selectedExtents = selectedLabelExtents ?? labelExtents
        let graphics = graphicSizes ?? Array(repeating: nil, count: spec.items.count)
        // Each segment's content: the label (the larger of its two weights) and the icon beside or above it.
        let contents: [Size] = spec.items.indices.map { index in
            let label = Size(
                width: max(labelExtents[index].width, selectedExtents[index].width),
                height: max(labelExtents[index].height, selectedExtents[index].height))
            guard let graphic = graphics[index] else { return label }
            let gap = spec.items[index].displayedLabel.isEmpty ? 0 : style.icon.spacing
            let labelSize = spec.items[index].displayedLabel.isEmpty ? Size(width: 0, height: 0) : label
            switch style.icon.position {
            case .leading: return Size(width: graphic.width + gap + labelSize.width, height: max(graphic.height, labelSize.height))
            case .top: return Size(width: max(graphic.width, labelSize.width), height: graphic.height + gap + labelSize.height)
            }
        }
        var sizes = contents.map {
            Size(width: $0.width + 2 * style.segmentPadding.horizontal, height: $0.height + 2 * style.segmentPadding.vertical)
        }
        if style.distribution == .equal {
            let largest = Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
            sizes = sizes.map { _ in largest }
        }
        let inset = style.track?.padding ?? Padding(0)
        let origin = Point(x: style.padding + inset.horizontal, y: style.padding + inset.vertical)
        let crossExtent = sizes.map { horizontal ? $0.height : $0.width }.max() ?? 0
        var position = horizontal ? origin.x : origin.y
        var segments: [Segment] = []
        for (index, item) in spec.items.enumerated() {
            let size = sizes[index]
            let across = horizontal ? size.height : size.width
            let frame =
                horizontal
                ? Rect(x: position, y: origin.y + (crossExtent - across) / 2, width: size.width, height: size.height)
                : Rect(x: origin.x + (crossExtent - across) / 2, y: position, width: size.width, height: size.height)
            segments.append(
                Self.segment(
                    item: item, frame: frame, content: contents[index], label: labelExtents[index], selectedLabel: selectedExtents[index],
                    graphic: graphics[index], style: style))
            position += (horizontal ? size.width : size.height) + style.spacing
        }
        let mainExtent = sizes.map { horizontal ? $0.width : $0.height }.reduce(0, +) + style.spacing * Double(max(spec.items.count - 1, 0))
        let picker =
            horizontal
            ? Rect(x: origin.x, y: origin.y, width: mainExtent, height: crossExtent)
            : Rect(x: origin.x, y: origin.y, width: crossExtent, height: mainExtent)
        let trackRect = style.track.map { _ in
            Rect(
                x: picker.x - inset.horizontal, y: picker.y - inset.vertical, width: picker.width + 2 * inset.horizontal,
                height: picker.height + 2 * inset.vertical)
        }
        canvas = Size(
            width: picker.width + 2 * (style.padding + inset.horizontal), height: picker.height + 2 * (style.padding + inset.vertical))
        separators =
            style.separators.map { separator in
                zip(segments, segments.dropFirst()).map { first, second in
                    horizontal
                        ? Rect(
                            x: (first.frame.maxX + second.frame.x) / 2 - separator.width / 2, y: picker.y + separator.inset,
                            width: separator.width, height: max(0, crossExtent - 2 * separator.inset))
                        : Rect(
                            x: picker.x + separator.inset, y: (first.frame.maxY + second.frame.y) / 2 - separator.width / 2,
                            width: max(0, crossExtent - 2 * separator.inset), height: separator.width)
                }
            } ?? []
        track = trackRect
        self.segments = segments
        if horizontal && style.layoutDirection == .rightToLeft { mirror() }
    }

    /// One segment's label and icon placed in `frame`: the content centred, the icon on the leading side (left, as
    /// laid out before any mirroring) or on top, each label weight centred in the label's place.
    static func segment(
        item: Item, frame: Rect, content: Size, label: Rect, selectedLabel: Rect, graphic: Size?, style: ResolvedStyle
    ) -> Segment {
        let hasLabel = !item.displayedLabel.isEmpty
        let labelWidth = max(label.width, selectedLabel.width)
        let labelHeight = max(label.height, selectedLabel.height)
        let contentOrigin = Point(x: frame.x + (frame.width - content.width) / 2, y: frame.y + (frame.height - content.height) / 2)
        var labelBox = Rect(x: contentOrigin.x, y: contentOrigin.y, width: labelWidth, height: labelHeight)
        var graphicFrame: Rect?
        if let graphic {
            let gap = hasLabel ? style.icon.spacing : 0
            switch style.icon.position {
            case .leading:
                graphicFrame = Rect(
                    x: contentOrigin.x, y: contentOrigin.y + (content.height - graphic.height) / 2, width: graphic.width,
                    height: graphic.height)
                labelBox = Rect(
                    x: contentOrigin.x + graphic.width + gap, y: contentOrigin.y + (content.height - labelHeight) / 2, width: labelWidth,
                    height: labelHeight)
            case .top:
                graphicFrame = Rect(
                    x: contentOrigin.x + (content.width - graphic.width) / 2, y: contentOrigin.y, width: graphic.width,
                    height: graphic.height)
                labelBox = Rect(
                    x: contentOrigin.x + (content.width - labelWidth) / 2, y: contentOrigin.y + graphic.height + gap, width: labelWidth,
                    height: labelHeight)
            }
        }
        func centred(_ extents: Rect) -> (origin: Point, frame: Rect) {
            let x = labelBox.x + (labelBox.width - extents.width) / 2
            let y = labelBox.y + (labelBox.height - extents.height) / 2
            return (Point(x: x - extents.x, y: y - extents.y), Rect(x: x, y: y, width: extents.width, height: extents.height))
        }
        let regular = centred(label)
        return Segment(
            item: item, frame: frame, labelOrigin: regular.origin, selectedLabelOrigin: centred(selectedLabel).origin,
            labelFrame: regular.frame, graphicFrame: graphicFrame)
    }

    /// Flips everything left to right across the canvas, as right-to-left mirrors an `HStack`; text keeps its own
    /// direction (only where it sits is mirrored).
    mutating func mirror() {
        let width = canvas.width
        func flip(_ rect: Rect) -> Rect { Rect(x: width - rect.maxX, y: rect.y, width: rect.width, height: rect.height) }
        segments = segments.map { segment in
            var mirrored = segment
            mirrored.frame = flip(segment.frame)
            mirrored.labelFrame = flip(segment.labelFrame)
            let shift = mirrored.labelFrame.x - segment.labelFrame.x
            mirrored.labelOrigin.x += shift
            mirrored.selectedLabelOrigin.x += shift
            mirrored.graphicFrame = segment.graphicFrame.map(flip)
            return mirrored
        }
        track = track.map(flip)
        separators = separators.map(flip)
    }

    /// The frame of the segment of the item whose value is `value`, or nil when there is none.
    package func segmentFrame(of value: ItemValue) -> Rect? {
        segments.first(where: { $0.item.value == value })?.frame
    }

    /// The picture's size in pixels at `scale`: ⌈canvas × scale⌉ on each side.
    package func pixelSize(scale: Double) -> (width: Int, height: Int) {
        (Self.pixels(canvas.width * scale), Self.pixels(canvas.height * scale))
    }

    /// ⌈points⌉ with a little slack, so that 100.0000000001 is 100 pixels and not 101; always at least 1.
    static func pixels(_ value: Double) -> Int {
        guard value.isFinite, value < Double(Int32.max) else { return Int(Int32.max) }
        return max(1, Int((value - 1e-9).rounded(.up)))
    }
}
