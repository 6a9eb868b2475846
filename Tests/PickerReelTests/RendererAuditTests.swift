import PickerReel
import Testing

/// `Renderer.audit()` in the library: every frame measured, the seed demo's worst moments as the tool reports them
/// (`AuditFigureTests` checks those figures against the pixels), and WCAG's definitions at their known values.
@Suite("Renderer.audit()")
struct RendererAuditTests {
    @Test("The seed demo: a measurement list per frame, its highlight 1.51:1 (below 1.4.11), Day 2.62:1 under it")
    func seedDemo() throws {
        let renderer = try Renderer(.seedDemo)
        let audit = try renderer.audit(name: "seed-demo")
        #expect(audit.frameCount == renderer.frameCount && audit.frames.count == renderer.frameCount)
        #expect(audit.frames.allSatisfy { frame in frame.contains { $0.subject == .highlight } })
        let highlight = try #require(audit.worst(under: .nonTextContrast))
        #expect(abs(highlight.ratio - 1.51) < 0.01 && !highlight.passes && highlight.frame == 0)
        let text = try #require(audit.worst(under: .contrastMinimum))
        #expect(text.item == "Day" && abs(text.ratio - 2.62) < 0.01 && text.required == 4.5)
        #expect(ContrastAuditReport(audits: [audit], required: []).fails == false)
        #expect(ContrastAuditReport(audits: [audit], required: [.nonTextContrast]).fails)
    }

    @Test("WCAG 2.2's definitions: black on white 21:1, equal colours 1:1, large-scale text from 24 pt or 18.67 pt bold")
    func definitions() {
        // https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio and #dfn-large-scale.
        #expect(WCAGContrast.ratio(WCAGContrast.relativeLuminance(0, 0, 0), WCAGContrast.relativeLuminance(255, 255, 255)) == 21)
        #expect(WCAGContrast.ratio(0.3, 0.3) == 1)
        #expect(WCAGContrast.isLargeText(size: 24, weight: 400) && !WCAGContrast.isLargeText(size: 23.9, weight: 400))
        #expect(WCAGContrast.isLargeText(size: 18.7, weight: 700) && !WCAGContrast.isLargeText(size: 18.7, weight: 600))
        #expect(AccessibilityCriterion.parse(list: "1.4.3, 1.4.11") == .success([.contrastMinimum, .nonTextContrast]))
        #expect(AccessibilityCriterion.parse(list: "1.4.6") == .failure(.init(entry: "1.4.6")))
    }
}
