/// The location of a value inside a JSON document, written as users read it: `style.highlight.opacity`,
/// `selection.sequence[2].select`.
public struct JSONPath: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// One step: a key of an object or an index into an array.
    public enum Component: Equatable, Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The steps from the document's root.
    public var components: [Component]

    /// The root of the document.
    package static let root = JSONPath(components: [])

    /// Creates a path from its steps.
    package init(components: [Component]) {
        self.components = components
    }

    /// True for the root.
    package var isEmpty: Bool { components.isEmpty }

    /// The path one key further down.
    package func appending(_ key: String) -> JSONPath {
        JSONPath(components: components + [.key(key)])
    }

    /// The path one array index further down.
    package func appending(index: Int) -> JSONPath {
        JSONPath(components: components + [.index(index)])
    }

    /// `key` cut to 64 characters with "…", so that a hostile key of megabytes cannot make a message as long.
    package static func shortened(_ key: String) -> String {
        key.count > 64 ? key.prefix(64) + "…" : key
    }

    /// Dotted keys and bracketed indexes; keys longer than 64 characters are cut short.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += Self.shortened(key)
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}
