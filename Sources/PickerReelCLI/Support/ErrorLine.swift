import PickerKit
import PickerReel

/// The one line the tool prints for a failure or a warning: `pickerreel: error: ` (the same for every command), the
/// spec the failure belongs to when the message does not already name it, and the message, at most about
/// `maximumLength` characters long whatever the input (a key of megabytes or a path of kilobytes loses its middle).
///
/// Every character of the message that could end the line, move the terminal's cursor or start a workflow command
/// is escaped (`PlainText.escaped`): a hostile key, value, path or library text cannot make a second line.
enum ErrorLine {
    /// The longest message printed, in characters.
    static let maximumLength = 1_000

    /// The line for `error`, after `context` (the spec's path) when the message does not begin with it, and with
    /// `variant` (a suffix such as `@8x`) after the path, so that a batch's line says which variant failed.
    ///
    /// A usage error is followed by the tool's own second line saying where to find help.
    static func text(for error: any Error, context: String? = nil, variant: String? = nil) -> String {
        var message = "\(error)"
        var help = ""
        if let usage = error as? UsageError {
            message = usage.message
            help = "\n" + usage.helpLine
        }
        if let context, !(error is SpecError), !message.hasPrefix(context) {
            message = "\(context): \(message)"
        }
        if let context, let variant, !variant.isEmpty, message.hasPrefix(context + ": ") {
            message = "\(context) (variant \(variant))" + message.dropFirst(context.count)
        }
        return line(message) + help + "\n"
    }

    /// `pickerreel: error: MESSAGE` (or `warning` for `kind`), escaped and cut short, without the newline.
    static func line(_ message: String, kind: String = "error") -> String {
        var message = PlainText.escaped(message)
        if message.count > maximumLength {
            // The middle goes: the start names the file, the end says what is wrong (after a long path or key).
            message = message.prefix(maximumLength * 2 / 5) + " … " + message.suffix(maximumLength * 3 / 5)
        }
        return "pickerreel: \(kind): \(message)"
    }

    /// The warning line about `subject` (a spec's path, with its variant), ending in a newline.
    static func warning(_ warning: String, about subject: String) -> String {
        line("\(subject): \(warning)", kind: "warning") + "\n"
    }
}
