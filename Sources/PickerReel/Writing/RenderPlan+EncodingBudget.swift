import PickerKit
import PickerRender

extension RenderPlan {
    /// Throws a `SpecError` naming `output.scale` when drawing one frame would take more than `budget` (whatever the
    /// format), or when one of the animation files among `formats` would: its drawer and its encoder together (`MemoryBudget.drawerBytes`, `encoderBytes`), so
    /// that an encoder is refused with the size and the budget before anything is drawn, never runs out of memory.
    package func checkEncoding(_ formats: [OutputFormat], within budget: MemoryBudget) throws(SpecError) {
        PlanningTally.checkedEncoding()
        let pixels = pixelWidth * pixelHeight
        let drawer = MemoryBudget.drawerBytes(pixels: pixels) + pictureBytes
        let frames = timeline.frameCount
        for format in formats {
            let encoder = MemoryBudget.encoderBytes(format, pixels: pixels, frames: frames, sheetPixels: contactSheetPixels, within: budget)
            guard encoder > 0, drawer + encoder > budget.bytes else { continue }
            throw SpecError(
                file: file, path: JSONPath.root.appending("output").appending("scale"),
                problem: .limitExceeded(
                    "the \(format.rawValue) of \(frames) frames of \(pixelWidth) × \(pixelHeight) px takes about \(MemoryBudget.amount(drawer + encoder)) to encode, more than the memory budget (\(budget); --memory); give a larger --memory, lower output.scale, or leave out \(format.rawValue)"
                ))
        }
        // Every format draws with a drawer of the canvas's size (the vector ones too: shadows and glyph outlines), so
        // one that alone exceeds the budget is refused whatever the format (an animation's encoder, counted with its
        // drawer above, is named first), never run over it.
        guard drawer <= budget.bytes else {
            throw SpecError(
                file: file, path: JSONPath.root.appending("output").appending("scale"),
                problem: .limitExceeded(
                    "drawing a frame of \(pixelWidth) × \(pixelHeight) px takes about \(MemoryBudget.amount(drawer)), more than the memory budget (\(budget); --memory); give a larger --memory or lower output.scale"
                ))
        }
    }
}
