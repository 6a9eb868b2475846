import FoundationEssentials
import PickerKit

/// The layers and image assets of a Lottie document, collected bottom first (as the frames are painted) and
/// written top first (as Lottie lists them).
struct LottieLayers {
    /// Frames of the whole animation (the layers' out point).
    let frameCount: Int
    /// Pixels per point: every shape layer is scaled by it, so its shapes are in the spec's points.
    let scale: Double
    private(set) var layers: [[(String, LottieValue)]] = []
    private(set) var assets: [LottieValue] = []

    init(frameCount: Int, scale: Double) {
        self.frameCount = frameCount
        self.scale = scale
    }

    /// How a layer is shown through the next one added (its matte).
    enum Matte: Int {
        /// Only where the matte is.
        case alpha = 1
        /// Only where the matte is not.
        case invertedAlpha = 2
    }

    /// A shape layer of `shapes` (the first drawn on top), at `opacity` (0–100, fixed at 100 when nil), over what
    /// was added before; shown through the next layer added when `matte` is set; the matte of the layer added just
    /// before when `isMatte`.
    mutating func addShapes(
        _ name: String, _ shapes: [LottieValue], opacity: LottieValue? = nil, matte: Matte? = nil, isMatte: Bool = false
    ) {
        var layer = header(name, type: 4, opacity: opacity, position: [0, 0], scale: 100 * scale)
        if let matte { layer.append(("tt", .number(Double(matte.rawValue), digits: 0))) }
        if isMatte { layer.append(("td", .number(1, digits: 0))) }
        layer.append(("shapes", .array(shapes)))
        layers.append(layer + footer)
    }

    /// An image layer showing `png` (embedded as a data URL), `width` × `height` pixels with its top-left pixel at
    /// (`x`, `y`) in the canvas's pixels, at `opacity` (0–100); `isMatte` makes it the alpha matte of the layer added just before it.
    mutating func addImage(
        _ name: String, png: [UInt8], width: Int, height: Int, x: Double, y: Double, opacity: LottieValue? = nil, isMatte: Bool = false
    ) {
        let id = "image\(assets.count)"
        assets.append(
            .object([
                ("id", .string(id)), ("w", .number(Double(width), digits: 0)), ("h", .number(Double(height), digits: 0)),
                ("u", .string("")), ("p", .string("data:image/png;base64," + Data(png).base64EncodedString())),
                ("e", .number(1, digits: 0)),
            ]))
        var layer = header(name, type: 2, opacity: opacity, position: [x, y], scale: 100)
        if isMatte { layer.append(("td", .number(1, digits: 0))) }
        layer.append(("refId", .string(id)))
        layers.append(layer + footer)
    }

    /// The layers, top first, numbered from 1.
    var written: [LottieValue] {
        layers.reversed().enumerated().map { index, layer in
            var members = layer
            members.insert(("ind", .number(Double(index + 1), digits: 0)), at: 1)
            return .object(members)
        }
    }

    private func header(_ name: String, type: Int, opacity: LottieValue?, position: [Double], scale: Double) -> [(String, LottieValue)] {
        [
            ("ddd", .number(0, digits: 0)), ("ty", .number(Double(type), digits: 0)), ("nm", .string(name)),
            ("sr", .number(1, digits: 0)),
            (
                "ks",
                .object([
                    ("o", opacity ?? LottieProperty.fixed([100], scalar: true)), ("r", LottieProperty.fixed([0], scalar: true)),
                    ("p", LottieProperty.fixed(position + [0])), ("a", LottieProperty.fixed([0, 0, 0])),
                    ("s", LottieProperty.fixed([scale, scale, 100])),
                ])
            ),
            ("ao", .number(0, digits: 0)),
        ]
    }

    private var footer: [(String, LottieValue)] {
        [
            ("ip", .number(0, digits: 0)), ("op", .number(Double(frameCount), digits: 0)), ("st", .number(0, digits: 0)),
            ("bm", .number(0, digits: 0)),
        ]
    }
}
