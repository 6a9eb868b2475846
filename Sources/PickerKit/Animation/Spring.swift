import FoundationEssentials
import Glibc

/// SwiftUI's `spring(response:dampingFraction:)`: a damped harmonic oscillator of mass 1 with stiffness
/// (2π / response)² and damping 2·√stiffness·dampingFraction, moving an offset from its target to zero.
package struct Spring: Equatable, Sendable {
    /// Seconds for one undamped oscillation.
    package let response: Double
    /// 1 is critically damped; below 1 overshoots; above 1 creeps.
    package let dampingFraction: Double

    /// Creates a spring; both parameters must be positive (`SpecLimits` keeps them so).
    package init(response: Double, dampingFraction: Double) {
        self.response = response
        self.dampingFraction = dampingFraction
    }

    /// The undamped angular frequency ω = 2π / response.
    package var angularFrequency: Double { 2 * Double.pi / response }

    /// The offset from the target and its velocity at `time` after release from `offset` moving at `velocity`.
    package func state(offset x0: Double, velocity v0: Double, at time: Double) -> (offset: Double, velocity: Double) {
        let omega = angularFrequency
        let zeta = dampingFraction
        let t = time
        if abs(zeta - 1) < 1e-9 {
            let b = v0 + omega * x0
            let decay = exp(-omega * t)
            return (decay * (x0 + b * t), decay * (v0 - omega * b * t))
        }
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            let a = x0
            let b = (v0 + zeta * omega * x0) / damped
            let decay = exp(-zeta * omega * t)
            let cosine = cos(damped * t)
            let sine = sin(damped * t)
            let offset = decay * (a * cosine + b * sine)
            let velocity = decay * ((b * damped - zeta * omega * a) * cosine - (a * damped + zeta * omega * b) * sine)
            return (offset, velocity)
        }
        let spread = omega * (zeta * zeta - 1).squareRoot()
        let r1 = -zeta * omega + spread
        let r2 = -zeta * omega - spread
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        let c1 = x0 - c2
        let e1 = exp(r1 * t)
        let e2 = exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }

    /// √(x² + (v/ω)²): the motion's amplitude, which never grows for a damped spring (it is √(2·energy)/ω).
    package func amplitude(offset: Double, velocity: Double) -> Double {
        (offset * offset + (velocity / angularFrequency) * (velocity / angularFrequency)).squareRoot()
    }

    /// The first time after release at which the amplitude is at most `threshold` × its starting amplitude:
    /// when this component has settled.
    ///
    /// Zero for a component that starts at rest on its target.
    ///
    /// The amplitude never increases, so the moment is found by doubling an upper bound and bisecting.
    package func settlingTime(offset x0: Double, velocity v0: Double, threshold: Double = 0.001) -> Double {
        let start = amplitude(offset: x0, velocity: v0)
        guard start > 0 else { return 0 }
        let limit = start * threshold
        func settled(_ t: Double) -> Bool {
            let state = state(offset: x0, velocity: v0, at: t)
            return amplitude(offset: state.offset, velocity: state.velocity) <= limit
        }
        var high = response
        // ζ ≥ 0.01 and response ≤ 10 s settle well within 2^20 responses; the bound keeps the loop finite.
        var doublings = 0
        while !settled(high) && doublings < 20 {
            high *= 2
            doublings += 1
        }
        var low = 0.0
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if settled(middle) { high = middle } else { low = middle }
        }
        return high
    }
}
