import Foundation
import PickerKit
import TestSupport
import Testing

@testable import PickerRender

@Suite("PNG encoder")
struct PNGEncoderTests {
    /// Pictures with what the writer must get right: opaque ones (stored as RGB), a transparent background
    /// (alpha 0), and a half-transparent one (every alpha value the highlight's edges make).
    static func specs() throws -> [(name: String, spec: PickerSpec)] {
        var clear = try fixtureSpec("seed-demo")
        clear.style.background = .clear
        var halfTransparent = try fixtureSpec("numbers-vertical")
        halfTransparent.style.background = .hex("#34C75980")
        halfTransparent.style.labelColor = .hex("#1C1C1EB3")
        return [
            ("seed-demo", try fixtureSpec("seed-demo")), ("numbers-vertical", try fixtureSpec("numbers-vertical")),
            ("clear background", clear), ("half-transparent background", halfTransparent),
        ]
    }

    /// Frames of `renderer` spread over the animation, including moving ones.
    static func sampleFrames(_ renderer: FrameDrawer) -> [Int] {
        Array(stride(from: 0, to: renderer.timeline.frameCount, by: max(1, renderer.timeline.frameCount / 7)))
    }

    @Test(arguments: PNGRowFilter.allCases)
    func everyFilterDecodesToThePixelsOfAFullRender(filter: PNGRowFilter) throws {
        for (name, spec) in try Self.specs() {
            let renderer = try FrameDrawer(spec: spec, pngCompression: PNGCompression(level: 4, filter: filter))
            for index in Self.sampleFrames(renderer) {
                let state = renderer.timeline.state(forFrame: index)
                let decoded = try ImageSurface(pngBytes: renderer.png(state: state), path: name).rgbaImage()
                let reference = try renderer.referenceImage(state: state)
                #expect(differingPixels(decoded, reference) == 0, "\(name), frame \(index), \(filter)")
            }
        }
    }

    @Test(arguments: [0, 1, 6, 12])
    func everyLevelDecodesToTheSamePixelsAsCairosOwnWriter(level: Int) throws {
        for (name, spec) in try Self.specs() {
            let renderer = try FrameDrawer(spec: spec)
            let encoder = try PNGEncoder(compression: PNGCompression(level: level))
            for index in Self.sampleFrames(renderer).prefix(3) {
                let surface = try renderer.frameSurface(forFrame: index)
                let ours = try ImageSurface(pngBytes: encoder.encode(surface), path: name).rgbaImage()
                let cairos = try ImageSurface(pngBytes: surface.cairoPNGBytes(), path: name).rgbaImage()
                #expect(differingPixels(ours, cairos) == 0, "\(name), frame \(index), level \(level)")
                #expect(differingPixels(ours, surface.rgbaImage()) == 0, "\(name), frame \(index), level \(level)")
            }
        }
    }

    /// Frames encoded in order by reusing the static layer's compressed bands decode to exactly the pixels of each
    /// frame encoded whole (issue 14: the optimised path against the plain one), in order, out of order and after
    /// a frame without a highlight; at levels 5 and up, where frames are compressed whole, the bytes are the same.
    @Test(arguments: [PNGCompression.standard, PNGCompression(level: 1), PNGCompression(level: 6)])
    func framesInOrderDecodeToThePixelsOfEachFrameEncodedWhole(compression: PNGCompression) throws {
        for (name, spec) in try Self.specs() {
            let renderer = try FrameDrawer(spec: spec, pngCompression: compression)
            let frameCount = renderer.timeline.frameCount
            // Every frame in order, then some out of order, a frame without a highlight, and one after it.
            var order: [Int?] = Array(0..<frameCount) + [40, 3, 70, 12].filter { $0 < frameCount }
            order += [nil, 5]
            for index in order {
                let state = index.map { renderer.timeline.state(forFrame: $0) } ?? FrameState(highlight: nil)
                let fast = try renderer.png(state: state)
                let surface = try renderer.surface(state: state)
                let whole = try PNGEncoder(compression: compression).encode(surface)
                if compression.level >= 5 {
                    let same = fast == whole  // a Bool, so a failure names the frame without printing every byte
                    #expect(same, "\(name), frame \(String(describing: index))")
                }
                let decoded = try ImageSurface(pngBytes: fast, path: name).rgbaImage()
                let ours = try #require(try PNGDecoder().decode(fast, path: name))
                #expect(differingPixels(decoded, surface.rgbaImage()) == 0, "\(name), frame \(String(describing: index))")
                #expect(differingPixels(ours, surface.rgbaImage()) == 0, "\(name), frame \(String(describing: index)), PNGDecoder")
            }
        }
    }

