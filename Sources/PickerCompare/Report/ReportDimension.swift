/// A width or height in a JSON report: one number when both sides agree, `{"actual": n, "expected": m}` when the
/// sizes differ.
public enum ReportDimension: Codable, Equatable, Sendable {
    /// Both pictures have this many pixels along the axis.
    case same(Int)
    /// The pictures differ along the axis.
    case differs(expected: Int, actual: Int)

    enum Keys: String, CodingKey {
        case expected, actual
    }

    /// Decodes either a number or an object with `expected` and `actual`; throws `DecodingError` for anything else.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let value = try? single.decode(Int.self) {
            self = .same(value)
            return
        }
        let container = try decoder.container(keyedBy: Keys.self)
        self = .differs(
            expected: try container.decode(Int.self, forKey: .expected), actual: try container.decode(Int.self, forKey: .actual))
    }

    /// Encodes a number, or an object with `expected` and `actual`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .same(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .differs(let expected, let actual):
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(expected, forKey: .expected)
            try container.encode(actual, forKey: .actual)
        }
    }
}
