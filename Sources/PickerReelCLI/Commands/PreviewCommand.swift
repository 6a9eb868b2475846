import PickerPreview

/// `pickerreel preview SPEC [--port N] [--open]`: serves one page on 127.0.0.1 that plays the spec as it renders,
/// and reloads it when the spec or a file it reads is saved, until Ctrl-C or SIGTERM.
struct PreviewCommand {
    static let defaultPort = PreviewOptions.defaultPort

    static let optionTable = [
        OptionDefinition(
            name: "--port", short: "-p", valueName: "N",
            help: "The port on 127.0.0.1, 0 for any free one (default: \(defaultPort), or any free one when it is taken)."),
        OptionDefinition(name: "--open", short: nil, valueName: nil, help: "Open the page in the browser (xdg-open; open on macOS)."),
    ]

    static let help = usageText(
        command: "preview", operands: "SPEC",
        summary: "Serve a page on 127.0.0.1 that plays SPEC as it will render, and reloads when it or its files are saved.",
        options: optionTable,
        details: """
            The first line printed is the page's address. The page plays every variant with the tool's own PNG
            frames, looping, with play/pause, the time, a scrubber and frame steps (arrow keys), the layout's
            rectangles with the numbers `layout` prints, and a choice of one variant. When the spec, an icon or an
            image is saved, the page reloads within a second at the moment it showed; a broken spec shows the
            message `validate` prints over the last good pictures, dimmed, until it is fixed.

            Only this computer can reach the page (127.0.0.1), only the page's own paths are answered, and a request
            from another site gets nothing: the address carries a random token (?t=…) that every request must
            carry. A connection that takes more than 5 s to send a request is cut. Ctrl-C or SIGTERM stops it
            (exit 0); it writes no files.
            """)

    /// Parses the arguments after the word `preview`.
    ///
    /// Throws `UsageError` for other than one SPEC, an unknown option, or a port that is not 0 to 65535.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        let parsed = try parseArguments(arguments, options: optionTable, command: "preview")
        if parsed.has("--help") { return .help(text: help) }
        guard parsed.positional.count == 1, let spec = parsed.positional.first else {
            let count = parsed.positional.count
            throw UsageError(command: "preview", message: count == 0 ? "give one SPEC file" : "give one SPEC file, not \(count)")
        }
        var options = PreviewOptions(specPath: spec)
        if let text = parsed.value("--port") {
            guard let port = Int(text), (0...65_535).contains(port) else {
                throw UsageError(command: "preview", message: "--port \(text): expected a port number from 0 to 65535 (0: any free port)")
            }
            options.port = port
        }
        options.openBrowser = parsed.has("--open")
        return .preview(options)
    }

    var options: PreviewOptions
    var console: Console

    /// Serves until a signal stops it; returns 0 then, or 2 when it cannot start.
    func run() -> Int32 {
        let printer = PreviewPrinter(
            out: console.out, err: console.err, errorLine: { ErrorLine.text(for: $0, context: $1) },
            warningLine: { ErrorLine.line($0, kind: "warning") })
        let served = PreviewServer.serve(options, printer: printer) { stop in SignalCleanup.takeNextSignal { _ in stop() } }
        return served ? ExitCode.success : ExitCode.badInput
    }
}
