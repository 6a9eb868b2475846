/// An animation read back from a file (APNG or animated WebP): every picture as it is shown, for how long, and how
/// often the whole plays.
///
/// The pictures are the canvas after each stored frame is drawn (dispose and blend applied), so two files that
/// show the same thing hold the same pictures however their encoders cut the frames.
package struct DecodedAnimation: Equatable, Sendable {
    /// The canvas width in pixels.
    package var width: Int
    /// The canvas height in pixels.
    package var height: Int
    /// Each picture as shown, straight RGBA, in order; never empty.
    package var pictures: [RGBAImage]
    /// How long each picture is shown, in seconds; as many as `pictures`.
    package var delays: [Double]
    /// How many times the animation plays; 0 for forever (APNG's num_plays, WebP's loop count).
    package var loopCount: Int

    /// Creates a decoded animation; the caller gives as many delays as pictures.
    package init(width: Int, height: Int, pictures: [RGBAImage], delays: [Double], loopCount: Int) {
        self.width = width
        self.height = height
        self.pictures = pictures
        self.delays = delays
        self.loopCount = loopCount
    }

    /// When each picture appears, in seconds from the start.
    package var starts: [Double] {
        var time = 0.0
        return delays.map { delay in
            defer { time += delay }
            return time
        }
    }

    /// How long one play lasts, in seconds: the sum of the delays.
    package var length: Double { delays.reduce(0, +) }

    /// The most pixels (frames × width × height) a decoder holds for one file: 256 Mi pixels, 1 GiB of RGBA, so a
    /// file declaring thousands of full-size frames is refused before its memory is taken.
    package static let maximumPixels = 1 << 28
}
