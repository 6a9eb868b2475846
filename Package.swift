// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PickerReel",
    products: [
        // The model (spec, layout, timeline) and the Cairo renderer, for other Swift packages.
        .library(name: "PickerReel", targets: ["PickerKit", "PickerRender"]),
        .executable(name: "pickerreel", targets: ["pickerreel"]),
        // Perceptual comparison of PNG files and folders (pixelmatch's algorithm), for `pickerreel compare` and snapshots.
        .library(name: "PickerCompare", targets: ["PickerCompare"]),
        // `assertPickerSnapshot`: golden-image tests of pickers for Swift Testing and XCTest alike.
        .library(name: "PickerSnapshot", targets: ["PickerSnapshot"]),
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
        .target(name: "PickerRender", dependencies: ["PickerKit", "CPickerCairo", "CPickerPango", "CPickerDeflate"]),

        // Comparing pictures: YIQ colour distance with anti-aliasing detection, folders, reports, the `compare` command.
        .target(name: "PickerCompare", dependencies: ["PickerKit", "PickerRender"]),

        // Snapshot tests: render frames, compare them with goldens beside the test file, record when asked.
        .target(name: "PickerSnapshot", dependencies: ["PickerKit", "PickerRender", "PickerCompare"]),

        // Animated GIF encoding: one global palette from libimagequant, delta frames written with giflib.
        .target(name: "PickerGIF", dependencies: ["PickerKit", "CPickerGIF", "CPickerImageQuant"]),
        // Animated WebP encoding with libwebp's WebPAnimEncoder: lossless by default, lossy on request, alpha kept.
        .target(name: "PickerWebP", dependencies: ["PickerKit", "CPickerWebP"]),
        // PNG frames (or a spec) in, GIF, APNG or WebP out, for Benchmarks/gif_vs_ffmpeg.py and formats_vs_ffmpeg.py;
        // not a product.
        .executableTarget(name: "encode-bench", dependencies: ["PickerGIF", "PickerKit", "PickerRender", "PickerWebP"]),

        // The command-line tool as a library, so tests can call its parser directly.
        .target(name: "PickerReelCLI", dependencies: ["PickerKit", "PickerRender", "PickerCompare", "PickerGIF"]),
        .executableTarget(name: "pickerreel", dependencies: ["PickerReelCLI"]),

        // For the animation tests only: synthetic frames, playback checks, an independent APNG chunk reader,
        // and Pillow's decoder run by python3 (decode_animation.py, found through #filePath).
        .target(
            name: "AnimationTestSupport", dependencies: ["PickerKit"], path: "Tests/AnimationTestSupport", exclude: ["decode_animation.py"]),

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
        .testTarget(name: "PickerSnapshotTests", dependencies: ["PickerSnapshot", "PickerCompare", "PickerKit", "PickerRender"]),
        .testTarget(name: "PickerGIFTests", dependencies: ["PickerKit", "PickerGIF", "CPickerGIF"]),
        .testTarget(
            name: "PickerWebPTests", dependencies: ["PickerKit", "PickerWebP", "PickerRender", "CPickerWebPDemux", "AnimationTestSupport"]),
        .testTarget(name: "PickerReelCLITests", dependencies: ["PickerReelCLI", "PickerKit", "PickerRender", "pickerreel"]),
    ],
    swiftLanguageModes: [.v6]
)
