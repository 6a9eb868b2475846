import Foundation
import TestSupport
import Testing

/// The command-line tool is a shell over the public library: its sources compile against the library as another
/// package's would, and it declares nothing public of its own.
@Suite("Public API only")
struct PublicAPIOnlyTests {
    /// The tool's sources type-check against the built library modules as a module of this package, without
    /// `@testable` or internal imports: the tool calls the library's public declarations, and the `package` ones
    /// (plumbing such as `PlainText` or `LinkedPath`, kept out of the public surface a user sees), never its internals.
    @Test func theToolCompilesAgainstThePublicAndPackageLibrary() throws {
        let sources = try Self.toolSources()
        #expect(sources.count > 20)
        let run = try runProgram(Self.compiler, ["-typecheck"] + (try Self.compilerArguments()) + sources.map(\.path), timeLimit: 120)
        let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(run.status == 0 && errors.isEmpty, "the tool uses what is not public:\n\(errors.prefix(40).joined(separator: "\n"))")
    }

    /// No declaration in the tool's sources is `public` or `open`: the tool is no library of its own.
    @Test func theToolDeclaresNothingPublic() throws {
        var found: [String] = []
        for file in try Self.toolSources() {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where Self.declaresPublic(line) {
                found.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "public declarations in the tool:\n\(found.joined(separator: "\n"))")
    }

    static let compiler = "swiftc"

    /// The words that open a declaration; `public` or `open` among the modifiers before one makes it public.
    static let declarationWords: Set<Substring> = [
        "func", "var", "let", "struct", "enum", "class", "actor", "protocol", "init", "subscript", "typealias", "extension", "case",
    ]

    /// True when `line` declares something `public` or `open` (words in comments and string literals do not count).
    static func declaresPublic(_ line: Substring) -> Bool {
        let code = line.prefix { $0 != "\"" }.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let words = code.split(whereSeparator: { !$0.isLetter && $0 != "@" })
        guard let keyword = words.firstIndex(where: { declarationWords.contains($0) }) else { return false }
        return words[..<keyword].contains { $0 == "public" || $0 == "open" }
    }

    /// Every Swift file of the PickerReelCLI target.
    static func toolSources() throws -> [URL] {
        let folder = repositoryRoot.appendingPathComponent("Sources/PickerReelCLI")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The flags SwiftPM would give, with another package's name: the built modules, the C modules' maps and their
    /// libraries' header folders.
    static func compilerArguments() throws -> [String] {
        // The modules beside this test bundle (`.build/<triple>/debug/Modules`), which `swift build --build-tests` made.
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [bundleFolder, repositoryRoot.appendingPathComponent(".build/debug")].map { $0.appendingPathComponent("Modules") }
        guard
            let modules = candidates.first(where: {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("PickerReel.swiftmodule").path)
            })
        else { throw ModulesNotBuilt(looked: candidates.map(\.path)) }
        // One frontend for the whole module (-wmo), so that every file's errors are reported, not the first file's alone.
        // The package's own name, as the build that made the modules gave it (its manifest, `.build/debug.yaml` or
        // `release.yaml`; else SwiftPM's rule, the checkout folder's name lowercased with other than letters and
        // digits as `_`): the library's `package` declarations are in reach, its internal ones are not.
        let manifest = modules.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(modules.deletingLastPathComponent().lastPathComponent + ".yaml")
        let built = (try? String(contentsOf: manifest, encoding: .utf8))?.components(separatedBy: "\"-package-name\",\"").dropFirst().first?
            .prefix { $0 != "\"" }
        let packageName =
            built.map(String.init)
            ?? String(repositoryRoot.standardizedFileURL.lastPathComponent.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
        var arguments = [
            "-swift-version", "6", "-module-name", "PickerReelCLI", "-package-name", packageName, "-parse-as-library", "-wmo",
            "-I", modules.path,
        ]
        let sources = repositoryRoot.appendingPathComponent("Sources")
        for folder in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() where folder.hasPrefix("CPicker") {
            arguments += [
                "-Xcc", "-fmodule-map-file=\(sources.appendingPathComponent(folder).appendingPathComponent("module.modulemap").path)",
            ]
        }
        let flags = try runProgram("pkg-config", ["--cflags", "cairo", "pangocairo", "zlib", "nettle", "libdeflate"], timeLimit: 30)
        for flag in flags.stdout.split(whereSeparator: \.isWhitespace) { arguments += ["-Xcc", String(flag)] }
        return arguments
    }

    struct ModulesNotBuilt: Error, CustomStringConvertible {
        var looked: [String]
        var description: String { "no built PickerReel module in \(looked); run `swift build --build-tests` first" }
    }
}
