import PickerKit
import PickerRender

/// What a GIF's translucent pixels are blended over, since a GIF pixel is either opaque or transparent.
public enum GIFMatte: Hashable, Sendable {
    /// White when the background is not opaque (so a translucent highlight stays visible), otherwise no matte.
    case automatic
    /// No matte: pixels under half opacity become transparent, the rest opaque.
    case noMatte
    /// Blend translucent pixels over this colour, which must be opaque (the page the GIF will sit on).
    case color(PickerColor)

    /// The matte colour for a picture on `background`, or nil for none.
    ///
    /// Throws `RenderError.invalidOption` for a colour that is malformed or not opaque.
    func color(over background: RGBAColor) throws(RenderError) -> RGBAColor? {
        switch self {
        case .automatic: return background.alpha < 1 ? RGBAColor(hex: 0xFFFFFF) : nil
        case .noMatte: return nil
        case .color(let color):
            guard color.isOpaque, let resolved = color.resolved(in: .light) else {
                throw RenderError.invalidOption(WriteOptionRules.gifMatte("\(color)"))
            }
            return resolved
        }
    }
}
