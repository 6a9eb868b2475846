import Foundation
import PickerReel
import TestSupport

extension CrossFormatCase {
    /// The spec file's path.
    var path: String { repositoryRoot.appendingPathComponent(file).path }

    /// A renderer of the spec (its `mutation` applied when asked), in the case's variant.
    func renderer(mutated: Bool = false) throws -> Renderer {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        if mutated {
            guard var root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let value = try? JSONSerialization.jsonObject(with: Data(mutation.json.utf8), options: .fragmentsAllowed)
            else { throw RowFailure(description: "\(file) is not a JSON object") }
            root = Self.setting(value, at: mutation.path[...], in: root)
            data = try JSONSerialization.data(withJSONObject: root)
        }
        let spec = try PickerSpec(json: data, file: path)
        let variant = try variant.map { suffix in
            guard let found = spec.variants.first(where: { $0.suffix == suffix }) else {
                throw RowFailure(description: "\(file) has no variant \(suffix)")
            }
            return found
        }
        return try Renderer(spec, variant: variant, file: path)
    }

    private static func setting(_ value: Any, at path: ArraySlice<String>, in object: [String: Any]) -> [String: Any] {
        guard let key = path.first else { return object }
        var copy = object
        copy[key] = path.count == 1 ? value : setting(value, at: path.dropFirst(), in: copy[key] as? [String: Any] ?? [:])
        return copy
    }
}
