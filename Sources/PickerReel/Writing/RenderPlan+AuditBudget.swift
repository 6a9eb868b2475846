import PickerKit
import PickerRender

extension RenderPlan {
    /// The bytes measuring contrast on this plan holds (`Renderer.audit`): its two drawers (with and without the
    /// labels, each `MemoryBudget.drawerBytes` and the pictures), the canvas-sized surface the glyph masks are drawn
    /// on (4 bytes a pixel), and the masks themselves, at most every pixel of each label's and icon's frame in both
    /// looks (9 bytes a pixel each: its place and coverage), however wide a segment's box around them.
    package var auditBytes: Int {
        let pixels = pixelWidth * pixelHeight
        let scale = spec.output.scale
        let inkable = layout.segments.reduce(0.0) { total, segment in
            total + segment.labelFrame.width * segment.labelFrame.height
                + (segment.graphicFrame.map { $0.width * $0.height } ?? 0)
        }
        let maskPixels = min(Double(pixels), inkable * scale * scale)
        return 2 * (MemoryBudget.drawerBytes(pixels: pixels) + pictureBytes) + pixels * 4 + Int(maskPixels) * 9 * 2
    }

    /// Throws a `SpecError` naming `output.scale` when measuring contrast (`auditBytes`) would take more than
    /// `budget`, so that an audit is refused with its size and the budget before anything is drawn, never run over it.
    package func checkAudit(within budget: MemoryBudget) throws(SpecError) {
        let need = auditBytes
        guard need > budget.bytes else { return }
        throw SpecError(
            file: file, path: JSONPath.root.appending("output").appending("scale"),
            problem: .limitExceeded(
                "measuring contrast on frames of \(pixelWidth) × \(pixelHeight) px takes about \(MemoryBudget.amount(need)) (two drawers and the glyph masks), more than the memory budget (\(budget); --memory); give a larger --memory or lower output.scale"
            ))
    }
}