    /// Drawers that share one static layer (its pixels, compressed bands and tokens, made by the first), encoding
    /// on two threads at once in opposite orders, write every frame byte for byte as a drawer of its own does.
    @Test(arguments: [PNGCompression.standard, PNGCompression(level: 6)])
    func drawersSharingTheStaticLayerOnTwoThreadsWriteTheSameBytes(compression: PNGCompression) throws {
        for (name, spec) in try Self.specs() {
            let alone = try FrameDrawer(spec: spec, pngCompression: compression)
            let frames = alone.timeline.frameCount
            let expected = try (0..<frames).map { try alone.png(state: alone.timeline.state(forFrame: $0)) }
            let first = try FrameDrawer(spec: spec, pngCompression: compression)
            let second = try FrameDrawer(plan: first.plan, text: PangoText(), pngCompression: compression, sharing: first.staticLayer)
            #expect(second.staticLayer.surface === first.staticLayer.surface)
            #expect(second.staticLayer.encoding?.tokens === first.staticLayer.encoding?.tokens)
            let results = ConcurrentResults(count: 2 * frames)
            // Each drawer is used by one thread only, as the renderer's pool hands them out.
            let drawers = UncheckedSendable(value: [first, second])
            DispatchQueue.concurrentPerform(iterations: 2) { lane in
                let drawer = drawers.value[lane]
                // Lane 0 forwards, lane 1 backwards: each row's tokens are first needed by either.
                for step in 0..<frames {
                    let index = lane == 0 ? step : frames - 1 - step
                    results.set(lane * frames + index, try? drawer.png(state: drawer.timeline.state(forFrame: index)))
                }
            }
            for index in 0..<frames {
                let (a, b) = (results.get(index), results.get(frames + index))
                #expect(a == expected[index] && b == expected[index], "\(name), frame \(index)")
            }
        }
    }

    /// The banded path's files stay within 1.25 × the bytes of each frame compressed whole at the same level.
    @Test func bandedFramesStaySmall() throws {
        for (name, spec) in try Self.specs() {
            let renderer = try FrameDrawer(spec: spec)
            var banded = 0
            var whole = 0
            for index in 0..<renderer.timeline.frameCount {
                let state = renderer.timeline.state(forFrame: index)
                banded += try renderer.png(state: state).count
                whole += try PNGEncoder().encode(renderer.surface(state: state)).count
            }
            #expect(Double(banded) <= 1.25 * Double(whole), "\(name): \(banded) against \(whole)")
        }
    }

    @Test func pillowDecodesTheSamePixels() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var expected: [(path: String, image: RGBAImage, opaque: Bool)] = []
        for (number, (_, spec)) in try Self.specs().enumerated() {
            for filter in [PNGRowFilter.none, .paeth, .adaptive] {
                let renderer = try FrameDrawer(spec: spec, pngCompression: PNGCompression(level: 6, filter: filter))
                for index in Self.sampleFrames(renderer).prefix(3) {
                    let path = folder.appendingPathComponent("\(number)-\(filter)-\(index).png").path
                    let state = renderer.timeline.state(forFrame: index)
                    try AtomicFile.write(renderer.png(state: state), to: path)
                    let image = try renderer.referenceImage(state: state)
                    expected.append((path, image, stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }))
                }
            }
        }
        let modes = try Pillow.decode(expected.map(\.path))
        try #require(modes.count == expected.count)
        for (item, mode) in zip(expected, modes) {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: item.path + ".rgba")))
            let decoded = RGBAImage(width: item.image.width, height: item.image.height, pixels: bytes)
            #expect(decoded.map { differingPixels($0, item.image) } == 0, "\(item.path)")
            #expect(mode == (item.opaque ? "RGB" : "RGBA"), "\(item.path)")
        }
    }

    @Test func theFileIsSignatureHeaderDataEnd() throws {
        let renderer = try FrameDrawer(spec: try fixtureSpec("seed-demo"))
        let bytes = try renderer.png(state: renderer.timeline.state(forFrame: 0))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == renderer.plan.pixelWidth && height == renderer.plan.pixelHeight)
        #expect(Array(bytes[24..<29]) == [8, 2, 0, 0, 0])  // 8 bits, RGB: every pixel of the seed is opaque.
        #expect(Array(bytes[37..<41]) == Array("IDAT".utf8))
        #expect(Array(bytes.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    @Test func levelsOutsideLibdeflatesRangeAreClampedOrRefused() {
        #expect(PNGCompression(level: -3).level == 0)
        #expect(PNGCompression(level: 40).level == 12)
        #expect(PNGCompression.standard.filter == .none)
        var outOfRange = PNGCompression.standard
        outOfRange.level = .max
        #expect(throws: RenderError.self) { try PNGEncoder(compression: outOfRange) }
    }
}

