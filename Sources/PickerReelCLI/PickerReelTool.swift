import Foundation
import PickerCompare
import PickerKit
import PickerRender

/// The `pickerreel` command-line tool: parses the arguments, runs the command, and maps every failure to a
/// message on standard error and exit status 2.
public enum PickerReelTool {
    /// The tool's version.
    public static let version = "0.1.0"

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], console: Console = .standard) -> Int32 {
        let command: Command
        do {
            command = try CommandParser.parse(arguments)
        } catch {
            let prefix = error.command.isEmpty ? "pickerreel" : "pickerreel \(error.command)"
            console.err("\(prefix): error: \(error)\n")
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
            case .layout(let path):
                return try inspect.layout(path)
            case .timeline(let path):
                return try inspect.timeline(path)
            case .validate(let paths):
                return inspect.validate(paths)
            case .compare(let options):
                return CompareCommand(options: options, console: console).run()
            }
        } catch let error as UsageError {
            console.err("pickerreel \(error.command): error: \(error)\n")
            return ExitCode.badInput
        } catch {
            console.err("pickerreel: error: \(error)\n")
            return ExitCode.badInput
        }
    }
}
