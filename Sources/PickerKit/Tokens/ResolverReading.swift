/// Reads one DTCG resolver document (Resolver module 2025.10, https://www.designtokens.org/TR/2025.10/resolver/)
/// into a `TokenResolver`: its `resolutionOrder`, each set's and context's sources with every reference followed,
/// and the token files it names read through the spec's confined reads.
///
/// Every refusal names the resolver file and the JSON path inside it, after the spec's own field.
struct ResolverReading {
    let preparation: SpecPreparation
    /// The resolver document, relative to the spec's folder.
    let file: String
    /// The spec's field that names it.
    let field: JSONPath
    let root: JSONValue
    private var files: [String] = []
    private var loaded: [String: JSONValue] = [:]
    /// Sets already expanded, by pointer, so a set named by many contexts is expanded once.
    private var expanded: [String: [TokenSource]] = [:]
    private var sourceCount = 0

    static let rootKeys = ["name", "version", "description", "sets", "modifiers", "resolutionOrder", "$schema", "$defs", "$extensions"]
    static let setKeys = ["sources", "description", "$extensions"]
    static let modifierKeys = ["contexts", "description", "default", "$extensions"]
    /// The most entries of `resolutionOrder` and contexts of one modifier.
    static let maximumEntries = 64

    init(preparation: SpecPreparation, file: String, field: JSONPath, root: JSONValue) {
        self.preparation = preparation
        self.file = file
        self.field = field
        self.root = root
    }

    private func failure(_ at: JSONPath, _ message: String) -> SpecError {
        preparation.failure(field, .token("\(file): \(at.isEmpty ? "(the whole document)" : at.description): \(message)"))
    }

    mutating func read() throws(SpecError) -> TokenResolver {
        guard case .object(let object) = root else {
            throw failure(
                .root,
                "a resolver document is an object with \"version\" and \"resolutionOrder\" (Resolver module 2025.10, 4.1); found \(root.kindDescription)"
            )
        }
        try checkKeys(object, allowed: Self.rootKeys, at: .root)
        guard case .string("2025.10") = object["version"] ?? .null else {
            throw failure(
                JSONPath.root.appending("version"),
                "expected \"2025.10\", the resolver module's version read here (4.1.2), found \((object["version"] ?? .null).kindDescription)"
            )
        }
        let orderPath = JSONPath.root.appending("resolutionOrder")
        guard case .array(let order) = object["resolutionOrder"] ?? .null, order.count <= Self.maximumEntries else {
            throw failure(
                orderPath,
                "expected an array of at most \(Self.maximumEntries) sets and modifiers (4.1.6), found \((object["resolutionOrder"] ?? .null).kindDescription)"
            )
        }
        var names: Set<String> = []
        var steps: [TokenResolver.Step] = []
        var modifiers: [TokenModifier] = []
        for (index, item) in order.enumerated() {
            let at = orderPath.appending(index: index)
            guard case .object(let entry) = item else {
                throw failure(
                    at, "expected a reference {\"$ref\": \"#/sets/NAME\"} or an inline set or modifier, found \(item.kindDescription)")
            }
            let name: String
            var body = entry
            var bodyPath = at
            var isModifier: Bool
            if let reference = entry["$ref"] {
                guard case .string(let pointer) = reference, let parts = Self.pointerParts(pointer), parts.count == 2,
                    parts[0] == "sets" || parts[0] == "modifiers"
                else {
                    throw failure(
                        at.appending("$ref"),
                        "resolutionOrder references a set (\"#/sets/NAME\") or a modifier (\"#/modifiers/NAME\") (4.1.6)")
                }
                guard case .object(let target) = lookup(parts) ?? .null else {
                    throw failure(
                        at.appending("$ref"),
                        "\"\(JSONPath.shortened(pointer))\" points at no \(parts[0] == "sets" ? "set" : "modifier") of the document")
                }
                name = parts[1]
                isModifier = parts[0] == "modifiers"
                bodyPath = JSONPath.root.appending(parts[0]).appending(parts[1])
                body = Self.overlay(target, entry.members.filter { $0.key != "$ref" })
            } else {
                guard case .string(let type) = entry["type"] ?? .null, type == "set" || type == "modifier" else {
                    throw failure(at.appending("type"), "an inline set or modifier needs \"type\": \"set\" or \"modifier\" (4.1.6.1)")
                }
                guard case .string(let given) = entry["name"] ?? .null, !given.isEmpty else {
                    throw failure(at.appending("name"), "an inline set or modifier needs a \"name\" (4.1.6.1)")
                }
                name = given
                isModifier = type == "modifier"
                body = JSONObject(entry.members.filter { $0.key != "type" && $0.key != "name" })
            }
            guard names.insert(name).inserted else {
                throw failure(at, "the name \"\(JSONPath.shortened(name))\" is in resolutionOrder twice; each name once (4.1.6.1)")
            }
            if isModifier {
                let (modifier, contexts) = try readModifier(body, named: name, at: bodyPath)
                modifiers.append(modifier)
                steps.append(.modifier(name: name, contexts: contexts))
            } else {
                steps.append(.set(try setSources(body, at: bodyPath, stack: [])))
            }
        }
        return TokenResolver(file: file, modifiers: modifiers, files: files, order: steps)
    }

