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
        // libdeflate compresses the PNG frames: several times faster than zlib at a similar ratio.
        .systemLibrary(
            name: "CPickerDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),

        // Pure Swift: spec, colours, geometry, layout, timing curves, springs, timeline. No C, no I/O.
        .target(name: "PickerKit"),

        // Drawing with Cairo and Pango, and the writers for PNG (libdeflate) and SVG.
        .target(name: "PickerRender", dependencies: ["PickerKit", "CPickerCairo", "CPickerPango", "CPickerDeflate"]),

        // Comparing pictures: YIQ colour distance with anti-aliasing detection, folders, reports, the `compare` command.
        .target(name: "PickerCompare", dependencies: ["PickerKit", "PickerRender"]),

        // The library users import: `Renderer` (frames, animation formats, the all-or-nothing write into a folder),
        // spec files, and the model, drawing and comparison modules re-exported.
        .target(name: "PickerReel", dependencies: ["PickerKit", "PickerRender", "PickerCompare", "PickerGIF"]),

        // Snapshot tests: render frames, compare them with goldens beside the test file, record when asked.
        .target(name: "PickerSnapshot", dependencies: ["PickerReel"]),

        // Animated GIF encoding: one global palette from libimagequant, delta frames written with giflib.
        .target(name: "PickerGIF", dependencies: ["PickerKit", "CPickerGIF", "CPickerImageQuant"]),
        // PNG frames in, GIF out, for Benchmarks/gif_vs_ffmpeg.py; not a product.
        .executableTarget(name: "gif-bench", dependencies: ["PickerGIF", "PickerKit", "PickerRender"]),

        // The command-line tool: arguments to library calls, messages and exit codes; a library so tests can call it.
        .target(name: "PickerReelCLI", dependencies: ["PickerReel"]),
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
        .testTarget(name: "PickerReelTests", dependencies: ["PickerReel"]),
        .testTarget(name: "PickerSnapshotTests", dependencies: ["PickerSnapshot", "PickerReel"]),
        .testTarget(name: "PickerGIFTests", dependencies: ["PickerKit", "PickerGIF", "CPickerGIF"]),
        .testTarget(name: "PickerReelCLITests", dependencies: ["PickerReelCLI", "PickerReel", "pickerreel"]),
        // Generated edge specs through every format in the library and the tool, and the fuzz corpus replayed
        // through every format; Checks/ is also compiled into the render fuzzer (Makefile, fuzz-build).
        .testTarget(name: "PickerPropertyTests", dependencies: ["PickerReel", "pickerreel"]),
    ],
    swiftLanguageModes: [.v6]
)
