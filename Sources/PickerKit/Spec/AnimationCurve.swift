/// How a change of selection moves the highlight: one of SwiftUI's timing curves, a custom cubic Bézier,
/// or a spring.
public enum AnimationCurve: Equatable, Hashable, Sendable {
    /// `Animation.linear`: constant speed.
    case linear
    /// `Animation.easeIn`: the cubic Bézier (0.42, 0, 1, 1).
    case easeIn
    /// `Animation.easeOut`: the cubic Bézier (0, 0, 0.58, 1).
    case easeOut
    /// `Animation.easeInOut`: the cubic Bézier (0.42, 0, 0.58, 1).
    case easeInOut
    /// `Animation.timingCurve(x1, y1, x2, y2)`: a CSS-style cubic Bézier with x1 and x2 in 0…1 and y1, y2 in −10…10
    /// (outside 0…1 the curve overshoots).
    case bezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// `Animation.spring(response:dampingFraction:)`: a damped spring of mass 1 that settles by itself.
    case spring(response: Double, dampingFraction: Double)

    /// SwiftUI's `Animation.spring` with its defaults: response 0.5 s, damping fraction 0.825 (`"spring"` in JSON).
    public static let defaultSpring = AnimationCurve.spring(response: 0.5, dampingFraction: 0.825)

    /// The control points of the curve's cubic Bézier, or nil for a spring.
    package var bezierControlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInOut: return (0.42, 0, 0.58, 1)
        case .bezier(let x1, let y1, let x2, let y2): return (x1, y1, x2, y2)
        case .spring: return nil
        }
    }

    /// True for a spring, whose length comes from its physics rather than from a duration.
    package var isSpring: Bool {
        if case .spring = self { return true }
        return false
    }
}
