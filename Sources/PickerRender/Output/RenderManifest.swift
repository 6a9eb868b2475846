import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// What made a spec's render and what it wrote, kept beside the files as `pickerreel-manifest.json`: the inputs
/// (`RenderInputs`), then each output file's name, size and SHA-256.
///
/// A render whose inputs equal those of an intact output (`isCurrent`) draws and writes nothing. The file is written
/// inside the render's all-or-nothing switch, so it always describes the files beside it.
package struct RenderManifest: Codable, Equatable, Sendable {
    /// The manifest's file name inside a spec's output folder.
    ///
    /// No format writes a `.json` file, so it cannot clash with one.
    package static let fileName = OutputFolder.Names.renderManifest
    /// The largest manifest read back: a render of 10,000 frames in every per-frame format is well under it.
    static let maximumBytes = 16 << 20

    /// What made the files.
    package var inputs: RenderInputs
    /// The files written, sorted by name.
    package var files: [OutputFile]

    /// The manifest of a render of `inputs` that wrote `files`.
    package init(inputs: RenderInputs, files: [OutputFile]) {
        self.inputs = inputs
        self.files = files
    }

    /// One file a render wrote.
    package struct OutputFile: Codable, Equatable, Sendable {
        /// Its name inside the output folder.
        package var name: String
        /// Its size in bytes.
        package var size: Int
        /// The SHA-256 of its bytes, lowercase hex.
        package var sha256: String

        /// A file of `size` bytes whose SHA-256 is `sha256`, named `name` inside the output folder.
        package init(name: String, size: Int, sha256: String) {
            self.name = name
            self.size = size
            self.sha256 = sha256
        }
    }

    /// The manifest's bytes: JSON with sorted keys, the same bytes for the same render on every run.
    package func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [0x0A]
    }

    /// The manifest in `folder`, or nil when there is none or it cannot be read or decoded (a render then writes
    /// everything again).
    package static func read(in folder: URL) -> RenderManifest? {
        let path = folder.appendingPathComponent(fileName).path
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= maximumBytes,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return try? JSONDecoder().decode(RenderManifest.self, from: data)
    }

    /// True when `folder` holds a render of exactly `inputs` that is intact: its manifest records these inputs, and
    /// every file it lists is there, a regular file of the recorded size, with no switch left half done.
    ///
    /// Sizes, not digests: reading every file again would cost a good part of the render it saves, and a file
    /// removed, truncated or replaced by another render has another size. A file edited in place to the same size is
    /// not seen; `render --force` writes everything again, and `compare` reads the bytes themselves.
    package static func isCurrent(in folder: URL, for inputs: RenderInputs) -> Bool {
        guard let manifest = read(in: folder), manifest.inputs == inputs else { return false }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard !entries.contains(where: OutputFolder.Names.isSwitchJournal) else { return false }
        let base = folder.path
        return manifest.files.allSatisfy { file in
            var status = stat()
            return OutputFolder.isRelativeName(file.name) && lstat(base + "/" + file.name, &status) == 0
                && status.st_mode & S_IFMT == S_IFREG && Int(status.st_size) == file.size
        }
    }
}

/// What goes into a render and changes its bytes: the spec, the files it references, the tool, the options that
/// change output, and the libraries that draw.
///
/// Two renders with equal inputs write the same bytes (the render is deterministic), so one can stand for the other.
package struct RenderInputs: Codable, Equatable, Sendable {
    /// The tool's version.
    package var tool: String
    /// The SHA-256 of the spec file's bytes, or `built-in` for the built-in demo (the tool's version covers it).
    package var spec: String
    /// Each file the spec references (icons, images, and its font file), by the path the spec gives, to its SHA-256.
    package var referenced: [String: String]
    /// The options that change the files written, by the flag's name (`formats`, `variant`, `png-level`, …).
    package var options: [String: String]
    /// The drawing libraries' versions and the font files the labels were shaped with (`RenderPlan.environment`).
    package var environment: RenderEnvironment

    /// The inputs of one render.
    package init(
        tool: String, spec: String, referenced: [String: String], options: [String: String], environment: RenderEnvironment
    ) {
        self.tool = tool
        self.spec = spec
        self.referenced = referenced
        self.options = options
        self.environment = environment
    }
}
