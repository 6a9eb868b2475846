import Foundation
import PickerKit
import Testing

@testable import PickerRender

@Suite("Contact sheet")
struct ContactSheetTests {
    @Test func everyFrameHasACellInAGridOfTheExpectedSize() throws {
        let renderer = try FrameRenderer(spec: try fixtureSpec("seed-demo"))
        let sheet = ContactSheet(renderer: renderer)
        #expect(sheet.shownFrames == Array(0..<102))
        let (columns, rows, cellWidth, cellHeight, thumbnailScale) = sheet.geometry
        #expect(columns * rows >= 102 && columns * (rows - 1) < 102)
        #expect(thumbnailScale == 1)
        let image = try PNGFile.read(try writtenSheet(sheet))
        #expect(image.width == Int((Double(columns) * cellWidth + 8).rounded(.up)))
        #expect(image.height == Int((Double(rows) * cellHeight + 8).rounded(.up)))
    }

    @Test func cellsShowTheFramesAndCaptionsAreDrawnUnderThem() throws {
        let renderer = try FrameRenderer(spec: try fixtureSpec("seed-demo"))
        let sheet = ContactSheet(renderer: renderer)
        let image = try sheet.image().rgbaImage()
        let (columns, _, cellWidth, cellHeight, _) = sheet.geometry
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
        let renderer = try FrameRenderer(spec: spec)
        var sheet = ContactSheet(renderer: renderer)
        sheet.maximumCells = 100
        let frames = sheet.shownFrames
        #expect(frames.count <= 100)
        #expect(frames.first == 0 && frames.last == renderer.timeline.frameCount - 1)
        #expect(frames == frames.sorted() && Set(frames).count == frames.count)
    }

    func writtenSheet(_ sheet: ContactSheet) throws -> String {
        let path = try temporaryFolder().appendingPathComponent("sheet.png").path
        try AtomicFile.write(try sheet.pngBytes(), to: path)
        return path
    }
}
