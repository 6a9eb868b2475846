import Foundation
import TestSupport
import Testing

/// `style.font.file`: labels drawn with exactly that file, read from beside the spec as icons are, never looked up
/// among installed fonts; a file that cannot be used is exit 2 naming the field.
@Suite("Hermetic text: style.font.file")
struct FontFileTests {
    /// An installed font's family, renamed (same length, in the name table's ASCII and UTF-16 strings) to one no
    /// machine has installed.
    static let installed = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
    static let (family, renamed) = ("DejaVu Serif", "PickrReel XY")

    /// A copy of the installed font under the family no font is installed as.
    static func uninstalledFont() throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: installed)))
        for (from, to) in [(Array(family.utf8), Array(renamed.utf8)), (utf16(family), utf16(renamed))] {
            var index = 0
            while index + from.count <= bytes.count {
                if bytes[index] == from[0], Array(bytes[index..<(index + from.count)]) == from {
                    bytes.replaceSubrange(index..<(index + from.count), with: to)
                    index += from.count
                } else {
                    index += 1
                }
            }
        }
        return Data(bytes)
    }

    static func utf16(_ text: String) -> [UInt8] { text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }

    static func spec(fontFile: String?, family: String = "Inter") -> String {
        let file = fontFile.map { ", \"file\": \"\($0)\"" } ?? ""
        return """
            {
              "items": ["Hamburgefonstiv", "Quartz"],
              "selection": { "initial": "Quartz" },
              "style": { "font": { "family": "\(family)", "size": 17\(file) }, "background": "white" },
              "output": { "scale": 2 }
            }
            """
    }

    /// Writes the spec (and the font, at `fontFile`) into a new folder and returns the PNG of frame 0 rendered there.
    func frame(fontFile: String?, font: Data?, family: String = "Inter") throws -> Data {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        if let font, let fontFile {
            let path = folder.appendingPathComponent(fontFile)
            try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try font.write(to: path)
        }
        let spec = folder.appendingPathComponent("spec.json")
        try Data(Self.spec(fontFile: fontFile, family: family).utf8).write(to: spec)
        let output = folder.appendingPathComponent("frame.png")
        let run = try runTool(["frame", spec.path, "--time", "0", "-o", output.path])
        try #require(run.status == 0, "\(run.stderr)")
        return try Data(contentsOf: output)
    }

    @Test func theLabelsAreDrawnWithTheFileFromAnyFolder() throws {
        try #require(FileManager.default.fileExists(atPath: Self.installed), "fonts-dejavu-core is not installed")
        let font = try Self.uninstalledFont()
        // The renamed family is not among the installed fonts: a render can only get it from the file.
        let listed = try runProcess(URL(fileURLWithPath: "/usr/bin/fc-list"), [Self.renamed]).stdout
        #expect(listed.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(Self.renamed) is installed: \(listed)")

        let installed = try frame(fontFile: nil, font: nil)
        let first = try frame(fontFile: "fonts/Test.ttf", font: font)
        let second = try frame(fontFile: "other/place/Test.ttf", font: font)
        #expect(first != installed, "the font file draws as the installed Inter does")
        #expect(first == second, "the same font file from another folder draws other pixels")
        // Looking the file's family up among installed fonts finds none and falls back to another font.
        let lookedUp = try frame(fontFile: nil, font: nil, family: Self.renamed)
        #expect(lookedUp != first, "the installed fallback for \(Self.renamed) draws as the file does")
    }

    /// SVG frames and the animated SVG hold cairo's outlines of the file's glyphs: the same from any folder, not the
    /// installed font's.
    @Test func theSVGsHoldTheFilesOutlines() throws {
        try #require(FileManager.default.fileExists(atPath: Self.installed), "fonts-dejavu-core is not installed")
        let font = try Self.uninstalledFont()
        func svgs(fontFile: String?) throws -> [Data] {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            if let fontFile {
                let path = folder.appendingPathComponent(fontFile)
                try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
                try font.write(to: path)
            }
            let spec = folder.appendingPathComponent("spec.json")
            try Data(Self.spec(fontFile: fontFile).utf8).write(to: spec)
            let run = try runTool([
                "render", spec.path, "-o", folder.appendingPathComponent("out").path, "--format", "svg,svg-animated", "-q",
            ])
            try #require(run.status == 0, "\(run.stderr)")
            return try ["frame-0000.svg", "spec.svg"].map { try Data(contentsOf: folder.appendingPathComponent("out/spec/\($0)")) }
        }
        let installed = try svgs(fontFile: nil)
        let first = try svgs(fontFile: "fonts/Test.ttf")
        let second = try svgs(fontFile: "elsewhere/Test.ttf")
        #expect(first == second, "the SVGs differ with the same font file in another folder")
        #expect(first[0] != installed[0] && first[1] != installed[1], "the SVGs hold the installed font's outlines")
    }

    @Test(arguments: ["validate", "render"])
    func aFontFileThatCannotBeUsedIsExitTwoNamingTheField(command: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a font\n".utf8).write(to: folder.appendingPathComponent("notes.ttf"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.ttf"), withIntermediateDirectories: true)
        for file in ["missing.ttf", "notes.ttf", "folder.ttf", "../outside.ttf"] {
            let spec = folder.appendingPathComponent("spec.json")
            try Data(Self.spec(fontFile: file).utf8).write(to: spec)
            var arguments = [command, spec.path]
            if command == "render" { arguments += ["-o", folder.appendingPathComponent("out").path, "--format", "png", "-q"] }
            let run = try runTool(arguments)
            #expect(run.status == 2, "\(command) with \(file): status \(run.status), \(run.stderr)")
            #expect(run.stderr.contains("style.font.file"), "\(command) with \(file): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "\(command) wrote output")
        }
    }
}
