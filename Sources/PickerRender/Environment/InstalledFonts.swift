import CPickerPango

/// The font files fontconfig can choose from for a label that names no font file: every file in its current
/// configuration's font set (the fonts installed on the machine, or those `FONTCONFIG_FILE` lists).
///
/// A render without `style.font.file` draws with one of these, chosen by family, style and script, so the set as a
/// whole is what another machine must have for its pictures to be the same.
package enum InstalledFonts {
    /// The paths of the font files in fontconfig's configuration, sorted, each once; empty when fontconfig cannot
    /// load its configuration (then nothing can be drawn with an installed font either).
    ///
    /// The paths are fontconfig's own, as it lists them: a link in a font folder is listed as the link, and read
    /// (by `RenderEnvironment.fonts(at:)`, as by FreeType) through it.
    package static func paths() -> [String] {
        guard FcInit() != 0, let set = FcConfigGetFonts(nil, FcSetSystem) else { return [] }
        var found: Set<String> = []
        let count = Int(set.pointee.nfont)
        for index in 0..<count {
            guard let pattern = set.pointee.fonts?[index] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, "file", 0, &file) == FcResultMatch, let file else { continue }
            found.insert(FontFilePath.text(file))
        }
        return found.sorted()
    }
}
