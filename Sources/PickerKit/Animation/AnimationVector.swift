/// The animated components of one value (a rect's x, y, width, height, or a fade's level), with the
/// arithmetic animations need.
package struct AnimationVector: Equatable, Sendable {
    /// The components, in a fixed order chosen by the value's owner.
    package var components: [Double]

    /// Creates a vector from components.
    package init(_ components: [Double]) {
        self.components = components
    }

    /// A vector of `count` zeros.
    package static func zero(count: Int) -> AnimationVector {
        AnimationVector(Array(repeating: 0, count: count))
    }

    /// The x, y, width, and height of a rect.
    package init(_ rect: Rect) {
        self.init([rect.x, rect.y, rect.width, rect.height])
    }

    /// The vector read back as a rect (for 4-component vectors).
    package var rect: Rect {
        Rect(x: components[0], y: components[1], width: components[2], height: components[3])
    }

    package static func + (lhs: AnimationVector, rhs: AnimationVector) -> AnimationVector {
        AnimationVector(zip(lhs.components, rhs.components).map { $0 + $1 })
    }

    package static func - (lhs: AnimationVector, rhs: AnimationVector) -> AnimationVector {
        AnimationVector(zip(lhs.components, rhs.components).map { $0 - $1 })
    }

    package static func * (lhs: AnimationVector, rhs: Double) -> AnimationVector {
        AnimationVector(lhs.components.map { $0 * rhs })
    }
}
