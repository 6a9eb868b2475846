/// Where everything sits on the canvas, in points: the canvas size and each segment's frame and label.
///
/// Segments follow one another along the picker's axis with `spacing` between them, starting at `padding`;
/// each is its label's logical extents plus `segmentPadding` on each side (or, with `equal` distribution, as
/// large as the largest in both dimensions), centred on the cross axis. The canvas is the picker's bounds plus
/// `padding` on every side, not rounded.
public struct PickerLayout: Equatable, Sendable {
    /// One segment: its item, its frame, and where its label's logical rectangle goes.
    public struct Segment: Equatable, Sendable {
        /// The item this segment shows.
        public var item: Item
        /// The segment's frame: what the highlight covers when the item is selected.
        public var frame: Rect
        /// Where the label's drawing origin goes so that its logical rectangle is centred in `frame`.
        public var labelOrigin: (x: Double, y: Double)
        /// The label's logical rectangle on the canvas.
        public var labelFrame: Rect

        public static func == (lhs: Segment, rhs: Segment) -> Bool {
            lhs.item == rhs.item && lhs.frame == rhs.frame && lhs.labelOrigin == rhs.labelOrigin
                && lhs.labelFrame == rhs.labelFrame
        }
    }

    /// The canvas size in points.
    public var canvas: Size
    /// The segments in item order.
    public var segments: [Segment]

    /// Lays out `spec`, measuring each label with `measurer`.
    package init(spec: PickerSpec, measurer: some TextMeasurer) {
        let font = spec.resolvedStyle.font
        let extents = spec.items.map { measurer.logicalExtents(of: $0.displayedLabel, font: font) }
        self.init(spec: spec, labelExtents: extents)
    }

    /// Lays out `spec` from already measured label extents (one per item, in order).
    package init(spec: PickerSpec, labelExtents: [Rect]) {
        let style = spec.resolvedStyle
        let horizontal = style.orientation == .horizontal
        var sizes = labelExtents.map {
            Size(
                width: $0.width + 2 * style.segmentPadding.horizontal,
                height: $0.height + 2 * style.segmentPadding.vertical)
        }
        if style.distribution == .equal {
            let largest = Size(
                width: sizes.map(\.width).max() ?? 0,
                height: sizes.map(\.height).max() ?? 0)
            sizes = sizes.map { _ in largest }
        }
        let crossExtent = sizes.map { horizontal ? $0.height : $0.width }.max() ?? 0
        var position = style.padding
        var segments: [Segment] = []
        for (index, item) in spec.items.enumerated() {
            let size = sizes[index]
            let along = horizontal ? size.width : size.height
            let across = horizontal ? size.height : size.width
            let crossOrigin = style.padding + (crossExtent - across) / 2
            let frame =
                horizontal
                ? Rect(x: position, y: crossOrigin, width: size.width, height: size.height)
                : Rect(x: crossOrigin, y: position, width: size.width, height: size.height)
            let label = labelExtents[index]
            let labelX = frame.x + (frame.width - label.width) / 2
            let labelY = frame.y + (frame.height - label.height) / 2
            segments.append(
                Segment(
                    item: item, frame: frame,
                    labelOrigin: (labelX - label.x, labelY - label.y),
                    labelFrame: Rect(x: labelX, y: labelY, width: label.width, height: label.height)))
            position += along + style.spacing
        }
        let mainExtent =
            (sizes.map { horizontal ? $0.width : $0.height }.reduce(0, +))
            + style.spacing * Double(max(spec.items.count - 1, 0))
        canvas =
            horizontal
            ? Size(width: mainExtent + 2 * style.padding, height: crossExtent + 2 * style.padding)
            : Size(width: crossExtent + 2 * style.padding, height: mainExtent + 2 * style.padding)
        self.segments = segments
    }

    /// The frame of the segment of the item whose value is `value`, or nil when there is none.
    public func segmentFrame(of value: ItemValue) -> Rect? {
        segments.first(where: { $0.item.value == value })?.frame
    }

    /// The picture's size in pixels at `scale`: ⌈canvas × scale⌉ on each side.
    public func pixelSize(scale: Double) -> (width: Int, height: Int) {
        (Self.pixels(canvas.width * scale), Self.pixels(canvas.height * scale))
    }

    /// ⌈points⌉ with a little slack, so that 100.0000000001 is 100 pixels and not 101; always at least 1.
    static func pixels(_ value: Double) -> Int {
        guard value.isFinite, value < Double(Int32.max) else { return Int(Int32.max) }
        return max(1, Int((value - 1e-9).rounded(.up)))
    }
}
