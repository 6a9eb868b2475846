/// A frame given to an animation encoder at another size than the first frame: the one frame check that the GIF,
/// APNG, WebP and video encoders share (an `RGBAImage` always holds exactly width × height × 4 bytes, so its size
/// is all there is to check).
package struct FrameSizeMismatch: Error, Equatable, Sendable, CustomStringConvertible {
    /// The frame's number, from 0.
    package var index: Int
    /// The frame's size in pixels.
    package var width: Int
    package var height: Int
    /// The first frame's size, which every frame must have.
    package var expectedWidth: Int
    package var expectedHeight: Int

    /// A mismatch of frame `index`.
    package init(index: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int) {
        self.index = index
        self.width = width
        self.height = height
        self.expectedWidth = expectedWidth
        self.expectedHeight = expectedHeight
    }

    package var description: String {
        "frame \(index) is \(width) × \(height) px but the first frame is \(expectedWidth) × \(expectedHeight) px; every frame must have the same size"
    }
}

extension RGBAImage {
    /// Checks that this picture, frame `index` of an animation, is `width` × `height` px (the first frame's size).
    ///
    /// Throws `FrameSizeMismatch` naming both sizes otherwise.
    package func check(frame index: Int, width expectedWidth: Int, height expectedHeight: Int) throws(FrameSizeMismatch) {
        guard width == expectedWidth, height == expectedHeight else {
            throw FrameSizeMismatch(
                index: index, width: width, height: height, expectedWidth: expectedWidth, expectedHeight: expectedHeight)
        }
    }
}
