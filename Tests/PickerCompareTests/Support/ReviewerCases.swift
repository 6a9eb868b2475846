import Foundation
import PickerKit
import Testing

@testable import PickerRender

/// The seed demo rendered as a reviewer's golden frames, and changed in the ways a comparison must catch or
/// must let pass: the measurements behind the default metric and threshold (docs/compare.md).
enum ReviewerCases {
    /// One way of changing the render, and whether a comparison at the defaults must report it.
    struct Variant: Sendable, CustomTestStringConvertible {
        enum Change: Sendable {
            /// The highlight's colour, by SwiftUI name.
            case color(String)
            /// The highlight's opacity in the spec.
            case opacity(Double)
            /// The highlight moved by (dx, dy) points in every frame.
            case shift(Double, Double)
            /// Labels drawn with other rasteriser settings, as another machine might.
            case raster(TextRasterSettings)
        }

        /// What the defaults must do with a variant.
        enum Expectation: String, Sendable {
            /// A reviewer sees it: every frame must differ.
            case fails
            /// Another machine's anti-aliasing: no frame may differ.
            case passes
            /// Glyphs placed differently, or no or colour anti-aliasing: measured, and reported as differences.
            case reported
        }

        var name: String
        var change: Change
        var expectation: Expectation

        var testDescription: String { name }
    }

    static let specPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/specs/seed-demo.json").path

    static func seedDemo() throws -> PickerSpec {
        try PickerSpec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: specPath))), file: specPath)
    }

    /// SwiftUI's colour names as spec files write them (the UIKit fills and backgrounds left out).
    static var colorNames: [String] {
        NamedColor.allCases.map(\.rawValue).filter { $0 != "systemBackground" && $0 != "tertiarySystemFill" }
    }

    /// Every named colour but the demo's own gray, which a reviewer tells apart from it at 0.4 opacity.
    static var colorVariants: [Variant] {
        colorNames.filter { $0 != "gray" }.map { name in
            Variant(name: "highlight \(name)", change: .color(name), expectation: .fails)
        }
    }

    static let geometryVariants: [Variant] = [
        Variant(name: "highlight 1 pt right", change: .shift(1, 0), expectation: .fails),
        Variant(name: "highlight 1 pt left", change: .shift(-1, 0), expectation: .fails),
        Variant(name: "highlight 1 pt down", change: .shift(0, 1), expectation: .fails),
        Variant(name: "opacity 0.45", change: .opacity(0.45), expectation: .fails),
        Variant(name: "opacity 0.35", change: .opacity(0.35), expectation: .fails),
    ]

    /// Other rasteriser settings for the labels: what two machines' font stacks may disagree on.
    static let rasterVariants: [Variant] = {
        let standard = TextRasterSettings.standard
        func variant(_ name: String, _ change: (inout TextRasterSettings) -> Void) -> Variant {
            var settings = standard
            change(&settings)
            return Variant(name: name, change: .raster(settings), expectation: .passes)
        }
        return [
            variant("hint style slight") { $0.hintStyle = .slight },
            variant("hint style medium") { $0.hintStyle = .medium },
            variant("hint style full") { $0.hintStyle = .full },
        ]
    }()

    /// Glyphs placed at other fractions of a pixel, and other anti-aliasing modes: measured to say what the
    /// default does with them (it reports them).
    static let otherRasterVariants: [Variant] = {
        func variant(_ name: String, _ change: (inout TextRasterSettings) -> Void) -> Variant {
            var settings = TextRasterSettings.standard
            change(&settings)
            return Variant(name: name, change: .raster(settings), expectation: .reported)
        }
        return [
            variant("hinted metrics") { $0.hintsMetrics = true },
            variant("rounded glyph positions") { $0.roundsGlyphPositions = true },
            variant("no anti-aliasing (monochrome)") { $0.antialias = .none },
            variant("subpixel anti-aliasing (RGB)") { $0.antialias = .subpixel },
        ]
    }()

    /// Every variant measured.
    static var all: [Variant] { colorVariants + geometryVariants + rasterVariants + otherRasterVariants }

    /// Every frame of the seed demo as drawn by the renderer, drawn once for all variants.
    static let golden: Result<[RGBAImage], any Error> = Result {
        let renderer = try FrameDrawer(spec: try seedDemo(), file: specPath)
        return try (0..<renderer.plan.timeline.frameCount).map { try renderer.image(state: renderer.plan.timeline.state(forFrame: $0)) }
    }

    static func goldenFrames() throws -> [RGBAImage] {
        try golden.get()
    }

    /// The frames with `variant`'s change, paired with the golden frames they are compared to (for a shift,
    /// both drawn from scratch so that only the highlight's place differs).
    static func framePairs(_ variant: Variant) throws -> [(expected: RGBAImage, actual: RGBAImage)] {
        var spec = try seedDemo()
        switch variant.change {
        case .color(let name):
            guard let color = PickerColor(name) else { throw Unknown(name: name) }
            spec.style.highlight.color = color
        case .opacity(let opacity):
            spec.style.highlight.opacity = opacity
        case .shift(let dx, let dy):
            let renderer = try FrameDrawer(spec: spec, file: specPath)
            return try (0..<renderer.plan.timeline.frameCount).compactMap { index in
                guard let highlight = renderer.plan.timeline.highlight(forFrame: index) else { return nil }
                var moved = highlight
                moved.rect.x += dx
                moved.rect.y += dy
                return (
                    try renderer.referenceImage(state: FrameState(highlight: highlight)),
                    try renderer.referenceImage(state: FrameState(highlight: moved))
                )
            }
        case .raster(let settings):
            let golden = try goldenFrames()
            let renderer = try TextRasterSettings.$current.withValue(settings) { try FrameDrawer(spec: spec, file: specPath) }
            return try golden.indices.map { (golden[$0], try renderer.image(state: renderer.plan.timeline.state(forFrame: $0))) }
        }
        let golden = try goldenFrames()
        let renderer = try FrameDrawer(spec: spec, file: specPath)
        return try golden.indices.map { (golden[$0], try renderer.image(state: renderer.plan.timeline.state(forFrame: $0))) }
    }

    struct Unknown: Error {
        var name: String
    }
}
