import FoundationEssentials
import PickerCompare
import PickerReel

/// The `pickerreel` command-line tool: parses the arguments, runs the command, and maps every failure to one
/// message on standard error and exit status 2.
package enum PickerReelTool {
    /// The tool's version.
    package static let version = "0.2.0"

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    ///
    /// An output stream that cannot be written (a full disk, a closed descriptor) makes the status 2 whatever the
    /// command did, with a message on standard error when that one still works.
    package static func run(_ arguments: [String], console: Console = .standard) -> Int32 {
        let status = execute(arguments, console: console)
        if let failure = console.failure() {
            console.err(ErrorLine.line("cannot write to \(failure)") + "\n")
            return ExitCode.badInput
        }
        return status
    }

    static func execute(_ arguments: [String], console: Console) -> Int32 {
        let command: Command
        do {
            command = try CommandParser.parse(arguments)
        } catch {
            console.err(ErrorLine.text(for: error))
            return ExitCode.badInput
        }
        let inspect = InspectCommands(console: console)
        do {
            switch command {
            case .help(let text):
                console.out(text)
                return ExitCode.success
            case .version:
                console.out("pickerreel \(version)\n")
                return ExitCode.success
            case .render(let options):
                return RenderCommand(options: options, console: console).run()
            case .frame(let options):
                return try inspect.frame(options)
            case .layout(let path, let variant, let root):
                return try inspect.layout(path, variant: variant, root: root)
            case .timeline(let path, let variant, let root):
                return try inspect.timeline(path, variant: variant, root: root)
            case .tokens(let path, let variant, let root):
                return try TokensCommand(console: console).run(path, variant: variant, root: root)
            case .validate(let paths, let root):
                return inspect.validate(paths, root: root)
            case .compare(let options):
                return CompareCommand(options: options, console: console).run()
            case .audit(let options):
                return AuditCommand(options: options, console: console).run()
            case .mergeReports(let files, let options):
                return MergeReportsCommand(files: files, options: options, console: console).run()
            case .preview(let options):
                return PreviewCommand(options: options, console: console).run()
            case .environment(let options):
                return EnvironmentCommand(options: options, console: console).run()
            }
        } catch let error as UsageError {
            console.err(ErrorLine.text(for: error))
            return ExitCode.badInput
        } catch {
            console.err(ErrorLine.text(for: error))
            return ExitCode.badInput
        }
    }
}
