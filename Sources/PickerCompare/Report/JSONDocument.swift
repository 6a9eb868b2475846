import FoundationEssentials
import PickerKit

/// A report written as JSON (`JSONReport`, `AuditJSONReport`): both are printed by `prettyJSON`, as the tool's other
/// JSON reports are, so every one is laid out alike.
package protocol JSONDocument: Encodable {}

extension JSONDocument {
    /// The report as `prettyJSON` writes it.
    ///
    /// Throws `EncodingError` only for a number that is not finite, which neither a comparison nor an audit produces.
    package func json() throws -> String { try prettyJSON(self) }
}

/// `value` as pretty-printed JSON with sorted keys, ending in a newline, so the output is the same on every run.
///
/// Throws `EncodingError` for a number that is not finite.
package func prettyJSON(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return PlainText.json(String(decoding: try encoder.encode(value), as: UTF8.self)) + "\n"
}
