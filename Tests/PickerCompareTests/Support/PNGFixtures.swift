import Foundation
import PickerKit
import PickerRender

/// Writes test pictures as PNG files.
enum PNGFixtures {
    static func write(_ picture: RGBAImage, to path: String) throws {
        try Data(PNGFile.encode(picture)).write(to: URL(fileURLWithPath: path))
    }

    static let white = RGBAImage(width: 8, height: 6, filledWith: (255, 255, 255, 255))

    /// `white` with `count` black pixels along the top row.
    static func whiteWithBlackPixels(_ count: Int) -> RGBAImage {
        var picture = white
        for x in 0..<count { picture.setPixel(x: x, y: 0, to: (0, 0, 0, 255)) }
        return picture
    }
}
