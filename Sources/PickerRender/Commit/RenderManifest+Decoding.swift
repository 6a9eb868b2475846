import PickerKit

extension RenderManifest {
    /// Why bytes are not a render manifest: the JSON path of the first field that is wrong, and what was expected.
    package struct DecodingError: Error, Equatable, Sendable, CustomStringConvertible {
        /// Where: `files[3].sha256`, or `(the whole document)`.
        package var path: String
        /// What was expected there, and what was found.
        package var problem: String

        package var description: String { "\(path): \(problem)" }
    }

    /// The manifest `bytes` hold: a pure function over the bytes, with limits, for a file a pull request may have
    /// written.
    ///
    /// Throws `DecodingError` for more than `maximumBytes`, JSON that is not valid or nests deeper than
    /// `JSONParser.maximumDepth`, a missing or unknown key, a value of another kind, more than `maximumFiles` files
    /// or `maximumMapEntries` entries in a map, a string over `maximumStringBytes`, a file name that is not a plain
    /// name inside the folder, a negative size or a digest that is not 64 lowercase hex digits. An optional
    /// `contrast` section that `decodeContrast` refuses is ignored (the manifest is read without it).
    package static func decode(_ bytes: [UInt8]) throws(DecodingError) -> RenderManifest {
        guard bytes.count <= maximumBytes else {
            throw DecodingError(path: "(the whole document)", problem: "\(bytes.count) bytes; a manifest may be at most \(maximumBytes)")
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw DecodingError(path: "(the whole document)", problem: "line \(error.line), column \(error.column): \(error.message)")
        }
        if case .object(let top) = document, let version = top["version"] {
            guard case .number(let number) = version, number.integer == currentVersion else {
                throw DecodingError(
                    path: "version",
                    problem:
                        "expected \(currentVersion), found \(version.kindDescription); this pickerreel reads version \(currentVersion) and the unversioned records of earlier releases: render again, or record the goldens again, with this pickerreel"
                )
            }
        }
        // Without `version`: the same fields, written by an earlier release.
        let top = try object(document, at: "", keys: ["inputs", "files"], optional: ["version", "contrast"])
        let inputsObject = try object(top["inputs"], at: "inputs", keys: ["tool", "spec", "referenced", "options", "environment"])
        let environmentObject = try object(inputsObject["environment"], at: "inputs.environment", keys: ["libraries", "fonts"])
        var environment = RenderEnvironment(fonts: try map(environmentObject["fonts"], at: "inputs.environment.fonts"))
        environment.libraries = try map(environmentObject["libraries"], at: "inputs.environment.libraries")
        let inputs = RenderInputs(
            tool: try string(inputsObject["tool"], at: "inputs.tool"), spec: try string(inputsObject["spec"], at: "inputs.spec"),
            referenced: try map(inputsObject["referenced"], at: "inputs.referenced"),
            options: try map(inputsObject["options"], at: "inputs.options"), environment: environment)
        guard case .array(let list)? = top["files"] else { throw expected("an array of files", at: "files", found: top["files"]) }
        guard list.count <= maximumFiles else {
            throw DecodingError(path: "files", problem: "\(list.count) files; a manifest may list at most \(maximumFiles)")
        }
        var files: [OutputFile] = []
        files.reserveCapacity(list.count)
        for (index, element) in list.enumerated() {
            let at = "files[\(index)]"
            let file = try object(element, at: at, keys: ["name", "size", "sha256"])
            let name = try string(file["name"], at: at + ".name")
            guard OutputFolder.isRelativeName(name), !name.contains("/") else {
                throw DecodingError(path: at + ".name", problem: "expected a file name inside the folder (no /, . or ..)")
            }
            guard case .number(let number)? = file["size"], let size = number.integer, size >= 0 else {
                throw expected("a whole number of bytes, 0 or more", at: at + ".size", found: file["size"])
            }
            let digest = try string(file["sha256"], at: at + ".sha256")
            guard digest.utf8.count == 64, digest.utf8.allSatisfy({ Self.hexDigits.contains($0) }) else {
                throw DecodingError(path: at + ".sha256", problem: "expected a SHA-256 as 64 lowercase hex digits")
            }
            files.append(OutputFile(name: name, size: size, sha256: digest))
        }
        // A contrast section that is not right is left out, not the record: it only ever adds lines to a review.
        let contrast = top["contrast"].flatMap { section in try? decodeContrast(section) }
        return RenderManifest(inputs: inputs, files: files, contrast: contrast)
    }

    private static let hexDigits = Set("0123456789abcdef".utf8)

    /// The members of the object `value`, which must have exactly `keys`, and may have `optional`.
    private static func object(
        _ value: JSONValue?, at path: String, keys: Set<String>, optional: Set<String> = []
    ) throws(DecodingError) -> JSONObject {
        let shown = path.isEmpty ? "(the whole document)" : path
        guard case .object(let object)? = value else { throw expected("an object", at: shown, found: value) }
        for member in object.members where !keys.contains(member.key) && !optional.contains(member.key) {
            throw DecodingError(path: shown, problem: "unknown key \"\(member.key.prefix(40))\"")
        }
        for key in keys.sorted() where object[key] == nil {
            throw DecodingError(path: shown, problem: "missing key \"\(key)\"")
        }
        return object
    }

    /// The string `value`, at most `maximumStringBytes` long.
    private static func string(_ value: JSONValue?, at path: String) throws(DecodingError) -> String {
        guard case .string(let text)? = value else { throw expected("a string", at: path, found: value) }
        guard text.utf8.count <= maximumStringBytes else {
            throw DecodingError(path: path, problem: "a string of \(text.utf8.count) bytes; at most \(maximumStringBytes)")
        }
        return text
    }

    /// The object `value` of strings, at most `maximumMapEntries` of them.
    private static func map(_ value: JSONValue?, at path: String) throws(DecodingError) -> [String: String] {
        guard case .object(let object)? = value else { throw expected("an object of strings", at: path, found: value) }
        guard object.members.count <= maximumMapEntries else {
            throw DecodingError(path: path, problem: "\(object.members.count) entries; at most \(maximumMapEntries)")
        }
        var map: [String: String] = [:]
        for member in object.members {
            guard member.key.utf8.count <= maximumStringBytes else {
                throw DecodingError(path: path, problem: "a key of \(member.key.utf8.count) bytes; at most \(maximumStringBytes)")
            }
            map[member.key] = try string(member.value, at: path + "[\"\(member.key.prefix(40))\"]")
        }
        return map
    }

    private static func expected(_ kind: String, at path: String, found: JSONValue?) -> DecodingError {
        DecodingError(path: path, problem: "expected \(kind), found \(found?.kindDescription ?? "nothing")")
    }
}
