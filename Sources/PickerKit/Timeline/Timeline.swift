/// The highlight at every moment of the animation, and how that animation is cut into frames.
///
/// Change i starts at the previous change's start plus its `after`. The highlight animates two values, its rect
/// and a fade (1 shown, 0 hidden), with `AnimatedValue`'s rules. Selecting null fades out where the highlight
/// is; selecting an item while nothing is visible puts the rect on its target at once and fades in there.
/// The animation lasts until every motion has settled, plus the spec's `tail`.
public struct Timeline: Equatable, Sendable {
    /// Frames per second.
    public let fps: Double
    /// The moment from which nothing moves any more.
    public let settleTime: Double
    /// The whole animation's length: `settleTime` + tail.
    public let duration: Double
    /// The highlight's style values that do not animate.
    let style: ResolvedHighlight
    /// The rect, or nil while no item has ever been selected.
    let rect: AnimatedValue?
    /// The fade: one component, 1 shown, 0 hidden.
    let fade: AnimatedValue
    /// Each segment's frame, for how selected each label looks.
    let segmentFrames: [Rect]
    /// True when labels or separators follow the highlight (so frames need `FrameState.selection`).
    let tracksSelection: Bool
    /// When each touch starts and where, when the spec shows touches.
    let touchEvents: [TouchEvent]
    /// The touches' diameter.
    let touchDiameter: Double

    /// Builds the timeline of `spec` on `layout`; `given` is `spec.resolvedStyle` when its caller has it (nil
    /// resolves it here).
    ///
    /// Every selected item is in the layout when the spec came from `PickerSpec.decode`; an item that is not
    /// is treated as selecting nothing.
    package init(spec: PickerSpec, style given: ResolvedStyle? = nil, layout: PickerLayout) {
        fps = spec.output.fps
        let resolved = given ?? spec.resolvedStyle
        style = resolved.highlight
        segmentFrames = layout.segments.map(\.frame)
        tracksSelection = resolved.selectedLabelDiffers || resolved.separators != nil
        touchDiameter = resolved.touches?.diameter ?? 0
        var touchEvents: [TouchEvent] = []
        var rect = spec.initialSelection.flatMap(layout.segmentFrame(of:)).map { AnimatedValue(initial: AnimationVector($0)) }
        var fade = AnimatedValue(initial: AnimationVector([rect == nil ? 0 : 1]))
        var time = 0.0
        // Reduce Motion on: the change moves as the spec says its picker moves then (SwiftUI leaves it to the app).
        let reduced = spec.style.reduceMotion == true ? spec.animation.reducedMotion ?? .slide : .slide
        for change in spec.changes {
            time += change.after
            let animation = spec.resolvedAnimation(of: change)
            if resolved.touches != nil, let item = change.selection, let frame = layout.segmentFrame(of: item) {
                touchEvents.append(TouchEvent(time: time, center: frame.center))
            }
            if let item = change.selection, let frame = layout.segmentFrame(of: item) {
                let target = AnimationVector(frame)
                let visible = (fade.value(at: time).components.first ?? 0) > 0
                if var moving = rect, visible, reduced == .crossfade {
                    // Out where it is, then in at the new segment: half the duration each, never moving.
                    let half = animation.duration / 2
                    fade.animate(to: AnimationVector([0]), at: time, curve: .easeInOut, duration: half)
                    moving.jump(to: target, at: time + half)
                    rect = moving
                    fade.animate(to: AnimationVector([1]), at: time + half, curve: .easeInOut, duration: half)
                    continue
                }
                if var moving = rect, visible, reduced == .slide {
                    moving.animate(to: target, at: time, curve: animation.curve, duration: animation.duration)
                    rect = moving
                } else if var hidden = rect {
                    hidden.jump(to: target, at: time)
                    rect = hidden
                } else {
                    rect = AnimatedValue(initial: target)
                }
                if reduced == .none {
                    fade.jump(to: AnimationVector([1]), at: time)
                } else {
                    fade.animate(to: AnimationVector([1]), at: time, curve: animation.curve, duration: animation.duration)
                }
            } else if reduced == .none {
                fade.jump(to: AnimationVector([0]), at: time)
            } else {
                fade.animate(to: AnimationVector([0]), at: time, curve: animation.curve, duration: animation.duration)
            }
        }
        self.rect = rect
        self.fade = fade
        self.touchEvents = touchEvents
        let touchesEnd = touchEvents.last.map { $0.time + TouchStyle.holdTime + TouchStyle.fadeTime } ?? 0
        settleTime = max(time, rect?.settleTime ?? 0, fade.settleTime, touchesEnd, 0)
        duration = settleTime + spec.tail
    }

    /// The number of frames as a real number, before the limit check: ⌊duration × fps + 0.5⌋ + 1.
    package var exactFrameCount: Double {
        (duration * fps + 0.5 + 1e-6).rounded(.down) + 1
    }

