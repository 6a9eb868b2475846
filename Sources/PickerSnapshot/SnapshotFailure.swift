/// Why a snapshot assertion could not run at all: a bad request, a spec that cannot be rendered, or a file that
/// cannot be written.
///
/// Frames that differ are not thrown: they are recorded as issues (see `SnapshotOutcome`).
public struct SnapshotFailure: Error, Equatable, Sendable, CustomStringConvertible {
    enum Representation: Equatable, Sendable {
        case invalidRequest(name: String, reason: String)
        case cannotRender(name: String, reason: String)
        case cannotWrite(name: String, reason: String)
    }

    let representation: Representation

    init(_ representation: Representation) {
        self.representation = representation
    }

    /// The message for the user.
    public var description: String {
        switch representation {
        case .invalidRequest(let name, let reason):
            return "snapshot \"\(name)\": \(reason)"
        case .cannotRender(let name, let reason):
            return "snapshot \"\(name)\": cannot render: \(reason)"
        case .cannotWrite(let name, let reason):
            return "snapshot \"\(name)\": \(reason)"  // The reason begins with the path.
        }
    }
}
