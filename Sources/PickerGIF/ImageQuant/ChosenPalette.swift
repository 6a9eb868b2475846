/// The palette `PaletteChooser` chose, and whether it holds every colour of every frame exactly.
struct ChosenPalette {
    /// Remaps frames to the palette, which it never changes.
    let remapper: QuantResult
    /// True when the palette is every colour the frames have (255 opaque or fewer), so no pixel needs dithering.
    let holdsEveryColor: Bool
}
