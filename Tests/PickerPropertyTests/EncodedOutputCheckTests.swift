import Foundation
import PickerReel
import Testing

/// The checks the property test and the fuzzer rely on catch what they are for: a truncated or wrongly sized
/// PNG, a GIF that is cut short, misframed, of the wrong size, with delays that do not add up or the wrong loop
/// count, an SVG that is not XML or not the canvas's size, and an APNG, WebP, MP4 or WebM that is cut short,
/// damaged or of the wrong size, loop count or duration.
@Suite("Output checks")
struct EncodedOutputCheckTests {
    static func renderer(scale: Double = 1, loop: Int? = nil) throws -> Renderer {
        try Renderer(
            PickerSpec(
                items: ["Day", "Week"], initial: "Day", changes: [.select("Week", after: 0.1, duration: 0.3)], tail: 0.2,
                output: OutputSettings(fps: 10, scale: scale, loopCount: loop)))
    }

    @Test func realOutputsPass() throws {
        let renderer = try Self.renderer()
        for format in OutputFormat.allCases {
            let bytes = try renderer.encoded(format, frame: 2)
            #expect(EncodedOutputCheck.problem(with: bytes, format: format, renderer: renderer) == nil, "\(format)")
        }
    }

    @Test func aTruncatedOrWronglySizedPNGFails() throws {
        let renderer = try Self.renderer()
        let png = try renderer.encoded(.png)
        #expect(EncodedOutputCheck.problem(with: Array(png.dropLast(30)), format: .png, renderer: renderer) != nil)
        #expect(EncodedOutputCheck.problem(with: Array("not a png".utf8), format: .sheet, renderer: renderer) != nil)
        let larger = try Self.renderer(scale: 2).encoded(.png)
        let problem = EncodedOutputCheck.problem(with: larger, format: .png, renderer: renderer)
        #expect(problem?.contains("expected") == true, "\(problem ?? "no problem")")
    }

    @Test func aBrokenGIFFails() throws {
        let renderer = try Self.renderer()
        let gif = try renderer.encoded(.gif)
        #expect(EncodedOutputCheck.problem(with: Array(gif.dropLast()), format: .gif, renderer: renderer) != nil)
        #expect(EncodedOutputCheck.problem(with: gif + [0], format: .gif, renderer: renderer) != nil)
        #expect(EncodedOutputCheck.problem(with: Array(gif.prefix(100)), format: .gif, renderer: renderer) != nil)
        // A screen one pixel narrower.
        var narrower = gif
        narrower[6] &-= 1
        #expect(EncodedOutputCheck.problem(with: narrower, format: .gif, renderer: renderer)?.contains("screen") == true)
        // The first frame's delay one centisecond longer.
        var slower = gif
        let control = try #require((0..<(gif.count - 3)).first { gif[$0] == 0x21 && gif[$0 + 1] == 0xF9 && gif[$0 + 2] == 4 })
        slower[control + 4] &+= 1
        #expect(EncodedOutputCheck.problem(with: slower, format: .gif, renderer: renderer)?.contains("delays") == true)
        // A GIF that loops forever where the spec plays once.
        let once = try Self.renderer(loop: 1)
        #expect(EncodedOutputCheck.problem(with: gif, format: .gif, renderer: once)?.contains("loop") == true)
        #expect(EncodedOutputCheck.problem(with: try once.encoded(.gif), format: .gif, renderer: once) == nil)
    }

    @Test func aBrokenOrWronglySizedSVGFails() throws {
        let renderer = try Self.renderer()
        for format in [OutputFormat.svg, .svgAnimated] {
            let svg = try renderer.encoded(format)
            #expect(EncodedOutputCheck.problem(with: Array(svg.prefix(svg.count / 2)), format: format, renderer: renderer) != nil)
            let wider = try Self.widened(String(decoding: svg, as: UTF8.self))
            let problem = EncodedOutputCheck.problem(with: Array(wider.utf8), format: format, renderer: renderer)
            #expect(problem?.contains("width") == true, "\(format): \(problem ?? "no problem")")
        }
    }

    @Test func aBrokenAPNGFails() throws {
        let renderer = try Self.renderer()
        let apng = try renderer.encoded(.apng)
        #expect(EncodedOutputCheck.problem(with: Array(apng.dropLast(4)), format: .apng, renderer: renderer) != nil)
        var damaged = apng
        damaged[damaged.count / 2] ^= 0x55
        #expect(EncodedOutputCheck.problem(with: damaged, format: .apng, renderer: renderer)?.contains("CRC") == true)
        let once = try Self.renderer(loop: 1)
        #expect(EncodedOutputCheck.problem(with: apng, format: .apng, renderer: once)?.contains("plays") == true)
        let larger = try Self.renderer(scale: 2)
        #expect(EncodedOutputCheck.problem(with: apng, format: .apng, renderer: larger)?.contains("expected") == true)
    }

    @Test func aBrokenWebPFails() throws {
        let renderer = try Self.renderer()
        let webp = try renderer.encoded(.webp)
        #expect(EncodedOutputCheck.problem(with: Array(webp.dropLast(2)), format: .webp, renderer: renderer)?.contains("RIFF") == true)
        let once = try Self.renderer(loop: 1)
        #expect(EncodedOutputCheck.problem(with: webp, format: .webp, renderer: once)?.contains("loops") == true)
        let larger = try Self.renderer(scale: 2)
        #expect(EncodedOutputCheck.problem(with: webp, format: .webp, renderer: larger)?.contains("canvas") == true)
        // The first frame's duration a millisecond longer.
        var slower = webp
        let frame = try #require((12..<(webp.count - 4)).first { Array(webp[$0..<$0 + 4]) == Array("ANMF".utf8) })
        slower[frame + 8 + 12] &+= 1
        #expect(EncodedOutputCheck.problem(with: slower, format: .webp, renderer: renderer)?.contains("durations") == true)
    }

    @Test(arguments: [OutputFormat.mp4, .webm])
    func aBrokenVideoFails(format: OutputFormat) throws {
        let renderer = try Self.renderer()
        let video = try renderer.encoded(format)
        #expect(EncodedOutputCheck.problem(with: Array(video.dropLast(9)), format: format, renderer: renderer) != nil)
        #expect(EncodedOutputCheck.problem(with: Array(video.dropFirst(4)), format: format, renderer: renderer) != nil)
        let larger = try Self.renderer(scale: 2)
        #expect(EncodedOutputCheck.problem(with: video, format: format, renderer: larger)?.contains("expected") == true)
    }

    /// `svg` with the root element's width one more than it was.
    static func widened(_ svg: String) throws -> String {
        let root = try #require(svg.range(of: "<svg"))
        let start = try #require(svg.range(of: " width=\"", range: root.upperBound..<svg.endIndex))
        let end = try #require(svg[start.upperBound...].firstIndex(of: "\""))
        let width = try #require(Double(svg[start.upperBound..<end]))
        return svg.replacingCharacters(in: start.upperBound..<end, with: String(width + 1))
    }
}
