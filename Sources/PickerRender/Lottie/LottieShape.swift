import PickerKit

/// The shapes, fills and layers of a Lottie document (bodymovin 5.x), as lottie-web, lottie-ios, lottie-android
/// and rlottie read them.
enum LottieShape {
    /// A group of `items` with the identity transform Lottie players expect as a group's last item.
    static func group(_ name: String, _ items: [LottieValue]) -> LottieValue {
        .object([("ty", .string("gr")), ("nm", .string(name)), ("it", .array(items + [identityTransform]))])
    }

    /// A rectangle: `position` is its centre, `size` its width and height, `roundness` its corner radius.
    static func rect(position: LottieValue, size: LottieValue, roundness: LottieValue) -> LottieValue {
        .object([("ty", .string("rc")), ("d", .number(1, digits: 0)), ("p", position), ("s", size), ("r", roundness)])
    }

    /// A fixed rectangle from `rect`, corners of `radius`.
    static func rect(_ rect: Rect, radius: Double) -> LottieValue {
        self.rect(
            position: LottieProperty.fixed([rect.x + rect.width / 2, rect.y + rect.height / 2]),
            size: LottieProperty.fixed([rect.width, rect.height]), roundness: LottieProperty.fixed([radius], scalar: true))
    }

    /// An ellipse centred at `center`, `size` wide and high.
    static func ellipse(center: Point, size: Double) -> LottieValue {
        .object([
            ("ty", .string("el")), ("d", .number(1, digits: 0)), ("p", LottieProperty.fixed([center.x, center.y])),
            ("s", LottieProperty.fixed([size, size])),
        ])
    }

    /// A fill of `color`'s red, green and blue, its opacity (0–100) `opacity` or else the colour's alpha; nonzero
    /// winding, as cairo fills.
    static func fill(_ color: RGBAColor, opacity: LottieValue? = nil) -> LottieValue {
        .object([
            ("ty", .string("fl")), ("c", LottieProperty.fixed([color.red, color.green, color.blue, 1])),
            ("o", opacity ?? LottieProperty.fixed([color.alpha * 100], scalar: true)), ("r", .number(1, digits: 0)),
        ])
    }

    /// One closed or open path: vertices, and the in and out tangents relative to each vertex.
    static func path(_ contour: OutlineContour) -> LottieValue {
        let shape = LottieValue.object([
            ("c", .bool(contour.closed)),
            ("v", .array(contour.vertices.map { .numbers([$0.x, $0.y], digits: 2) })),
            ("i", .array(contour.inTangents.map { .numbers([$0.x, $0.y], digits: 2) })),
            ("o", .array(contour.outTangents.map { .numbers([$0.x, $0.y], digits: 2) })),
        ])
        return .object([("ty", .string("sh")), ("ks", .object([("a", .number(0, digits: 0)), ("k", shape)]))])
    }

    /// The identity transform of a group.
    static let identityTransform = LottieValue.object([
        ("ty", .string("tr")), ("p", LottieProperty.fixed([0, 0])), ("a", LottieProperty.fixed([0, 0])),
        ("s", LottieProperty.fixed([100, 100])), ("r", LottieProperty.fixed([0], scalar: true)),
        ("o", LottieProperty.fixed([100], scalar: true)),
    ])
}
