/// The journal of a file-by-file switch of an output folder (`.pickerreel-manifest` in `.pickerreel-commit-TOKEN`):
/// the files the switch moves into the folder and those it removes, so that a render killed half way can be
/// finished by the next one.
///
/// A journal is input like any other file in a tree: a pull request can commit one. `parse` therefore accepts only
/// what `bytes` writes: at most `maximumBytes`, one object of exactly `write` and `remove`, arrays of at most
/// `maximumEntries` names in all, each a name PickerReel writes (`ToolFileName.isWritten`), none twice. Anything
/// else is a `Refusal` naming the entry, and nothing is moved.
package struct SwitchJournal: Equatable, Sendable {
    /// The files moved from the commit folder into the destination, as relative paths.
    package var write: [String]
    /// The files of the destination moved aside and deleted, as relative paths.
    package var remove: [String]

    /// The largest journal read, in bytes; a larger file is refused without being read whole.
    ///
    /// A render writes at most 10,000 frames of two per-frame formats and removes as many: about 700 KB.
    package static let maximumBytes = 8 << 20
    /// The most names a journal may hold, `write` and `remove` together.
    package static let maximumEntries = 100_000

    /// A journal of `write` and `remove`.
    package init(write: [String], remove: [String]) {
        self.write = write
        self.remove = remove
    }

    /// Why a journal was refused.
    package enum Refusal: Error, Equatable, Sendable {
        /// Larger than `maximumBytes`.
        case tooLarge(bytes: Int)
        /// More than `maximumEntries` names.
        case tooManyEntries(count: Int)
        /// Not the JSON object of two arrays of strings the tool writes; `detail` says what was found.
        case malformed(detail: String)
        /// A name that is not a file PickerReel writes (`.bashrc`, `../x.png`, `/etc/passwd`).
        case foreignName(String)
        /// A name listed twice.
        case repeatedName(String)

        /// What is wrong, in words that follow the journal's path ("names .bashrc, which is …").
        package var reason: String {
            switch self {
            case .tooLarge(let bytes):
                "is \(bytes) bytes, more than the \(SwitchJournal.maximumBytes) a journal of PickerReel's may have"
            case .tooManyEntries(let count):
                "lists \(count) files, more than the \(SwitchJournal.maximumEntries) a journal of PickerReel's may list"
            case .malformed(let detail): "is not a journal PickerReel writes (\(detail))"
            case .foreignName(let name): "names \(Self.quoted(name)), which is not a file PickerReel writes"
            case .repeatedName(let name): "names \(Self.quoted(name)) twice"
            }
        }

        /// `name` for a message: at most 200 characters, control characters escaped.
        package static func quoted(_ name: String) -> String {
            var text = ""
            for scalar in name.unicodeScalars.prefix(200) {
                text += scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }
            return name.unicodeScalars.count > 200 ? text + "…" : text
        }
    }

    /// The journal `bytes` hold.
    ///
    /// Pure: it looks at the bytes alone. Throws `Refusal` for anything `bytes` (the property) would not write.
    package static func parse(_ bytes: [UInt8]) throws(Refusal) -> SwitchJournal {
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes: bytes.count) }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw .malformed(detail: "line \(error.line), column \(error.column): \(error.message)")
        }
        guard case .object(let object) = document else { throw .malformed(detail: "not an object") }
        if let other = object.members.first(where: { $0.key != "write" && $0.key != "remove" }) {
            throw .malformed(detail: "a member \(Refusal.quoted(other.key))")
        }
        var seen = Set<String>()
        func names(_ key: String) throws(Refusal) -> [String] {
            guard case .array(let values)? = object[key] else { throw .malformed(detail: "no array \(key)") }
            guard seen.count + values.count <= maximumEntries else { throw .tooManyEntries(count: seen.count + values.count) }
            var names: [String] = []
            for value in values {
                guard case .string(let name) = value else { throw .malformed(detail: "\(key) holds something other than a name") }
                guard ToolFileName.isWritten(name) else { throw .foreignName(name) }
                guard seen.insert(name).inserted else { throw .repeatedName(name) }
                names.append(name)
            }
            return names
        }
        return SwitchJournal(write: try names("write"), remove: try names("remove"))
    }

    /// The journal as the bytes `parse` reads back.
    package var bytes: [UInt8] {
        let document = JSONValue.object(
            JSONObject([
                (key: "write", value: .array(write.map(JSONValue.string))),
                (key: "remove", value: .array(remove.map(JSONValue.string))),
            ]))
        return Array(JSONWriter.text(of: document).utf8)
    }

    /// Why `parse` would refuse this journal once written, or nil: the tool checks before a switch starts, so that
    /// recovery never refuses a journal the tool wrote.
    package var refusal: Refusal? {
        let count = write.count + remove.count
        if count > Self.maximumEntries { return .tooManyEntries(count: count) }
        var seen = Set<String>()
        for name in write + remove {
            guard ToolFileName.isWritten(name) else { return .foreignName(name) }
            guard seen.insert(name).inserted else { return .repeatedName(name) }
        }
        let size = bytes.count
        return size > Self.maximumBytes ? .tooLarge(bytes: size) : nil
    }
}