    private func checkKeys(_ object: JSONObject, allowed: [String], at path: JSONPath) throws(SpecError) {
        for member in object.members where !allowed.contains(member.key) {
            let hint = FieldReader.closestKey(to: member.key, in: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw failure(
                path.appending(member.key),
                "unknown key \"\(JSONPath.shortened(member.key))\"\(hint); known keys here: \(allowed.joined(separator: ", "))")
        }
    }

    private mutating func readModifier(_ body: JSONObject, named name: String, at path: JSONPath) throws(SpecError) -> (
        TokenModifier, [String: [TokenSource]]
    ) {
        try checkKeys(body, allowed: Self.modifierKeys, at: path)
        guard case .object(let contexts) = body["contexts"] ?? .null else {
            throw failure(
                path.appending("contexts"),
                "a modifier needs \"contexts\": an object of context names, each a list of token sources (4.1.5.1); found \((body["contexts"] ?? .null).kindDescription)"
            )
        }
        guard !contexts.members.isEmpty else {
            throw failure(
                path.appending("contexts"),
                "the modifier \(JSONPath.shortened(name)) has no contexts; the module asks a tool to refuse it (4.1.5.1)")
        }
        guard contexts.members.count >= 2 else {
            throw failure(
                path.appending("contexts"),
                "the modifier \(JSONPath.shortened(name)) has one context, which is a set; the module asks a tool to refuse it (4.1.5.1): make it a set or give it another context"
            )
        }
        guard contexts.members.count <= Self.maximumEntries else {
            throw failure(path.appending("contexts"), "the modifier has \(contexts.members.count) contexts; at most \(Self.maximumEntries)")
        }
        var byContext: [String: [TokenSource]] = [:]
        var names: [String] = []
        for member in contexts.members {
            let at = path.appending("contexts").appending(member.key)
            guard byContext[member.key] == nil else { throw failure(at, "the context is given twice") }
            guard case .array(let sources) = member.value else {
                throw failure(
                    at, "expected a list of token sources ({\"$ref\": …} or inline tokens), found \(member.value.kindDescription)")
            }
            var list: [TokenSource] = []
            for (index, source) in sources.enumerated() { list += try self.sources(source, at: at.appending(index: index), stack: []) }
            try count(list.count, at: at)
            byContext[member.key] = list
            names.append(member.key)
        }
        var defaultContext = names[0]
        if let given = body["default"] {
            guard case .string(let context) = given, names.contains(context) else {
                throw failure(
                    path.appending("default"),
                    "expected one of the modifier's contexts (\(names.joined(separator: ", "))) (4.1.5.3), found \(given.kindDescription)")
            }
            defaultContext = context
        }
        return (TokenModifier(name: name, contexts: names, defaultContext: defaultContext, words: [:]), byContext)
    }

    private mutating func count(_ added: Int, at path: JSONPath) throws(SpecError) {
        sourceCount += added
        guard sourceCount <= SpecPreparation.maximumResolverSources else {
            throw failure(
                path,
                "the sets and contexts list more than \(SpecPreparation.maximumResolverSources) token sources in all, sets expanded; at most that many"
            )
        }
    }

    /// The sources of a set's body, its references followed.
    private mutating func setSources(_ body: JSONObject, at path: JSONPath, stack: [String]) throws(SpecError) -> [TokenSource] {
        try checkKeys(body, allowed: Self.setKeys, at: path)
        guard case .array(let sources) = body["sources"] ?? .null else {
            throw failure(
                path.appending("sources"),
                "a set needs \"sources\": a list of token files ({\"$ref\": \"tokens/base.json\"}) and inline tokens (4.1.4); found \((body["sources"] ?? .null).kindDescription)"
            )
        }
        var result: [TokenSource] = []
        for (index, source) in sources.enumerated() {
            result += try self.sources(source, at: path.appending("sources").appending(index: index), stack: stack)
            if result.count > SpecPreparation.maximumResolverSources { try count(result.count, at: path) }
        }
        if stack.isEmpty { try count(result.count, at: path) }
        return result
    }

    /// The sources one entry of a `sources` list or a context's list stands for: inline tokens, a token file, or a
    /// set of the document (4.1.5.1, 4.2).
    private mutating func sources(_ value: JSONValue, at path: JSONPath, stack: [String]) throws(SpecError) -> [TokenSource] {
        guard case .object(let object) = value else {
            throw failure(path, "expected a reference {\"$ref\": …} or an object of tokens, found \(value.kindDescription)")
        }
        guard let reference = object["$ref"] else { return [TokenSource(label: "\(file) (\(path))", document: value)] }
        let refPath = path.appending("$ref")
        // A NUL ends the path where the system reads it: the file read would not be the file named.
        guard case .string(let target) = reference, !target.isEmpty, !target.unicodeScalars.contains("\u{0}") else {
            throw failure(refPath, "expected a file path or a pointer such as \"#/sets/NAME\", found \(reference.kindDescription)")
        }
        let overrides = object.members.filter { $0.key != "$ref" }
        if target.hasPrefix("#") {
            return try documentSources(target, at: path, overrides: overrides, stack: stack)
        }
        guard !target.contains("://"), !target.hasPrefix("//") else {
            throw failure(
                refPath,
                "\"\(JSONPath.shortened(target))\" is a remote reference; only files in the repository are read: give a path relative to the resolver"
            )
        }
        guard !target.contains("#") else {
            throw failure(refPath, "\"\(JSONPath.shortened(target))\" names a part of a file; reference the whole token file")
        }
        let filePath = SpecInputPath.joined(target, writtenIn: file)
        let document = try load(filePath, at: refPath)
        guard case .object(let tokens) = document else { return [TokenSource(label: filePath, document: document)] }
        return [TokenSource(label: filePath, document: .object(Self.overlay(tokens, overrides)))]
    }

    /// The sources a same-document pointer stands for: a set's sources, or the tokens (or reference) it points at.
    private mutating func documentSources(
        _ pointer: String, at path: JSONPath, overrides: [(key: String, value: JSONValue)], stack: [String]
    ) throws(SpecError) -> [TokenSource] {
        let refPath = path.appending("$ref")
        guard let parts = Self.pointerParts(pointer) else {
            throw failure(refPath, "\"\(JSONPath.shortened(pointer))\" is not a JSON pointer such as \"#/sets/NAME\" (4.2)")
        }
        if parts.first == "modifiers" {
            throw failure(refPath, "a set or a context may not reference a modifier; only resolutionOrder may (4.2.1)")
        }
        if parts.first == "resolutionOrder" {
            throw failure(refPath, "nothing may reference an entry of resolutionOrder (4.2.1)")
        }
        let chain = stack + [pointer]
        let here = Self.pointer(of: path)
        guard !stack.contains(pointer), !(here + "/").hasPrefix(pointer + "/") else {
            let loop = ([here] + chain).map { JSONPath.shortened($0) }.joined(separator: " → ")
            throw failure(refPath, "the references \(loop) come back to themselves (a cycle); a reference must end at tokens (4.2)")
        }
        guard let target = lookup(parts) else {
            throw failure(refPath, "\"\(JSONPath.shortened(pointer))\" points at nothing in the document")
        }
        let targetPath = Self.path(of: parts)
        if parts.count == 2, parts[0] == "sets" {
            guard overrides.isEmpty else { throw failure(path, "a reference to a set takes no other keys") }
            if let done = expanded[pointer] { return done }
            guard case .object(let set) = target else {
                throw failure(targetPath, "a set is an object with \"sources\", found \(target.kindDescription)")
            }
            let result = try setSources(set, at: targetPath, stack: chain)
            expanded[pointer] = result
            return result
        }
        guard case .object(let object) = target else {
            throw failure(
                refPath, "\"\(JSONPath.shortened(pointer))\" points at \(target.kindDescription); a source is an object of tokens")
        }
        let merged = JSONValue.object(Self.overlay(object, overrides))
        if object["$ref"] != nil { return try sources(merged, at: targetPath, stack: chain) }
        return [TokenSource(label: "\(file) (\(targetPath))", document: merged)]
    }

    /// A token file a resolver references, read once through the spec's confined reads.
    private mutating func load(_ path: String, at refPath: JSONPath) throws(SpecError) -> JSONValue {
        if let document = loaded[path] { return document }
        guard files.count < SpecPreparation.maximumTokenFiles else {
            throw failure(refPath, "the resolver references more than \(SpecPreparation.maximumTokenFiles) token files; at most that many")
        }
        let resolver = file
        let document = try preparation.load(path, at: field, what: "the token file", problem: { .token("\(resolver): \(refPath): \($0)") })
        loaded[path] = document
        files.append(path)
        return document
    }

    /// The value at `parts` of the document, or nil.
    private func lookup(_ parts: [String]) -> JSONValue? {
        var node = root
        for part in parts {
            switch node {
            case .object(let object):
                guard let next = object[part] else { return nil }
                node = next
            case .array(let elements):
                guard let index = Int(part), elements.indices.contains(index) else { return nil }
                node = elements[index]
            default: return nil
            }
        }
        return node
    }

    /// `#/sets/a~1b` as its reference tokens, `["sets", "a/b"]` (RFC 6901); nil for what is no pointer.
    static func pointerParts(_ pointer: String) -> [String]? {
        guard pointer.hasPrefix("#/") else { return nil }
        return pointer.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }

    /// `path` as a pointer, to tell a reference that points at its own parent.
    static func pointer(of path: JSONPath) -> String {
        "#"
            + path.components.map { component -> String in
                switch component {
                case .key(let key): "/" + key.replacing("~", with: "~0").replacing("/", with: "~1")
                case .index(let index): "/\(index)"
                }
            }.joined()
    }

    /// A pointer's parts as a path for messages.
    static func path(of parts: [String]) -> JSONPath {
        parts.reduce(JSONPath.root) { $0.appending($1) }
    }

    /// `object` with `overrides` in place of its keys of the same name (4.2.2: keys beside `$ref` override, shallowly).
    static func overlay(_ object: JSONObject, _ overrides: [(key: String, value: JSONValue)]) -> JSONObject {
        var members = object.members
        for member in overrides {
            if let index = members.firstIndex(where: { $0.key == member.key }) {
                members[index].value = member.value
            } else {
                members.append(member)
            }
        }
        return JSONObject(members)
    }
}
