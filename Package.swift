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
        // FFmpeg's libraries encode MP4 (H.264 through libx264) and WebM (VP9 through libvpx) in-process. One module
        // for the four: their headers include each other's, and Swift sees a C declaration only through the one
        // module that owns it, so four modules made libavutil's types vanish depending on the imports.
        .systemLibrary(
            name: "CPickerFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavutil-dev", "libswscale-dev"]), .brew(["ffmpeg"])]
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
        // PNG frames in, GIF out, for Benchmarks/gif_vs_ffmpeg.py; not a product.
        .executableTarget(name: "gif-bench", dependencies: ["PickerGIF", "PickerKit", "PickerRender"]),

        // MP4 (H.264) and WebM (VP9) encoding in memory with libavcodec and libavformat; frames in, bytes out.
        .target(
            name: "PickerVideo", dependencies: ["PickerKit", "CPickerFFmpeg"]),
        // PNG frames in, MP4 or WebM out, for Benchmarks/video_vs_ffmpeg.py; not a product.
        .executableTarget(name: "video-bench", dependencies: ["PickerVideo", "PickerKit", "PickerRender", "CPickerDeflate"]),

        // The command-line tool as a library, so tests can call its parser directly.
        .target(name: "PickerReelCLI", dependencies: ["PickerKit", "PickerRender", "PickerCompare", "PickerGIF"]),
        .executableTarget(name: "pickerreel", dependencies: ["PickerReelCLI"]),

        .testTarget(name: "PickerKitTests", dependencies: ["PickerKit"]),
        .testTarget(
            name: "PickerRenderTests",
            dependencies: ["PickerKit", "PickerRender", "PickerCompare", "PickerSnapshot"],
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
        .testTarget(name: "PickerVideoTests", dependencies: ["PickerVideo", "PickerKit", "PickerRender"]),
        .testTarget(name: "PickerReelCLITests", dependencies: ["PickerReelCLI", "PickerKit", "PickerRender", "pickerreel"]),
    ],
    swiftLanguageModes: [.v6]
)
