extension String {
    /// The text cut or padded with spaces to `width` characters, for the columns of help text (Foundation's
    /// `padding(toLength:withPad:startingAt:)` with a space).
    func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
    }
}
