import Foundation
import Testing

/// What a process loads before it renders (issue 14, start-up): FFmpeg's libraries and the ~80 they need cost every
/// process about 17 ms to load, so they are opened only when a video is written; librsvg and the libraries only it
/// needs about 1.8 ms, so it is opened only for the first SVG document; libwebp, giflib and libimagequant (with
/// OpenMP) about 0.4 ms together, so they are opened for the first WebP or GIF.
@Suite("Start-up")
struct StartUpTests {
    /// The shared objects the dynamic loader opened while the tool ran `arguments` (glibc's LD_DEBUG=files, written
    /// to a file: the report is larger than a pipe holds).
    static func loadedLibraries(_ arguments: [String]) throws -> (run: ToolRun, libraries: [String]) {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("loader")
        let run = try runTool(arguments, environment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": report.path])
        // The loader appends the process id to the file's name.
        // Only the tool's own report, the one that loads cairo: under AddressSanitizer the tool starts
        // llvm-symbolizer, whose libLLVM loads libxml2, and the loader reports on that process too.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("loader") }
        let reports = try files.map { file in
            try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n").compactMap {
                line -> String? in
                guard let range = line.range(of: "file=") else { return nil }
                return String(line[range.upperBound...].prefix { $0 != " " && $0 != "[" })
            }
        }
        return (run, reports.filter { $0.contains { $0.hasPrefix("libcairo") } }.flatMap { $0 })
    }

    /// The libraries `--version`, `validate` and a PNG render of the seed demo each loaded, with their arguments,
    /// after checking that each succeeded and that its loader report is there (it names cairo), so that a library
    /// missing from it means something.
    static func librariesOfPlainCommands() throws -> [(arguments: [String], libraries: [String])] {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        return try [
            ["--version"], ["validate", fixture("seed-demo.json")], ["render", fixture("seed-demo.json"), "-o", folder.path, "-q"],
        ].map { arguments in
            let (run, libraries) = try loadedLibraries(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr.suffix(300))")
            #expect(libraries.contains { $0.hasPrefix("libcairo") }, "\(arguments)")
            return (arguments, libraries)
        }
    }

    @Test func commandsWithoutVideoDoNotLoadFFmpeg() throws {
        for (arguments, libraries) in try Self.librariesOfPlainCommands() {
            #expect(
                !libraries.contains { $0.hasPrefix("libavcodec") || $0.hasPrefix("libavformat") || $0.hasPrefix("libx264") }, "\(arguments)"
            )
        }
    }

    @Test func aVideoOpensFFmpegWhenItIsWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (run, libraries) = try Self.loadedLibraries(["render", fixture("seed-demo.json"), "-o", folder.path, "--format", "mp4", "-q"])
        #expect(run.status == 0, "\(run.stderr.suffix(300))")
        #expect(libraries.contains { $0.hasPrefix("libavcodec") })
        let size = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("seed-demo/seed-demo.mp4").path)[.size]
        #expect((size as? Int ?? 0) > 1000)
    }

    @Test func commandsWithoutSVGDocumentsDoNotLoadLibrsvg() throws {
        for (arguments, libraries) in try Self.librariesOfPlainCommands() {
            #expect(!libraries.contains { $0.contains("librsvg") || $0.contains("libxml2") }, "\(arguments)")
        }
    }

    @Test func commandsWithoutGIFOrWebPDoNotLoadTheirLibraries() throws {
        let encoders = ["libwebp", "libwebpmux", "libsharpyuv", "libgif", "libimagequant", "libgomp"]
        for (arguments, libraries) in try Self.librariesOfPlainCommands() {
            let loaded = libraries.filter { library in encoders.contains { library.hasPrefix($0 + ".") } }
            #expect(loaded.isEmpty, "\(arguments): \(loaded)")
        }
    }

    /// Each opens its libraries when its first file is written, and writes the same file whatever else is open.
    @Test func aGIFAndAWebPOpenTheirLibrariesWhenTheyAreWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (run, libraries) = try Self.loadedLibraries([
            "render", fixture("seed-demo.json"), "-o", folder.path, "--format", "gif,webp", "-q",
        ])
        #expect(run.status == 0, "\(run.stderr.suffix(300))")
        for library in ["libwebp.", "libwebpmux.", "libgif.", "libimagequant."] {
            #expect(libraries.contains { $0.hasPrefix(library) }, "\(library)")
        }
        let second = try runTool([
            "render", fixture("seed-demo.json"), "-o", folder.appendingPathComponent("gif").path, "--format", "gif", "-q",
        ])
        #expect(second.status == 0, "\(second.stderr)")
        let gif = try Data(contentsOf: folder.appendingPathComponent("seed-demo/seed-demo.gif"))
        #expect(gif.starts(with: Array("GIF89a".utf8)) && gif.count > 1000)
        #expect(try Data(contentsOf: folder.appendingPathComponent("gif/seed-demo/seed-demo.gif")) == gif)
        let webp = try Data(contentsOf: folder.appendingPathComponent("seed-demo/seed-demo.webp"))
        #expect(webp.starts(with: Array("RIFF".utf8)) && webp.count > 1000)
    }

    @Test func anSVGIconOpensLibrsvgAndIsDrawn() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = repositoryRoot.appendingPathComponent("Fixtures/gallery/appearance.json").path
        let (run, libraries) = try Self.loadedLibraries(["render", spec, "-o", folder.path, "-q"])
        #expect(run.status == 0, "\(run.stderr.suffix(300))")
        #expect(libraries.contains { $0.contains("librsvg") })
        // The icons are drawn: the first frame differs from the same spec without icons.
        let plain = try String(contentsOfFile: spec, encoding: .utf8).replacingOccurrences(
            of: #", "icon": "icons/[a-z]+\.svg""#, with: "", options: .regularExpression)
        #expect(!plain.contains(".svg"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("plain-spec"), withIntermediateDirectories: true)
        let plainSpec = try writeSpec(plain, named: "appearance.json", in: folder.appendingPathComponent("plain-spec"))
        let second = try runTool(["render", plainSpec, "-o", folder.appendingPathComponent("plain").path, "-q"])
        #expect(second.status == 0, "\(second.stderr)")
        let withIcons = try Data(contentsOf: folder.appendingPathComponent("appearance/frame-0000.png"))
        let without = try Data(contentsOf: folder.appendingPathComponent("plain/appearance/frame-0000.png"))
        #expect(withIcons != without)
    }
}
