import PickerReel

/// The one line the tool prints for a failure: `pickerreel: error: ` (or `pickerreel COMMAND: error: `), the spec
/// the failure belongs to when the message does not already name it, and the message, at most `maximumLength`
/// characters long whatever the input (a key of megabytes is cut short).
enum ErrorLine {
    /// The longest message printed, in characters.
    static let maximumLength = 1_000

    /// The line for `error`, after `context` (the spec's path) when the message does not begin with it, and with
    /// `variant` (a suffix such as `@8x`) after the path, so that a batch's line says which variant failed.
    static func text(for error: any Error, context: String? = nil, variant: String? = nil, command: String = "") -> String {
        var message = "\(error)"
        if let context, !(error is SpecError), !message.hasPrefix(context) {
            message = "\(context): \(message)"
        }
        if let context, let variant, !variant.isEmpty, message.hasPrefix(context + ": ") {
            message = "\(context) (variant \(variant))" + message.dropFirst(context.count)
        }
        if message.count > maximumLength {
            message = message.prefix(maximumLength) + "…"
        }
        let prefix = command.isEmpty ? "pickerreel" : "pickerreel \(command)"
        return "\(prefix): error: \(message)\n"
    }
}
