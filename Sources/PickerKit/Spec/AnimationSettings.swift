/// The animation every change uses unless it says otherwise: SwiftUI's `withAnimation(.linear)` in the seed.
public struct AnimationSettings: Hashable, Sendable {
    /// The default curve; nil is `.linear`.
    public var curve: AnimationCurve?
    /// The default duration of timing curves in seconds; nil is 0.35 (SwiftUI's default).
    ///
    /// Not allowed with a spring, which settles by itself.
    public var duration: Double?
    /// What the picker does when Reduce Motion is on (`PickerStyle.reduceMotion`); nil is `.slide`, what an app that
    /// does not read `accessibilityReduceMotion` shows (SwiftUI leaves the setting to the app).
    public var reducedMotion: ReducedMotion?

    /// Settings; the fields left out take their defaults.
    public init(curve: AnimationCurve? = nil, duration: Double? = nil, reducedMotion: ReducedMotion? = nil) {
        self.curve = curve
        self.duration = duration
        self.reducedMotion = reducedMotion
    }
}

/// How a change looks with Reduce Motion on (`"animation": {"reduceMotion": …}` in JSON).
public enum ReducedMotion: String, Hashable, Sendable, CaseIterable {
    /// The highlight slides as usual: the app ignores the setting.
    case slide
    /// The highlight moves at once, with no animation.
    case none
    /// The highlight fades out where it is and in at the new segment, over the change's duration, without moving.
    case crossfade
}

/// How the animation is sampled into pictures.
public struct OutputSettings: Hashable, Sendable {
    /// Frames per second, 1 to 240.
    public var fps: Double
    /// Pixels per point, 0.25 to 8.
    public var scale: Double
    /// How many times an animated output plays: nil loops forever, N plays N times (1 to 65,535).
    public var loopCount: Int?

    /// Output settings; the defaults are 30 fps at 2x, looping forever.
    public init(fps: Double = 30, scale: Double = 2, loopCount: Int? = nil) {
        self.fps = fps
        self.scale = scale
        self.loopCount = loopCount
    }
}
