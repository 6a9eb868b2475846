/// Which of the two inputs of a comparison: the expected pictures (the reference) or the actual ones.
public enum Side: String, Codable, Equatable, Sendable {
    /// The reference, e.g. the committed golden pictures.
    case expected
    /// The pictures under test, e.g. a fresh render.
    case actual
}
