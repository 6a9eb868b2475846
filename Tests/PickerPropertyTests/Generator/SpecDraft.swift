import PickerReel

/// A spec being put together by the generator: selections name items by index, so features that replace the
/// items keep the sequence meaningful, and springs drop the durations they may not have.
struct SpecDraft {
    /// A change of selection; `target` is an index into the items (taken modulo their count), nil deselects.
    struct Step {
        var target: Int?
        var after: Double
        var curve: AnimationCurve? = nil
        var duration: Double? = nil
    }

    /// What the budget may not change, because the case is about it.
    enum Knob: Hashable {
        case fps, scale, time
    }

    var items: [Item] = ["Day", "Week", "Month"]
    var initial: Int? = 0
    var steps: [Step] = [Step(target: 1, after: 0.1), Step(target: 2, after: 0.25)]
    var tail = 0.1
    var style = PickerStyle()
    var animation = AnimationSettings(duration: 0.2)
    var output = OutputSettings(fps: 12, scale: 1)
    var pinned: Set<Knob> = []

    /// The spec: valid by construction, or throwing `SpecError` if a feature went beyond a per-field limit.
    func spec() throws(SpecError) -> PickerSpec {
        func value(_ index: Int) -> ItemValue { items[((index % items.count) + items.count) % items.count].value }
        var animation = animation
        if animation.curve?.isSpring == true { animation.duration = nil }
        let changes = steps.map { step -> SelectionChange in
            let spring = (step.curve ?? animation.curve)?.isSpring == true
            return SelectionChange(
                selection: step.target.map(value), after: step.after, curve: step.curve, duration: spring ? nil : step.duration)
        }
        return try PickerSpec(
            items: items, initial: initial.map(value), changes: changes, tail: tail, style: style, animation: animation, output: output)
    }

    /// Every `after`, `duration` and `tail` multiplied by `factor`.
    mutating func scaleTimes(by factor: Double) {
        tail *= factor
        animation.duration = animation.duration.map { $0 * factor }
        for index in steps.indices {
            steps[index].after *= factor
            steps[index].duration = steps[index].duration.map { $0 * factor }
        }
    }

    /// The most pixels drawn in one case (frames × pixels a frame, plus the sheet's at one pixel a point), so the
    /// whole property test stays well under a minute in a debug build.
    static let pixelBudget = 1_500_000.0

    /// The draft with its unpinned frame rate, scale and times lowered until a render is within the limits and
    /// costs at most `pixelBudget`; a draft whose pinned knobs alone exceed them is left as it is.
    func fittedToBudget() -> SpecDraft {
        var draft = self
        for _ in 0..<8 {
            // Measured as a renderer does, but without its limit check, to see by how much a draft exceeds them.
            guard let spec = try? draft.spec(), let text = try? PangoText() else { return draft }
            let layout = PickerLayout(spec: spec, measurer: text)
            let timeline = Timeline(spec: spec, layout: layout)
            let frames = timeline.exactFrameCount
            let (width, height) = layout.pixelSize(scale: spec.output.scale)
            let pixels = Double(width) * Double(height)
            let sheet = layout.canvas.width * layout.canvas.height * min(frames, 240)
            let cost = frames * pixels + sheet
            let side = Double(SpecLimits.maximumPixelsPerSide)
            // How far each knob must come down: for the budget, and for the limits.
            let fpsFactor = min(Self.pixelBudget / cost, Double(SpecLimits.maximumFrames) / frames)
            let scaleFactor = min(
                (Self.pixelBudget / cost).squareRoot(), side / Double(max(width, height)),
                (Double(SpecLimits.maximumPixelsPerFrame) / pixels).squareRoot())
            guard fpsFactor < 1 || scaleFactor < 1 else { return draft }
            if !draft.pinned.contains(.fps), draft.output.fps > SpecLimits.fps.lowerBound, fpsFactor < 1 {
                draft.output.fps = max(SpecLimits.fps.lowerBound, (draft.output.fps * fpsFactor).rounded(.down))
            } else if !draft.pinned.contains(.scale), draft.output.scale > SpecLimits.scale.lowerBound {
                draft.output.scale = max(SpecLimits.scale.lowerBound, draft.output.scale * scaleFactor * 0.99)
            } else if !draft.pinned.contains(.time), frames > 2 {
                draft.scaleTimes(by: fpsFactor)
            } else {
                return draft
            }
        }
        return draft
    }
}
