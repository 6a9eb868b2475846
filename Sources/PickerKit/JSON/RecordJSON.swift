import FoundationEssentials

/// Decoding a record the tool finds in a tree (a shard record, a compare report, a snapshot's environment record) as
/// the input it is: bounded in bytes, in nesting (`JSONParser`'s depth) and in the count of every array and object,
/// strict (duplicate keys, invalid UTF-8 and trailing text refused), then decoded into its type.
///
/// One place for the rule "a record is parsed with size and depth limits", so that every reader of a record gives the
/// same answer to the same bytes, and a fuzz target can call the same pure function.
package enum RecordJSON {
    /// Why the bytes are not a record of the type asked for, in words a message can carry after the file's name.
    package struct Failure: Error, Equatable, Sendable {
        /// The JSON path of the value at fault (`files[3].status`), empty for the document as a whole.
        package var path: String
        /// What was wrong and what was expected.
        package var reason: String

        /// `path: reason`, or the reason alone for the whole document.
        package var message: String { path.isEmpty ? reason : "\(path): \(reason)" }

        package init(path: String = "", reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// The limits of one kind of record.
    package struct Limits: Sendable {
        /// The most bytes the document may have.
        package var maximumBytes: Int
        /// The most elements of any one array, or members of any one object.
        package var maximumCount: Int

        package init(maximumBytes: Int, maximumCount: Int) {
            self.maximumBytes = maximumBytes
            self.maximumCount = maximumCount
        }
    }

    /// `bytes` decoded as `type`, within `limits`.
    ///
    /// Throws `Failure` for too many bytes, JSON that is not strict or nested deeper than `JSONParser.maximumDepth`,
    /// an array or object over the count, and a value missing or of another type (naming its JSON path).
    package static func decode<Record: Decodable>(_ type: Record.Type, from bytes: [UInt8], limits: Limits) throws(Failure) -> Record {
        guard bytes.count <= limits.maximumBytes else {
            throw Failure(reason: "\(bytes.count) bytes; a record may have at most \(limits.maximumBytes) bytes")
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw Failure(reason: "not JSON at line \(error.line), column \(error.column): \(error.message)")
        }
        try checkCounts(document, at: .root, maximum: limits.maximumCount)
        do {
            return try JSONDecoder().decode(Record.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw failure(error)
        } catch {
            throw Failure(reason: "cannot be decoded (\(error))")
        }
    }

    /// Throws when an array or object at or under `value` has more than `maximum` elements or members.
    private static func checkCounts(_ value: JSONValue, at path: JSONPath, maximum: Int) throws(Failure) {
        switch value {
        case .array(let elements):
            guard elements.count <= maximum else {
                throw Failure(path: path.description, reason: "\(elements.count) values; at most \(maximum) are read")
            }
            for (index, element) in elements.enumerated() { try checkCounts(element, at: path.appending(index: index), maximum: maximum) }
        case .object(let object):
            guard object.members.count <= maximum else {
                throw Failure(path: path.description, reason: "\(object.members.count) keys; at most \(maximum) are read")
            }
            for member in object.members { try checkCounts(member.value, at: path.appending(member.key), maximum: maximum) }
        case .null, .bool, .number, .string: return
        }
    }

    /// A decoding error as the JSON path it happened at and what was expected there.
    private static func failure(_ error: DecodingError) -> Failure {
        func path(_ codingPath: [any CodingKey]) -> String {
            JSONPath(components: codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) }).description
        }
        switch error {
        case .keyNotFound(let key, let context):
            return Failure(path: path(context.codingPath + [key]), reason: "missing")
        case .typeMismatch(let type, let context):
            return Failure(path: path(context.codingPath), reason: "expected \(description(of: type))")
        case .valueNotFound(let type, let context):
            return Failure(path: path(context.codingPath), reason: "expected \(description(of: type)), found null")
        case .dataCorrupted(let context):
            return Failure(path: path(context.codingPath), reason: PlainText.escaped(String(context.debugDescription.prefix(200))))
        @unknown default:
            return Failure(reason: "cannot be decoded")
        }
    }

    private static func description(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type: "a number"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }
}
