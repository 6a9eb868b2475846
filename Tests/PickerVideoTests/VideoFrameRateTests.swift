import PickerVideo
import Testing

/// Frame rates as exact fractions.
@Suite("Video frame rate") struct VideoFrameRateTests {
    @Test(
        "common rates become the fraction with the smallest denominator",
        arguments: [
            (30.0, 30, 1), (60.0, 60, 1), (1.0, 1, 1), (240.0, 240, 1), (29.97, 2997, 100), (30_000.0 / 1001, 30_000, 1001),
            (24_000.0 / 1001, 24_000, 1001), (23.976, 2997, 125), (12.5, 25, 2), (0.5, 1, 2), (100.0 / 3, 100, 3),
        ] as [(Double, Int, Int)])
    func fractions(_ fps: Double, _ numerator: Int, _ denominator: Int) throws {
        let rate = try #require(VideoFrameRate(fps: fps))
        #expect((rate.numerator, rate.denominator) == (numerator, denominator))
        #expect(rate.description == "\(numerator)/\(denominator)")
        #expect(abs(rate.fps - fps) <= 1e-6)
    }

    @Test("an irrational rate gets a close fraction; nonsense gets none")
    func limits() throws {
        let pi = try #require(VideoFrameRate(fps: Double.pi))
        #expect(abs(pi.fps - Double.pi) <= 1e-6)
        #expect(pi.denominator <= 1_000_000)
        for fps in [0, -1, .nan, .infinity, -.infinity, 1e-9, 1e12] {
            #expect(VideoFrameRate(fps: fps) == nil, "\(fps)")
        }
    }
}
