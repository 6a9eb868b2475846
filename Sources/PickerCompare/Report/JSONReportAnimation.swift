extension JSONReport {
    /// How two animations (APNG, WebP) compared in time: each one's timing, the change in words, and every moment
    /// that differs with its time; the file's pixel figures are the moment that differs most.
    package struct Animation: Codable, Equatable, Sendable {
        /// How one animation plays.
        package struct Timing: Codable, Equatable, Sendable {
            package var fps: Double
            /// Seconds.
            package var length: Double
            package var frames: Int
            /// 0 for forever.
            package var loopCount: Int
        }

        /// One moment whose pictures differ.
        package struct Moment: Codable, Equatable, Sendable {
            /// Seconds from the start.
            package var time: Double
            package var differentPixels: Int
            package var antialiasedPixels: Int
        }

        package var expected: Timing
        package var actual: Timing
        /// Such as `30 fps → 60 fps, 2.63 s → 2.63 s`; absent when both play alike.
        package var timingChange: String?
        /// How many moments were compared.
        package var moments: Int
        package var differingMoments: [Moment]

        init(_ comparison: AnimationComparison) {
            func timing(_ timing: PlaybackTiming) -> Timing {
                Timing(fps: timing.fps, length: timing.length, frames: timing.frames, loopCount: timing.loopCount)
            }
            expected = timing(comparison.expected)
            actual = timing(comparison.actual)
            timingChange = comparison.timingChange
            moments = comparison.momentCount
            differingMoments = comparison.differingMoments.map {
                Moment(time: $0.time, differentPixels: $0.pixels.differentPixels, antialiasedPixels: $0.pixels.antialiasedPixels)
            }
        }

        /// The comparison this entry reports, for merging reports; `size` is the file's picture size.
        package func comparison(size: ImageSize) -> AnimationComparison {
            func timing(_ timing: Timing) -> PlaybackTiming {
                PlaybackTiming(fps: timing.fps, length: timing.length, frames: timing.frames, loopCount: timing.loopCount)
            }
            return AnimationComparison(
                expected: timing(expected), actual: timing(actual), momentCount: moments,
                differingMoments: differingMoments.map {
                    AnimationComparison.Moment(
                        time: $0.time,
                        pixels: PixelComparison(differentPixels: $0.differentPixels, antialiasedPixels: $0.antialiasedPixels, size: size))
                })
        }
    }
}