    /// The number of frames: N = ⌊duration × fps + 0.5⌋ + 1 (with 1e-6 of slack for floating point).
    ///
    /// Check `exactFrameCount` against `SpecLimits.maximumFrames` first; this clamps to that limit.
    public var frameCount: Int {
        Int(min(exactFrameCount, Double(SpecLimits.maximumFrames)))
    }

    /// How long one loop of every animated format lasts: N / fps, each of the N frames on screen for 1 / fps, the
    /// last (settled) frame included.
    ///
    /// The one rule GIF, APNG, WebP, video and the animated SVG share, so that at any moment every format shows the
    /// same frame; it is at least half a frame longer than `duration`.
    package var loopDuration: Double {
        Double(frameCount) / fps
    }

    /// The time of frame `index`: index / fps.
    package func time(ofFrame index: Int) -> Double {
        Double(index) / fps
    }

    /// The moment frame `index` shows: its time, except that the last frame shows the settled final state.
    package func moment(ofFrame index: Int) -> Double {
        let time = time(ofFrame: index)
        return index >= frameCount - 1 ? max(time, settleTime) : time
    }

    /// The moment from which every picture is the last frame's, the settled final state.
    ///
    /// The end of the animation, or the last frame's time when that comes first (`settledEarly`). `state(at:)` and
    /// `highlight(at:)` show the settled state from here on, as every frame, every format and `Renderer.image(at:)` do.
    package var settledFrom: Double {
        min(duration, settledEarly ?? .infinity)
    }

    /// The last frame's time, when it comes before everything has settled (a single frame, or a tail shorter than
    /// half a frame); nil otherwise.
    ///
    /// The last frame shows the settled state, from its time to the end, so the motion still running then is cut
    /// short: every format shows the settled state from this moment, the animated SVG included.
    package var settledEarly: Double? {
        let last = time(ofFrame: frameCount - 1)
        return last < settleTime ? last : nil
    }

    /// The highlight drawn in frame `index`; the last frame always shows the settled final state.
    public func highlight(forFrame index: Int) -> Highlight? {
        highlight(at: moment(ofFrame: index))
    }

    /// Everything that moves, in frame `index`; the last frame always shows the settled final state.
    package func state(forFrame index: Int) -> FrameState {
        state(at: moment(ofFrame: index))
    }

    /// Everything that moves, at `time` seconds; from `settledFrom` on, the settled final state (the last frame's).
    package func state(at time: Double) -> FrameState {
        motion(at: time >= settledFrom ? moment(ofFrame: frameCount - 1) : time)
    }

    /// Everything that moves at `time` seconds as the animation runs, without the settled last frame: what the
    /// animated SVG's keyframes sample (they settle their tracks at `settledEarly` themselves).
    func motion(at time: Double) -> FrameState {
        let highlight = highlightInMotion(at: time)
        var selection: [Double] = []
        if tracksSelection {
            selection = segmentFrames.map { frame in
                guard let highlight, frame.width > 0, frame.height > 0 else { return 0 }
                return Self.share(of: frame, coveredBy: highlight.rect) * highlight.opacity / max(style.opacity, 1e-12)
            }
        }
        var touches: [Touch] = []
        for event in touchEvents where time >= event.time {
            let elapsed = time - event.time
            let opacity = elapsed <= TouchStyle.holdTime ? 1 : 1 - (elapsed - TouchStyle.holdTime) / TouchStyle.fadeTime
            if opacity > 0 { touches.append(Touch(center: event.center, diameter: touchDiameter, opacity: min(opacity, 1))) }
        }
        return FrameState(highlight: highlight, selection: selection, touches: touches)
    }

    /// How much of `frame` the `highlight` covers, 0 … 1: the overlapping area over the frame's.
    static func share(of frame: Rect, coveredBy highlight: Rect) -> Double {
        let width = min(frame.maxX, highlight.maxX) - max(frame.x, highlight.x)
        let height = min(frame.maxY, highlight.maxY) - max(frame.y, highlight.y)
        guard width > 0, height > 0 else { return 0 }
        return min(1, (width * height) / (frame.width * frame.height))
    }

    /// The highlight at `time` seconds, or nil when none is visible; from `settledFrom` on, the settled one.
    public func highlight(at time: Double) -> Highlight? {
        highlightInMotion(at: time >= settledFrom ? moment(ofFrame: frameCount - 1) : time)
    }

    /// The highlight at `time` seconds as the animation runs, without the settled last frame.
    func highlightInMotion(at time: Double) -> Highlight? {
        guard let rect else { return nil }
        let level = min(max(fade.value(at: time).components.first ?? 0, 0), 1)
        let opacity = style.opacity * level
        guard opacity > 0 else { return nil }
        var frame = rect.value(at: time).rect
        frame.width = max(frame.width, 0)
        frame.height = max(frame.height, 0)
        let radius = frame.cornerRadius(clamping: style.cornerRadius)
        return Highlight(rect: frame, cornerRadius: radius, opacity: opacity)
    }
}

/// A touch: when it starts and where.
struct TouchEvent: Equatable, Sendable {
    var time: Double
    var center: Point
}
