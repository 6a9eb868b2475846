/// A spec field whose value came from a design token: what `pickerreel tokens` prints, so a reviewer sees what a
/// token change will move.
package struct TokenField: Hashable, Sendable, CustomStringConvertible {
    /// The field in the spec, such as `style.highlight.cornerRadius`.
    package var field: JSONPath
    /// The token the field names, such as `picker.highlight.radius` (written `{picker.highlight.radius}`).
    package var token: String
    /// The token file that holds the token's value (the end of an alias chain), relative to the spec's folder.
    package var file: String
    /// The value the field took, as the spec would write it (`#8E8E93`, `16`, `0.2`).
    package var value: String

    /// A field's token record.
    package init(field: JSONPath, token: String, file: String, value: String) {
        self.field = field
        self.token = token
        self.file = file
        self.value = value
    }

    /// `style.highlight.cornerRadius = {picker.highlight.radius} (tokens/base.tokens.json) → 8`.
    package var description: String {
        "\(field) = {\(token)} (\(file)) → \(value)"
    }
}

extension TokenField {
    /// Validates `spec`, and where the value at fault came from a token, says which token and file it came from.
    ///
    /// A `cornerRadius` of 5000 from `{radius.huge}` fails as a typed 5000 does, and the message then names the token
    /// and its file, where the fix is; the field's path stays the spec's.
    static func validate(_ spec: PickerSpec, file: String?) throws(SpecError) {
        do {
            try spec.validate(file: file)
        } catch {
            let components = error.path.components
            guard
                let field = spec.tokenFields.first(where: {
                    $0.field.components.count <= components.count
                        && Array(components.prefix($0.field.components.count)) == $0.field.components
                })
            else { throw error }
            throw SpecError(
                file: error.file, path: error.path,
                problem: .token("\(error.problem.message) (the value of {\(JSONPath.shortened(field.token))} in \(field.file))"))
        }
    }
}
