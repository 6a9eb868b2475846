import FoundationEssentials
import PickerKit

/// What made a spec's render and what it wrote, kept beside the files as `pickerreel-manifest.json`: the inputs
/// (`RenderInputs`), then each output file's name, size and SHA-256.
///
/// The tool's one provenance record (version `currentVersion`, described by `schema/render-manifest.schema.json`): a
/// render folder's manifest, the manifest `compare --update` leaves with the goldens it accepted, and a snapshot's
/// `<name>.environment.json` are all this record; `decode` also reads what earlier releases wrote in their place.
///
/// A manifest is a cache, never evidence: a render whose inputs equal those of an intact output (`isCurrent`) draws
/// and writes nothing, but the file is input like any other in the tree (a pull request can commit one), so it is
/// parsed with limits (`decode`) and nothing is ever called correct because a manifest says so. `render --verify`
/// renders afresh whatever the manifests say. The file is written inside the render's all-or-nothing switch, so a
/// render's own manifest describes the files beside it.
package struct RenderManifest: Encodable, Equatable, Sendable {
    /// The manifest's file name inside a spec's output folder.
    ///
    /// No format writes a `.json` file, so it cannot clash with one.
    package static let fileName = OutputFolder.Names.renderManifest
    /// The largest manifest read back: a render of 10,000 frames in every per-frame format is well under it.
    package static let maximumBytes = 16 << 20
    /// The most files one manifest may list: 10,000 frames in two per-frame formats and every animation, with room.
    package static let maximumFiles = 32_768
    /// The longest string in a manifest (a name, a digest, an option's value, a library's version), in UTF-8 bytes.
    package static let maximumStringBytes = 4_096
    /// The most entries in one of its maps (options, referenced files, libraries, fonts).
    package static let maximumMapEntries = 1_024
    /// The record's version, written as its `version`.
    ///
    /// A record without one was written by an earlier release and holds the same fields; a record of another
    /// version is refused, saying how to write it again.
    package static let currentVersion = 1

    /// What made the files.
    package var inputs: RenderInputs
    /// The files written, sorted by name.
    package var files: [OutputFile]
    /// The worst contrast of each label, template icon and the highlight over every frame, or nil.
    ///
    /// Written when the render was asked to measure it (`render --audit`). Review information for `compare`, never
    /// part of the inputs.
    package var contrast: [Contrast]?

    /// The manifest of a render of `inputs` that wrote `files`, and measured `contrast` when given.
    package init(inputs: RenderInputs, files: [OutputFile], contrast: [Contrast]? = nil) {
        self.inputs = inputs
        self.files = files
        self.contrast = contrast
    }

    /// One file a render wrote.
    package struct OutputFile: Encodable, Equatable, Sendable {
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

    private enum CodingKeys: String, CodingKey { case version, inputs, files, contrast }

    /// Encodes the manifest with its `version`, and its `contrast` when it has one.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.currentVersion, forKey: .version)
        try container.encode(inputs, forKey: .inputs)
        try container.encode(files, forKey: .files)
        try container.encodeIfPresent(contrast, forKey: .contrast)
    }

    /// The manifest's bytes: JSON with sorted keys, the same bytes for the same render on every run.
    package func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [0x0A]
    }
}

/// What goes into a render and changes its bytes: the spec, the files it references, the tool, the options that
/// change output, and the libraries that draw.
///
/// Two renders with equal inputs write the same bytes (the render is deterministic), so one can stand for the other.
package struct RenderInputs: Encodable, Equatable, Sendable {
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
