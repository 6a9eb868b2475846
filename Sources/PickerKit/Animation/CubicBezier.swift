/// A CSS / Core Animation timing function: a cubic Bézier from (0, 0) to (1, 1) with control points
/// (x1, y1) and (x2, y2), mapping the fraction of time elapsed to the fraction of the change done.
package struct CubicBezier: Equatable, Sendable {
    /// The first control point.
    package let x1: Double, y1: Double
    /// The second control point.
    package let x2: Double, y2: Double

    /// Creates a timing function; x1 and x2 must be in 0…1 so that time maps to exactly one progress.
    package init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// True when every control point lies in 0…1, as SMIL's `keySplines` require.
    package var staysWithinUnitSquare: Bool {
        [x1, y1, x2, y2].allSatisfy { (0...1).contains($0) }
    }

    private func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        // B(s) = 3(1-s)²s·p1 + 3(1-s)s²·p2 + s³
        let inverse = 1 - s
        return 3 * inverse * inverse * s * p1 + 3 * inverse * s * s * p2 + s * s * s
    }

    private func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let inverse = 1 - s
        return 3 * inverse * inverse * p1 + 6 * inverse * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The curve parameter s whose x is `time`, found by Newton's method with a bisection fallback.
    private func parameter(forTime time: Double) -> Double {
        var s = time
        for _ in 0..<8 {
            let error = coordinate(s, x1, x2) - time
            if abs(error) < 1e-12 { return s }
            let slope = derivative(s, x1, x2)
            if abs(slope) < 1e-9 { break }
            s -= error / slope
        }
        var low = 0.0
        var high = 1.0
        s = time
        for _ in 0..<64 {
            let x = coordinate(s, x1, x2)
            if abs(x - time) < 1e-12 { break }
            if x < time { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// The fraction of the change done when `time` (0…1, clamped) of the duration has passed.
    package func progress(atTime time: Double) -> Double {
        if time <= 0 { return 0 }
        if time >= 1 { return 1 }
        return coordinate(parameter(forTime: time), y1, y2)
    }

    /// d(progress)/d(time) at `time`, for the velocity a spring inherits when it interrupts this curve.
    package func slope(atTime time: Double) -> Double {
        let clamped = min(max(time, 0), 1)
        let s = parameter(forTime: clamped)
        let dx = derivative(s, x1, x2)
        guard abs(dx) > 1e-12 else { return 0 }
        return derivative(s, y1, y2) / dx
    }
}
