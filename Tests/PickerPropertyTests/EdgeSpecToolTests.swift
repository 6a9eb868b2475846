import Foundation
import PickerReel
import TestSupport
import Testing

/// Edge specs through the built tool: `render --format` with every format, and `frame` by index and by time.
///
/// The subset is every third case and every one meant to be refused. Each exits 0 with every file there and
/// decoding to the right size (the frames byte for byte what the library makes), or exits 2 with one line naming
/// the spec file and the field, writing nothing.
@Suite("Property: edge specs in every format, in the tool")
struct EdgeSpecToolTests {
    static let cases = EdgeCase.generate(seed: PropertySeed.value).filter { $0.index % 3 == 0 || $0.refusedAt != nil }
    static let everyFormat = OutputFormat.allCases.map(\.rawValue).joined(separator: ",")

    @Test func theSubsetHoldsRenderedAndRefusedCases() {
        #expect(Self.cases.count >= 20, "seed \(PropertySeed.value)")
        #expect(Self.cases.contains { $0.refusedAt != nil }, "seed \(PropertySeed.value)")
    }

    @Test func renderAndFrameAnswerEveryCaseInEveryFormat() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for edge in Self.cases {
            let spec: PickerSpec
            do {
                spec = try edge.draft.spec()
            } catch {
                Issue.record("\(edge): the generator made a spec that does not validate: \(error)")
                continue
            }
            try spec.jsonData().write(to: folder.appendingPathComponent(edge.fileName))
            switch RenderRoundTrip.makeRenderer(spec, file: edge.fileName) {
            case .failed(let problem):
                Issue.record("\(edge): \(problem)")
            case .refused(let error):
                try checkRefusal(edge, error: error, in: folder)
            case .made(let renderer):
                try checkRender(edge, renderer: renderer, in: folder)
            }
        }
    }

    /// The tool refuses the case as the library does: exit 2, one line naming the file and the field, no output.
    func checkRefusal(_ edge: EdgeCase, error: SpecError, in folder: URL) throws {
        let runs = [
            ("render", try runTool(["render", edge.fileName, "-o", "out", "--format", Self.everyFormat], in: folder)),
            ("frame", try runTool(["frame", edge.fileName, "--index", "0", "-o", "refused.png"], in: folder)),
        ]
        for (command, run) in runs {
            #expect(run.status == 2, "\(edge): \(command) exited \(run.status)")
            #expect(run.stdout.isEmpty, "\(edge): \(command) printed \(run.stdout)")
            let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == 1, "\(edge): \(command) said \(run.stderr)")
            let line = lines.first.map(String.init) ?? ""
            #expect(line.hasPrefix("pickerreel: error: "), "\(edge): \(command) said \(line)")
            #expect(line.contains(edge.fileName) && line.contains(error.path.description), "\(edge): \(command) said \(line)")
        }
        let outputs = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)) ?? []
        #expect(!outputs.contains(edge.fileName.replacingOccurrences(of: ".json", with: "")), "\(edge): a refused render left output")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("refused.png").path), "\(edge)")
    }

    /// The tool renders every format of the case: every file there, each decoding to the right size, the frames
    /// byte for byte what the library makes; `frame` by index and by time too.
    func checkRender(_ edge: EdgeCase, renderer: Renderer, in folder: URL) throws {
        let name = edge.fileName.replacingOccurrences(of: ".json", with: "")
        let run = try runTool(["render", edge.fileName, "-o", "out", "--format", Self.everyFormat, "--quiet"], in: folder)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(edge): render exited \(run.status): \(run.stderr)")
        guard run.status == 0 else { return }
        let output = folder.appendingPathComponent("out").appendingPathComponent(name)
        let count = renderer.frameCount
        let frames = (0..<count).flatMap {
            [OutputFormat.png.fileName(name: name, frame: $0), OutputFormat.svg.fileName(name: name, frame: $0)]
        }
        let expected = Set(
            frames + OutputFormat.allCases.filter { !$0.isPerFrame }.map { $0.fileName(name: name) } + ["pickerreel-manifest.json"])
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: output.path))
        #expect(written == expected, "\(edge): wrote \(written.subtracting(expected)), missing \(expected.subtracting(written))")

        let (width, height) = renderer.pixelSize
        for index in Set([0, count / 2, count - 1]) {
            let png = output.appendingPathComponent(OutputFormat.png.fileName(name: name, frame: index)).path
            let image = try PNGFile.read(png)
            #expect(image.width == width && image.height == height, "\(edge): frame \(index) is \(image.width) × \(image.height)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: png)) == renderer.png(frame: index), "\(edge): frame \(index) differs")
            let svg = try Data(contentsOf: output.appendingPathComponent(OutputFormat.svg.fileName(name: name, frame: index)))
            #expect(EncodedOutputCheck.problem(with: [UInt8](svg), format: .svg, renderer: renderer) == nil, "\(edge): SVG frame \(index)")
        }
        for format in OutputFormat.allCases where !format.isPerFrame {
            let bytes = [UInt8](try Data(contentsOf: output.appendingPathComponent(format.fileName(name: name))))
            let problem = EncodedOutputCheck.problem(with: bytes, format: format, renderer: renderer)
            #expect(problem == nil, "\(edge): \(format.rawValue): \(problem ?? "")")
        }
        let sheet = try PNGFile.read(output.appendingPathComponent(OutputFormat.sheet.fileName(name: name)).path)
        #expect(sheet.width > 0 && sheet.height > 0, "\(edge)")

        let last = try runTool(["frame", edge.fileName, "--index", String(count - 1), "-o", "last.png"], in: folder)
        #expect(last.status == 0 && last.stderr.isEmpty, "\(edge): frame --index exited \(last.status): \(last.stderr)")
        let lastBytes = try Data(contentsOf: folder.appendingPathComponent("last.png"))
        #expect(lastBytes == (try renderer.png(frame: count - 1)), "\(edge): frame --index \(count - 1) differs from the library's")
        let middle = renderer.duration / 2
        let moment = try runTool(["frame", edge.fileName, "--time", String(middle), "-o", "middle.svg"], in: folder)
        #expect(moment.status == 0 && moment.stderr.isEmpty, "\(edge): frame --time exited \(moment.status): \(moment.stderr)")
        let svg = [UInt8](try Data(contentsOf: folder.appendingPathComponent("middle.svg")))
        #expect(EncodedOutputCheck.problem(with: svg, format: .svg, renderer: renderer) == nil, "\(edge): frame --time \(middle)")
    }
}
