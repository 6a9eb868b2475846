import Foundation
import PickerKit
import TestSupport
import Testing

@testable import PickerRender

@Suite("Contact sheet")
struct ContactSheetTests {
    @Test func everyFrameHasACellInAGridOfTheExpectedSize() throws {
        let renderer = try FrameDrawer(spec: try fixtureSpec("seed-demo"))
        let sheet = ContactSheet(drawer: renderer)
        #expect(sheet.shownFrames == Array(0..<102))
        let grid = sheet.geometry
        #expect(grid.columns * grid.rows >= 102 && grid.columns * (grid.rows - 1) < 102)
        #expect(grid.thumbnailScale == 1)
        let image = try PNGFile.read(try writtenSheet(sheet))
        #expect(image.width == Int((Double(grid.columns) * grid.cellWidth + 8).rounded(.up)))
        #expect(image.height == Int((Double(grid.rows) * grid.cellHeight + 8).rounded(.up)))
    }

    @Test func cellsShowTheFramesAndCaptionsAreDrawnUnderThem() throws {
        let renderer = try FrameDrawer(spec: try fixtureSpec("seed-demo"))
        let sheet = ContactSheet(drawer: renderer)
        let image = try sheet.image().rgbaImage()
        let grid = sheet.geometry
        let (columns, cellWidth, cellHeight) = (grid.columns, grid.cellWidth, grid.cellHeight)
        let canvas = renderer.layout.canvas
        // The first cell's top-left pixel is the frame's white background; the sheet around it is grey.
        #expect(image.pixel(x: 9, y: 9) == (255, 255, 255, 255))
        #expect(image.pixel(x: 2, y: 2).red < 250)
        // Each caption band (below the frame, inside the cell) holds dark text pixels.
        for position in [0, 1, columns, 101] {
            let x0 = 8 + Double(position % columns) * cellWidth
            let y0 = 8 + Double(position / columns) * cellHeight + canvas.height + 2
            var darkest = 255
            for y in Int(y0)..<Int(y0 + 12) {
                for x in Int(x0)..<Int(x0 + 80) { darkest = min(darkest, Int(image.pixel(x: x, y: y).red)) }
            }
            #expect(darkest < 150, "caption of cell \(position)")
        }
    }

    @Test func longAnimationsShowEveryNthFrameIncludingTheLast() throws {
        var spec = try fixtureSpec("numbers-vertical")
        spec.output.fps = 240
        let renderer = try FrameDrawer(spec: spec)
        var sheet = ContactSheet(drawer: renderer)
        sheet.maximumCells = 100
        let frames = sheet.shownFrames
        #expect(frames.count <= 100)
        #expect(frames.first == 0 && frames.last == renderer.timeline.frameCount - 1)
        #expect(frames == frames.sorted() && Set(frames).count == frames.count)
    }

    /// Extreme but valid canvases (issue 9: a zero-width canvas divided by zero; a tall one made a sheet over the
    /// limits; a width of 1e-22 pt looped ~10¹² times): the geometry always fits the picture limits, at once.
    @Test(arguments: [
        (0.0, 0.0, 1), (0.0, 20.0, 240), (1e-22, 20.0, 240), (4.0, 8_000.0, 240), (8_000.0, 4.0, 240), (16_000.0, 16_000.0, 240),
        (300.0, 80.0, 1), (220.0, 53.0, 102),
    ])
    func theGridAlwaysFitsThePictureLimits(width: Double, height: Double, frames: Int) {
        let grid = ContactSheet.geometry(canvas: Size(width: width, height: height), frames: frames, maximumWidth: 2_400)
        #expect(grid.columns >= 1 && grid.rows >= 1)
        #expect(grid.columns * grid.rows >= frames)
        #expect(grid.pixelWidth >= 1 && grid.pixelWidth <= 2_400)
        #expect(grid.pixelHeight >= 1 && grid.pixelHeight <= SpecLimits.maximumPixelsPerSide)
        #expect(grid.pixelWidth * grid.pixelHeight <= SpecLimits.maximumPixelsPerFrame)
        #expect(grid.thumbnailScale > 0 && grid.thumbnailScale <= 1)
    }

    func writtenSheet(_ sheet: ContactSheet) throws -> String {
        let path = try temporaryFolder().appendingPathComponent("sheet.png").path
        try AtomicFile.write(try sheet.pngBytes(), to: path)
        return path
    }
}
