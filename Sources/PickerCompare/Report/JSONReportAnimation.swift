extension JSONReport {
    /// How two animations (APNG, WebP) compared in time: each one's timing, the change in words, and every moment
    /// that differs with its time; the file's pixel figures are the moment that differs most.
    package struct Animation: Codable, Equatable, Sendable {
        /// One moment whose pictures differ.
        package struct Moment: Codable, Equatable, Sendable {
            /// Seconds from the start.
            package var time: Double
            package var differentPixels: Int
            package var antialiasedPixels: Int
        }

        /// How each plays: `fps`, `length` in seconds, `frames`, `loopCount` (0 for forever).
        package var expected: PlaybackTiming
        package var actual: PlaybackTiming
        /// Such as `30 fps → 60 fps, 2.63 s → 2.63 s`; absent when both play alike.
        package var timingChange: String?
        /// How many moments were compared.
        package var moments: Int
        package var differingMoments: [Moment]

        init(_ comparison: AnimationComparison) {
            expected = comparison.expected
            actual = comparison.actual
            timingChange = comparison.timingChange
            moments = comparison.momentCount
            differingMoments = comparison.differingMoments.map {
                Moment(time: $0.time, differentPixels: $0.pixels.differentPixels, antialiasedPixels: $0.pixels.antialiasedPixels)
            }
        }

        /// The comparison this entry reports, for merging reports; `size` is the file's picture size.
        package func comparison(size: ImageSize) -> AnimationComparison {
            AnimationComparison(
                expected: expected, actual: actual, momentCount: moments,
                differingMoments: differingMoments.map {
                    AnimationComparison.Moment(
                        time: $0.time,
                        pixels: PixelComparison(differentPixels: $0.differentPixels, antialiasedPixels: $0.antialiasedPixels, size: size))
                })
        }
    }
}
