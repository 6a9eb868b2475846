import PickerReel

/// The one line the tool prints for a failure: `pickerreel: error: ` (or `pickerreel COMMAND: error: `), the spec
/// the failure belongs to when the message does not already name it, and the message, at most about
/// `maximumLength` characters long whatever the input (a key of megabytes or a path of kilobytes loses its middle).
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
            // The middle goes: the start names the file, the end says what is wrong (after a long path or key).
            message = message.prefix(maximumLength * 2 / 5) + " … " + message.suffix(maximumLength * 3 / 5)
        }
        let prefix = command.isEmpty ? "pickerreel" : "pickerreel \(command)"
        return "\(prefix): error: \(message)\n"
    }
}
