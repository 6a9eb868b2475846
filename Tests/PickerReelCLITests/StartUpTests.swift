import Foundation
import TestSupport
import Testing

/// The tool starts without Foundation's CoreFoundation and ICU: they cost every process about 0.8 ms and 150 page
/// faults before `main` (docs/performance.md), and nothing the tool does needs them.
@Suite("Start-up")
struct StartUpTests {
    /// Neither the libraries nor the tool import Foundation, only FoundationEssentials (the benchmark executables
    /// may: they are not shipped).
    @Test func theShippedModulesImportFoundationEssentialsOnly() throws {
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let benchmarks: Set<String> = ["inprocess-bench", "video-bench", "encode-bench"]
        var importing: [String] = []
        var checked = 0
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !benchmarks.contains($0) }
        for module in modules {
            let folder = sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                checked += 1
                if text.split(separator: "\n").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "import Foundation" }) {
                    importing.append("\(module)/\(file)")
                }
            }
        }
        #expect(checked > 100)
        #expect(importing.isEmpty, "these files import Foundation: \(importing)")
    }

    /// The built tool links neither Foundation's shared library (a debug build) nor its CoreFoundation (a build with
    /// the runtime linked in, as `make` builds it).
    @Test func theBuiltToolLinksNeitherFoundationNorCoreFoundation() throws {
        let tool = try toolURL()
        let binary = try Data(contentsOf: tool)
        #expect(binary.count > 1_000_000)
        for marker in ["libFoundation.so", "__CFInitialize", "libswiftFoundation"] {
            #expect(binary.range(of: Data(marker.utf8)) == nil, "\(marker) in \(tool.path)")
        }
        // The check can fail: the tool does link FoundationEssentials, whose name it holds.
        #expect(binary.range(of: Data("FoundationEssentials".utf8)) != nil)
    }
}
