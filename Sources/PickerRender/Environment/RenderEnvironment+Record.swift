import PickerKit

extension RenderEnvironment {
    /// The limits an environment record is read within: 1 MiB, and 10,000 libraries or fonts.
    package static let recordLimits = RecordJSON.Limits(maximumBytes: 1 << 20, maximumCount: 10_000)

    /// The most characters of a library's or font's name or version kept from a record (after escaping).
    package static let recordTextLimit = 64

    /// The environment record in `bytes` (a snapshot's `<name>.environment.json`), read as input: the render
    /// manifest the snapshot wrote (`RenderManifest`, its `inputs.environment`), or the bare environment
    /// (`libraries` and `fonts`) that releases before the manifest was versioned wrote there.
    ///
    /// Within
    /// `recordLimits` (and a manifest within its own, `RenderManifest.decode`), and every name and version made safe
    /// to print: control characters escaped
    /// (`PlainText.escaped`) and cut to `recordTextLimit` characters with "…", so that a record cannot put a
    /// terminal escape, a workflow command or a megabyte of text into a failure message. A pure function of the
    /// bytes, for `assertPickerSnapshot` and its fuzz target.
    ///
    /// Throws `RecordJSON.Failure` naming the JSON path at fault.
    package static func readRecord(_ bytes: [UInt8]) throws(RecordJSON.Failure) -> RenderEnvironment {
        var record: RenderEnvironment
        if isManifest(bytes) {
            guard bytes.count <= recordLimits.maximumBytes else {
                throw RecordJSON.Failure(reason: "\(bytes.count) bytes; a record may have at most \(recordLimits.maximumBytes) bytes")
            }
            do {
                record = try RenderManifest.decode(bytes).inputs.environment
            } catch {
                throw RecordJSON.Failure(path: error.path == "(the whole document)" ? "" : error.path, reason: error.problem)
            }
        } else {
            record = try RecordJSON.decode(RenderEnvironment.self, from: bytes, limits: recordLimits)
        }
        record.libraries = printable(record.libraries)
        record.fonts = printable(record.fonts)
        return record
    }

    /// True when `bytes` hold a JSON object with an `inputs` key, as a manifest has and a bare environment has not
    /// (anything else is read, and refused, as the bare environment of earlier releases).
    private static func isManifest(_ bytes: [UInt8]) -> Bool {
        guard bytes.count <= recordLimits.maximumBytes, case .object(let top)? = try? JSONParser.parse(bytes) else { return false }
        return top["inputs"] != nil
    }

    /// `text` escaped and cut to `recordTextLimit` characters.
    package static func printable(_ text: String) -> String {
        let escaped = PlainText.escaped(text)
        return escaped.count > recordTextLimit ? escaped.prefix(recordTextLimit) + "…" : escaped
    }

    /// Every key and value printable; of keys that become one, the first in name order is kept.
    private static func printable(_ map: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for key in map.keys.sorted() {
            let name = printable(key)
            if result[name] == nil { result[name] = printable(map[key] ?? "") }
        }
        return result
    }
}
