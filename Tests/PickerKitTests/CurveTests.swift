import Foundation
import Testing

@testable import PickerKit

@Suite("Timing curves and springs")
struct CurveTests {
    func bezier(_ curve: AnimationCurve) -> CubicBezier {
        let points = curve.bezierControlPoints ?? (0, 0, 1, 1)
        return CubicBezier(x1: points.x1, y1: points.y1, x2: points.x2, y2: points.y2)
    }

    // Reference values from an independent bisection of the same Béziers (CSS / SwiftUI control points).
    @Test(arguments: [
        (AnimationCurve.linear, 0.3, 0.3),
        (.easeIn, 0.5, 0.31535681257253945),
        (.easeOut, 0.5, 0.6846431874274606),
        (.easeInOut, 0.5, 0.5),
        (.easeInOut, 0.25, 0.1291619310473198),
        (.easeInOut, 0.0, 0.0),
        (.easeInOut, 1.0, 1.0),
    ])
    func swiftUITimingCurvesMatchTheirBeziers(curve: AnimationCurve, time: Double, progress: Double) {
        #expect(isClose(bezier(curve).progress(atTime: time), progress, 1e-9))
    }

    @Test func slopeIsTheDerivativeOfProgress() {
        let curve = bezier(.easeInOut)
        for time in [0.1, 0.3, 0.5, 0.8] {
            let numeric = (curve.progress(atTime: time + 1e-6) - curve.progress(atTime: time - 1e-6)) / 2e-6
            #expect(isClose(curve.slope(atTime: time), numeric, 1e-4))
        }
        #expect(isClose(bezier(.linear).slope(atTime: 0.4), 1, 1e-9))
    }

    @Test func criticallyDampedSpringFollowsItsClosedForm() {
        // response 1 s → ω = 2π; x(t) = e^(−ωt)(1 + ωt) for x0 = 1, v0 = 0.
        let spring = Spring(response: 1, dampingFraction: 1)
        #expect(isClose(spring.state(offset: 1, velocity: 0, at: 0.25).offset, 0.534416051298218, 1e-12))
    }

    @Test func underdampedSpringOvershootsByTheTextbookAmount() {
        // ζ = 0.5: the first extreme is at π/ω_d with offset −e^(−πζ/√(1−ζ²)) = −0.163.
        let spring = Spring(response: 0.5, dampingFraction: 0.5)
        let damped = spring.angularFrequency * (1 - 0.25).squareRoot()
        let extreme = spring.state(offset: 1, velocity: 0, at: Double.pi / damped)
        #expect(isClose(extreme.offset, -0.16303353482158048, 1e-12))
        #expect(isClose(extreme.velocity, 0, 1e-9))
    }

    @Test func overdampedSpringNeverCrossesItsTarget() {
        let spring = Spring(response: 0.5, dampingFraction: 2)
        for step in 1...200 {
            #expect(spring.state(offset: 1, velocity: 0, at: Double(step) * 0.01).offset > 0)
        }
    }

    @Test(arguments: [0.3, 0.6, 0.825, 1.0, 1.5])
    func springSettlesWhenItsAmplitudeFallsToAThousandthOfItsStart(dampingFraction: Double) {
        let spring = Spring(response: 0.55, dampingFraction: dampingFraction)
        let (x0, v0) = (-120.0, 35.0)
        let start = spring.amplitude(offset: x0, velocity: v0)
        let settle = spring.settlingTime(offset: x0, velocity: v0)
        let at = spring.state(offset: x0, velocity: v0, at: settle)
        let before = spring.state(offset: x0, velocity: v0, at: settle - 1e-6)
        #expect(spring.amplitude(offset: at.offset, velocity: at.velocity) <= 0.001 * start)
        #expect(spring.amplitude(offset: before.offset, velocity: before.velocity) > 0.001 * start)
    }

    @Test func aSpringAtRestOnItsTargetHasSettledAlready() {
        #expect(Spring(response: 0.5, dampingFraction: 0.825).settlingTime(offset: 0, velocity: 0) == 0)
    }
}
