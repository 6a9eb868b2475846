import PickerKit
import PickerRender

extension Renderer {
    /// Measures WCAG 2.2 contrast on every frame: each label against the colours beneath its glyphs (1.4.3: 4.5:1,
    /// 3:1 for large-scale text), the highlight against what surrounds it and template icons against what is beneath
    /// them (1.4.11: 3:1), from the pixels the PNG frames hold (`FrameAuditor` says how).
    ///
    /// `name` names the audit in reports (the spec-variant's output folder, such as `period-dark`), `file` the spec.
    /// A frame whose state equals the one before is that frame's measurements again, as it is that picture.
    ///
    /// Throws `RenderError` when cairo or Pango cannot be set up or drawing fails.
    public func audit(name: String = "spec", file: String? = nil) throws(RenderError) -> ContrastAudit {
        let auditor = try FrameAuditor(plan: plan)
        let timeline = plan.timeline
        var frames: [[ContrastMeasurement]] = []
        var last: (state: FrameState, measured: [ContrastMeasurement])?
        for index in 0..<timeline.frameCount {
            let state = timeline.state(forFrame: index)
            let time = Double(index) / timeline.fps
            if let last, last.state == state {
                frames.append(
                    last.measured.map { ContrastMeasurement(subject: $0.subject, ratio: $0.ratio, frame: index, time: time, item: $0.item) }
                )
                continue
            }
            let measured = try auditor.measure(state, frame: index, time: time)
            last = (state, measured)
            frames.append(measured)
        }
        return ContrastAudit(name: name, file: file, fps: timeline.fps, frames: frames)
    }
}
