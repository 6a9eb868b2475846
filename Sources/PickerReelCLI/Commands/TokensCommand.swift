import PickerKit
import PickerReel

/// `pickerreel tokens SPEC`: every field whose value came from a design token, so a reviewer sees what a token
/// change will move.
struct TokensCommand {
    var console: Console

    /// Prints the fields that came from tokens.
    ///
    /// One line per field, `field  {token}  file  value`, under a heading per variant when the variants take
    /// different tokens (`variants.tokens`); a spec that names no token says so. Throws as `validate` does.
    func run(_ path: String, variant: String?, root: String?) throws -> Int32 {
        let source = try SpecSource.load(path, root: root)
        let chosen = try source.variants(named: variant.map { [$0] } ?? [])
        let lists = chosen.map { ($0.variant?.label ?? "default", $0.spec.applying($0.variant ?? $0.spec.defaultVariant).tokenFields) }
        guard lists.contains(where: { !$0.1.isEmpty }) else {
            console.out(PlainText.escaped("\(path): no field comes from a design token (the spec names none: \"{group.token}\")") + "\n")
            return ExitCode.success
        }
        let allSame = lists.allSatisfy { $0.1 == lists.first?.1 }
        var text = ""
        for (index, (name, fields)) in lists.enumerated() where index == 0 || !allSame {
            if !allSame || variant != nil { text += "\(name):\n" }
            text += table(fields, indent: allSame && variant == nil ? "" : "  ")
        }
        // Keys, paths and values come from the spec and its token files: escaped line by line, as every message is.
        console.out(text.split(separator: "\n").map { PlainText.escaped(String($0)) }.joined(separator: "\n") + "\n")
        return ExitCode.success
    }

    private func table(_ fields: [TokenField], indent: String) -> String {
        let fieldWidth = fields.map { $0.field.description.count }.max() ?? 0
        let tokenWidth = fields.map { $0.token.count + 2 }.max() ?? 0
        let fileWidth = fields.map(\.file.count).max() ?? 0
        return fields.map { field in
            indent + field.field.description.padded(to: fieldWidth) + "  " + "{\(field.token)}".padded(to: tokenWidth) + "  "
                + field.file.padded(to: fileWidth) + "  " + field.value + "\n"
        }.joined()
    }
}
