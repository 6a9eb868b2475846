// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PickerReel",
    products: [
        // `import PickerReel`: describe, validate, render, encode and compare pickers from Swift.
        .library(name: "PickerReel", targets: ["PickerReel"]),
        // `assertPickerSnapshot`: golden-image tests of pickers for Swift Testing and XCTest alike.
        .library(name: "PickerSnapshot", targets: ["PickerSnapshot"]),
        .executable(name: "pickerreel", targets: ["pickerreel"]),
    ],
    targets: [
        // C libraries from the system, found with pkg-config.
        .systemLibrary(
            name: "CPickerCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        .systemLibrary(
            name: "CPickerPango",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"]), .brew(["pango"])]
        ),
        .systemLibrary(
            name: "CPickerGIF",
            pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"]), .brew(["giflib"])]
        ),
        .systemLibrary(
            name: "CPickerImageQuant",
            pkgConfig: "imagequant",
            providers: [.apt(["libimagequant-dev"]), .brew(["libimagequant"])]
        ),
        // librsvg draws SVG icons and images as vectors into the same cairo context as everything else.
        .systemLibrary(
            name: "CPickerRSVG",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]
        ),
        // libdeflate compresses the PNG frames: several times faster than zlib at a similar ratio.
        .systemLibrary(
            name: "CPickerDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),

        // libwebp's animation encoder (WebPAnimEncoder, in libwebpmux) for animated WebP.
        .systemLibrary(
            name: "CPickerWebP",
            pkgConfig: "libwebpmux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),
        // libwebp's animation decoder (WebPAnimDecoder, in libwebpdemux): only the tests read WebP back.
        .systemLibrary(
            name: "CPickerWebPDemux",
            pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),

        // Pure Swift: spec, colours, geometry, layout, timing curves, springs, timeline. No C, no I/O.
        .target(name: "PickerKit"),

        // Drawing with Cairo and Pango, and the writers for PNG (libdeflate) and SVG.
        .target(name: "PickerRender", dependencies: ["PickerKit", "CPickerCairo", "CPickerPango", "CPickerDeflate", "CPickerRSVG"]),

        // Comparing pictures: pixelmatch's YIQ and OKLab distances with anti-aliasing detection, trees, reports, update.
        .target(name: "PickerCompare", dependencies: ["PickerKit", "PickerRender"]),

        // The library users import: `Renderer` (frames, animation formats, the all-or-nothing write into a folder),
        // spec files, and the model, drawing and comparison modules re-exported.
        .target(name: "PickerReel", dependencies: ["PickerKit", "PickerRender", "PickerCompare", "PickerGIF", "PickerWebP"]),

        // Snapshot tests: render frames, compare them with goldens beside the test file, record when asked.
        .target(name: "PickerSnapshot", dependencies: ["PickerReel"]),

        // Animated GIF encoding: one global palette from libimagequant, delta frames written with giflib.
        .target(name: "PickerGIF", dependencies: ["PickerKit", "CPickerGIF", "CPickerImageQuant"]),
        // Animated WebP encoding with libwebp's WebPAnimEncoder: lossless by default, lossy on request, alpha kept.
        .target(name: "PickerWebP", dependencies: ["PickerKit", "CPickerWebP"]),
        // PNG frames (or a spec) in, GIF, APNG or WebP out, for Benchmarks/gif_vs_ffmpeg.py and formats_vs_ffmpeg.py;
        // not a product.
        .executableTarget(name: "encode-bench", dependencies: ["PickerGIF", "PickerKit", "PickerRender", "PickerWebP"]),

        // The command-line tool: arguments to library calls, messages and exit codes; a library so tests can call it.
        .target(name: "PickerReelCLI", dependencies: ["PickerReel"]),
        .executableTarget(name: "pickerreel", dependencies: ["PickerReelCLI"]),

        // For the animation tests only: synthetic frames, playback checks, an independent APNG chunk reader, giflib's
        // and libwebpdemux's decoders played as browsers play them, headless Chromium with a time limit, and Pillow's
        // decoder run by python3 (decode_animation.py, found through #filePath).
        .target(
            name: "AnimationTestSupport", dependencies: ["PickerKit", "CPickerGIF", "CPickerWebPDemux"], path: "Tests/AnimationTestSupport",
            exclude: ["decode_animation.py"]),

        .testTarget(name: "PickerKitTests", dependencies: ["PickerKit"]),
        .testTarget(
            name: "PickerRenderTests",
            dependencies: ["PickerKit", "PickerRender", "PickerCompare", "PickerSnapshot", "AnimationTestSupport"],
            // Pillow's decoder, run by python3 to check the PNG writer independently; found through #filePath.
            exclude: ["decode_png.py"],
            resources: []
        ),
        .testTarget(
            name: "PickerCompareTests",
            dependencies: ["PickerCompare", "PickerKit", "PickerRender"],
            // The pixelmatch cross-check script is run by python3, found through #filePath.
            exclude: ["Support/pixelmatch_count.py"]
        ),
        .testTarget(name: "PickerReelTests", dependencies: ["PickerReel"]),
        .testTarget(name: "PickerSnapshotTests", dependencies: ["PickerSnapshot", "PickerReel"]),
        .testTarget(name: "PickerGIFTests", dependencies: ["PickerKit", "PickerGIF", "CPickerGIF", "AnimationTestSupport"]),
        .testTarget(
            name: "PickerWebPTests", dependencies: ["PickerKit", "PickerWebP", "PickerRender", "CPickerWebPDemux", "AnimationTestSupport"]),
        .testTarget(name: "PickerReelCLITests", dependencies: ["PickerReelCLI", "PickerReel", "pickerreel", "AnimationTestSupport"]),
        // One picture, every format: the PNG frame at moments across the animation against the per-frame SVG, the GIF,
        // APNG and WebP frames on screen then, and the animated SVG paused then in headless Chromium.
        .testTarget(name: "CrossFormatTests", dependencies: ["PickerReel", "PickerRender", "CPickerCairo", "AnimationTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
