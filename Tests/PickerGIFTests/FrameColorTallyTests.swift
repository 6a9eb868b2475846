import PickerKit
import Testing

@testable import PickerGIF

@Suite("Colour weights over all frames")
struct FrameColorTallyTests {
    /// A 24 × 10 picture: grey page, a dark box that slides right, and a few transparent pixels at the bottom.
    private func frame(_ index: Int) -> RGBAImage {
        var image = RGBAImage(width: 24, height: 10, filledWith: (230, 230, 230, 255))
        for y in 2..<7 {
            for x in (3 + index * 2)..<(9 + index * 2) { image.setPixel(x: x, y: y, to: (40, UInt8(60 + x), 90, 255)) }
        }
        for x in 0..<(index + 1) { image.setPixel(x: x, y: 9, to: (0, 0, 0, 0)) }
        return image
    }

    @Test("reading only around the changes gives the same weights as weighing every frame whole")
    func matchesWholeFrames() {
        var tally = FrameColorTally()
        var expected: [UInt32: Int] = [:]
        var previous: RGBAImage?
        for index in 0..<5 {
            let picture = frame(index)
            let change = FrameChange(from: previous, to: picture)
            tally.add(picture, previous: previous, change: change)
            var alone = FrameColorTally()
            alone.add(picture, previous: nil, change: change)
            for (color, weight) in alone.totals { expected[color, default: 0] += weight }
            previous = picture
        }
        #expect(tally.frameCount == 5)
        #expect(tally.totals.map(\.color) == expected.keys.sorted())
        #expect(tally.totals.map(\.weight) == expected.keys.sorted().compactMap { expected[$0] })
    }

    @Test("flat pixels weigh 255, busy ones less, transparent ones nothing")
    func weights() {
        var tally = FrameColorTally()
        tally.add(frame(0), previous: nil, change: FrameChange(from: nil, to: frame(0)))
        let totals = Dictionary(uniqueKeysWithValues: tally.totals.map { ($0.color, $0.weight) })
        #expect(totals.keys.allSatisfy { $0 >> 24 == 255 })
        let page = UInt32(230) | UInt32(230) << 8 | UInt32(230) << 16 | UInt32(255) << 24
        let pagePixels = 24 * 10 - 6 * 5 - 1
        #expect((totals[page] ?? 0) < 255 * pagePixels)
        #expect((totals[page] ?? 0) > 200 * pagePixels)
    }
}