/// How many pixels differ between two pictures of the same size (all of them when the sizes differ), so a
/// failure says how much is wrong without printing every byte.
func differingPixels(_ first: RGBAImage, _ second: RGBAImage) -> Int {
    guard first.width == second.width, first.height == second.height else { return max(first.width * first.height, 1) }
    return stride(from: 0, to: first.pixels.count, by: 4).filter { first.pixels[$0..<$0 + 4] != second.pixels[$0..<$0 + 4] }.count
}

/// Runs decode_png.py (Pillow) on PNG files: an independent decoder for the tests, never used at run time.
enum Pillow {
    static let scriptPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("decode_png.py").path

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The colour mode of each file, after writing `<path>.rgba` next to it.
    ///
    /// Throws `Unavailable` when python3 or Pillow is missing or the script fails.
    static func decode(_ paths: [String]) throws -> [String] {
        let run: ProcessRun
        do {
            run = try runProgram("python3", [scriptPath] + paths)
        } catch {
            throw Unavailable(description: "cannot start python3 (\(error)); the cross-check needs python3 with Pillow")
        }
        let printed = run.stdout
        guard run.status == 0 else {
            throw Unavailable(description: "decode_png.py failed with status \(run.status): \(run.stderr)")
        }
        return printed.split(whereSeparator: \.isNewline).map(String.init)
    }
}

@Suite("PNG files of straight RGBA")
struct StraightPNGTests {
    /// Review of issue 10: straight RGBA goes to the file as given.
    ///
    /// `PNGFile.encode` went through cairo's premultiplied surface, so a straight red 200 at alpha 1 came back as 255.
    @Test func translucentPixelsKeepTheirColourThroughAFile() throws {
        var image = RGBAImage(width: 3, height: 2, filledWith: (200, 10, 30, 1))
        image.setPixel(x: 1, y: 0, to: (17, 99, 250, 128))
        image.setPixel(x: 2, y: 1, to: (5, 6, 7, 0))
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("straight.png").path
        try AtomicFile.write(try PNGFile.encode(image), to: path)
        // The header says RGBA, and Pillow, an independent decoder, reads back exactly the bytes given.
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes[25] == 6)
        #expect(try pillowPixels(path) == image.pixels)
    }

    @Test func anOpaqueImageIsStoredAsRGB() throws {
        let image = RGBAImage(width: 4, height: 4, filledWith: (1, 2, 3, 255))
        let bytes = try PNGFile.encode(image)
        #expect(bytes[25] == 2)
        let path = try temporaryFolder().appendingPathComponent("rgb.png").path
        try AtomicFile.write(bytes, to: path)
        #expect(try PNGFile.read(path) == image)
    }

    /// The PNG writer and the pixel read-back use one un-premultiply routine, with cairo's rounding.
    @Test func unpremultiplyRoundsToNearestLikeCairoAndClampsInvalidValues() {
        #expect(Unpremultiply.channel(0, alpha: 1) == 0)
        #expect(Unpremultiply.channel(1, alpha: 1) == 255)
        #expect(Unpremultiply.channel(64, alpha: 128) == 128)
        #expect(Unpremultiply.channel(100, alpha: 254) == (100 * 255 + 127) / 254)
        #expect(Unpremultiply.channel(200, alpha: 100) == 255)
    }
}

/// The straight RGBA bytes of the PNG at `path` as Pillow decodes them.
func pillowPixels(_ path: String) throws -> [UInt8] {
    let run = try runProgram(
        "python3",
        ["-c", "import sys; from PIL import Image; sys.stdout.buffer.write(Image.open(sys.argv[1]).convert('RGBA').tobytes())", path])
    return [UInt8](run.standardOutput)
}
