extension RenderEnvironment {
    /// This machine's render environment for specs that name no font file: the libraries' versions and every font
    /// file fontconfig can choose from (`InstalledFonts`), by file name to its SHA-256.
    ///
    /// What `pickerreel environment` prints and a cache key names: another cairo, pango, HarfBuzz, FreeType or
    /// fontconfig, or a font installed, removed or changed, is another environment. A font file that cannot be read
    /// (or is not a regular file) is recorded as "unreadable", never waited on.
    package static func installed() -> RenderEnvironment {
        RenderEnvironment(fonts: fonts(at: InstalledFonts.paths()))
    }

    /// The same environment without fonts: what a render whose fonts are all its own (`style.font.file`, or the
    /// Bazel rule's `fonts`) depends on beyond its inputs.
    package var librariesOnly: RenderEnvironment {
        var copy = self
        copy.fonts = [:]
        return copy
    }

    /// The record as canonical text, one `library NAME VERSION` or `font NAME SHA256` line each, in name order,
    /// every name and value preceded by its length in bytes (so that no name, whatever it holds, reads as two
    /// lines): what `digest` is the SHA-256 of, so that it does not depend on a JSON encoder's spacing or key order.
    package var canonicalText: String {
        func line(_ kind: String, _ name: String, _ value: String) -> String {
            "\(kind) \(name.utf8.count):\(name) \(value.utf8.count):\(value)\n"
        }
        let libraryLines = libraries.keys.sorted().map { line("library", $0, libraries[$0] ?? "") }
        let fontLines = fonts.keys.sorted().map { line("font", $0, fonts[$0] ?? "") }
        return (libraryLines + fontLines).joined()
    }

    /// The SHA-256 of `canonicalText`, as 64 lowercase hex digits: equal on two machines exactly when their
    /// libraries' versions and font files (names and bytes) are.
    package var digest: String {
        SHA256Digest.hex(Array(canonicalText.utf8))
    }
}
