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
            providers: [.apt(["libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CPickerPango",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        // giflib writes GIF, libimagequant chooses its palettes; libwebp, libwebpmux (WebPAnimEncoder) and libwebpdemux
        // (WebPAnimDecoder, for compare) write and read animated WebP. Linked: loading them (and libgomp) costs every
        // process about 1 ms (`validate` 17.4 -> 17.9 ms, a PNG render of the seed demo 40.9 -> 43.0 ms, medians of
        // 50), which no user notices; opening them with dlopen on first use saved that for more code.
        .systemLibrary(
            name: "CPickerGIF",
            pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"])]
        ),
        .systemLibrary(
            name: "CPickerImageQuant",
            pkgConfig: "imagequant",
            providers: [.apt(["libimagequant-dev"])]
        ),
        .systemLibrary(
            name: "CPickerWebP",
            pkgConfig: "libwebpmux",
            providers: [.apt(["libwebp-dev"])]
        ),
        // librsvg draws SVG icons and images as vectors into the same cairo context as everything else. No pkgConfig:
        // its libraries would be linked, and loading them costs every process ~1.8 ms; the shim declares what it uses
        // and opens the library with dlopen for the first SVG document.
        .systemLibrary(
            name: "CPickerRSVG",
            providers: [.apt(["librsvg2-dev"])]
        ),
        // zlib compresses the rows of a PNG frame that changed, as pieces that end with a full flush, so the static
        // rows' compressed bytes can be reused around them.
        // openat2(2) with RESOLVE_BENEATH, so that a spec's icons and images are read only from inside its root, and
        // renameat2(2)'s RENAME_EXCHANGE, which switches an output folder whole.
        .systemLibrary(name: "CPickerOpenat2", providers: [.apt(["linux-libc-dev"])]),
        .systemLibrary(
            name: "CPickerZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Nettle's SHA-256 (with the CPU's SHA instructions where it has them) digests the spec, its files and every
        // output file for the render manifest, and finds equal and renamed files in compare.
        .systemLibrary(
            name: "CPickerNettle",
            pkgConfig: "nettle",
            providers: [.apt(["nettle-dev"])]
        ),
        // libpng (which cairo loads anyway) reads PNG files for compare and snapshots: every kind, as straight RGBA.
        .systemLibrary(
            name: "CPickerPNG",
            pkgConfig: "libpng16",
            providers: [.apt(["libpng-dev"])]
        ),
        // libdeflate compresses the PNG frames: several times faster than zlib at a similar ratio.
        .systemLibrary(
            name: "CPickerDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // FFmpeg's libraries encode MP4 (H.264 through libx264) and WebM (VP9 through libvpx) in-process. One module
        // for the three: their headers include each other's, and Swift sees a C declaration only through the one
        // module that owns it, so one module a library made libavutil's types vanish depending on the imports.
        // No pkgConfig: its libraries would be linked, and loading them costs every process ~17 ms (the shim opens
        // them with dlopen for the first video instead); the headers are on the default include path
        // (/usr/include/<triple> on Debian).
        .systemLibrary(
            name: "CPickerFFmpeg",
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavutil-dev"])]
        ),
        // libmicrohttpd serves `pickerreel preview`'s page on 127.0.0.1. No pkgConfig: linked, it and GnuTLS under it
        // would cost every process ~11 ms of loading; the shim opens it with dlopen when a preview starts (the header
        // is on the default include path; its pkg-config name is libmicrohttpd).
        .systemLibrary(
            name: "CPickerMicroHTTPD",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),

        // rlottie plays Lottie goldens for `assertPickerSnapshot(…, as: .lottie)`. No pkgConfig: only the tests that ask
        // for a Lottie snapshot need it, so the shim opens it with dlopen there, and the tool (which never plays a
        // Lottie: its .deb does not depend on it), the library and other snapshot tests build and run without it.
        .systemLibrary(
            name: "CPickerRlottie",
            providers: [.apt(["librlottie0-1"])]
        ),

        // The model in Swift: spec, colours, geometry, layout, timing curves, springs, timeline, and how numbers are
        // written.
        .target(name: "PickerKit"),
        // The system plumbing the other targets share, kept out of the model: POSIX calls by name, the CLI's lock, a
        // condition variable, and the tables of functions the shims fill with dlopen.
        .target(name: "PickerSystem"),

        // Drawing with Cairo and Pango, and the writers for PNG (libdeflate) and SVG.
        .target(
            name: "PickerRender",
            dependencies: [
                "PickerKit", "PickerSystem", "CPickerCairo", "CPickerPango", "CPickerDeflate", "CPickerPNG", "CPickerRSVG",
                "CPickerZlib",
                "CPickerOpenat2", "CPickerNettle",
            ]),

        // Comparing pictures: pixelmatch's YIQ and OKLab distances with anti-aliasing detection, trees, reports, update;
        // animations (APNG, and WebP read with PickerWebP's decoder) compared in time.
        .target(name: "PickerCompare", dependencies: ["PickerKit", "PickerRender", "PickerWebP"]),

        // The library users import: `Renderer` (frames, animation formats, the all-or-nothing write into a folder),
        // spec files, and the model, drawing and comparison modules re-exported.
        .target(
            name: "PickerReel",
            dependencies: ["PickerKit", "PickerSystem", "PickerRender", "PickerCompare", "PickerGIF", "PickerWebP", "PickerVideo"]),

        // Snapshot tests: render frames, an APNG or a Lottie, compare them with goldens beside the test file (Lottie
        // played in rlottie), record when asked.
        .target(name: "PickerSnapshot", dependencies: ["PickerReel", "PickerSystem", "CPickerRlottie"]),

        // Animated GIF encoding: one global palette from libimagequant, delta frames written with giflib.
        .target(name: "PickerGIF", dependencies: ["PickerKit", "CPickerGIF", "CPickerImageQuant"]),
        // Animated WebP encoding with libwebp's WebPAnimEncoder: lossless by default, lossy on request, alpha kept.
        .target(name: "PickerWebP", dependencies: ["PickerKit", "CPickerWebP"]),
        // PNG frames (or a spec) in, GIF, APNG or WebP out, for Benchmarks/gif_vs_ffmpeg.py and formats_vs_ffmpeg.py;
        // not a product.
        .executableTarget(name: "encode-bench", dependencies: ["PickerGIF", "PickerKit", "PickerRender", "PickerWebP"]),

        // MP4 (H.264) and WebM (VP9) encoding in memory with libavcodec and libavformat; frames in, bytes out.
        .target(name: "PickerVideo", dependencies: ["PickerKit", "PickerSystem", "CPickerFFmpeg"]),
        // PNG frames (or a spec) in, MP4 or WebM out, for Benchmarks/video_vs_ffmpeg.py; not a product.
        .executableTarget(name: "inprocess-bench", dependencies: ["PickerReel", "PickerSnapshot"]),
        .executableTarget(name: "video-bench", dependencies: ["PickerVideo", "PickerKit", "PickerRender"]),

        // `pickerreel preview`: the page on 127.0.0.1 (libmicrohttpd), its routes, and the watcher that reloads it.
        .target(name: "PickerPreview", dependencies: ["PickerReel", "PickerKit", "CPickerMicroHTTPD"]),
        // The command-line tool: arguments to library calls, messages and exit codes; a library so tests can call it.
        .target(name: "PickerReelCLI", dependencies: ["PickerReel", "PickerPreview"]),
        .executableTarget(name: "pickerreel", dependencies: ["PickerReelCLI"]),

        // For the animation tests only: synthetic frames, playback checks, an independent APNG chunk reader, giflib's
        // and libwebpdemux's decoders played as browsers play them, headless Chromium with a time limit, and Pillow's
        // decoder run by python3 (decode_animation.py), and rlottie playing Lottie files (play_lottie.py), both found
        // through #filePath.
        .target(
            name: "AnimationTestSupport", dependencies: ["PickerKit", "CPickerGIF", "CPickerWebP", "TestSupport"],
            path: "Tests/AnimationTestSupport", exclude: ["decode_animation.py", "play_lottie.py"]),
        // For every test target: the repository's root, programs run with a time limit, temporary folders removed.
        .target(name: "TestSupport", path: "Tests/TestSupport"),

        .testTarget(name: "PickerKitTests", dependencies: ["PickerKit", "PickerSystem"]),
        .testTarget(
            name: "PickerRenderTests",
            dependencies: ["PickerKit", "PickerRender", "PickerCompare", "PickerSnapshot", "AnimationTestSupport", "TestSupport"],
            // Pillow's decoder, run by python3 to check the PNG writer independently; found through #filePath.
            exclude: ["decode_png.py"],
            resources: []
        ),
        .testTarget(
            name: "PickerCompareTests",
            dependencies: ["PickerCompare", "PickerKit", "PickerRender", "TestSupport"],
            // The pixelmatch cross-check script is run by python3, found through #filePath.
            exclude: ["Support/pixelmatch_count.py"]
        ),
        .testTarget(name: "PickerReelTests", dependencies: ["PickerReel", "PickerWebP", "TestSupport"]),
        .testTarget(name: "PickerSnapshotTests", dependencies: ["PickerSnapshot", "PickerReel", "TestSupport"]),
        .testTarget(name: "PickerGIFTests", dependencies: ["PickerKit", "PickerGIF", "CPickerGIF", "AnimationTestSupport"]),
        .testTarget(
            name: "PickerWebPTests",
            dependencies: ["PickerKit", "PickerWebP", "PickerRender", "CPickerWebP", "AnimationTestSupport", "TestSupport"]),
        .testTarget(name: "PickerVideoTests", dependencies: ["PickerVideo", "PickerKit", "PickerRender", "TestSupport"]),
        .testTarget(
            name: "PickerReelCLITests", dependencies: ["PickerReelCLI", "PickerReel", "pickerreel", "AnimationTestSupport", "TestSupport"],
            // The HTML report's check in Chromium through Playwright, run by python3, found through #filePath.
            exclude: ["Browser/html_report_check.py", "Audit/wcag_pixels.py"]),
        // Generated edge specs through every format in the library and the tool, and the fuzz corpus replayed
        // through every format; Checks/ is also compiled into the render fuzzer (Makefile, fuzz-build).
        .testTarget(name: "PickerPropertyTests", dependencies: ["PickerReel", "pickerreel", "TestSupport"]),
        // One picture, every format: the PNG frame at moments across the animation against the per-frame SVG, the GIF,
        // APNG and WebP frames on screen then, the videos decoded, and the animated SVG paused then in headless Chromium.
        .testTarget(
            name: "CrossFormatTests", dependencies: ["PickerReel", "PickerRender", "CPickerCairo", "AnimationTestSupport", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
