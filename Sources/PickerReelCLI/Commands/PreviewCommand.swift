import FoundationEssentials
import Glibc
import PickerReel
import Synchronization

/// The options of `pickerreel preview`.
package struct PreviewOptions: Equatable, Sendable {
    /// The spec file to show.
    package var specPath: String
    /// The port on 127.0.0.1; nil tries `PreviewCommand.defaultPort`, then any free port.
    package var port: Int?
    /// Opens the page in the user's browser (`xdg-open`).
    package var openBrowser = false
}

/// `pickerreel preview SPEC [--port N] [--open]`: serves one page on 127.0.0.1 that plays the spec as it renders,
/// and reloads it when the spec or a file it reads is saved, until Ctrl-C or SIGTERM.
struct PreviewCommand {
    /// The port tried first when none is given; an easy one to keep a browser tab on.
    static let defaultPort = 8470

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
        let path = options.specPath
        let session = PreviewSession(specPath: path)
        if let message = session.reload() {
            // A spec that is not there at all is a typo; one that is there but broken is being written.
            var status = stat()
            guard stat(path, &status) == 0 else {
                console.err(message + "\n")
                return ExitCode.badInput
            }
            console.err(message + "\n")
        }
        let routes = PreviewRoutes(session: session)
        let server: HTTPServer
        do {
            server = try startServer(routes)
        } catch {
            console.err(ErrorLine.text(for: error))
            return ExitCode.badInput
        }
        routes.listening(on: server.port)
        let address = routes.address(port: server.port)
        console.out(address + "\n")
        let console = self.console
        let watcher = PreviewWatcher(session: session) { message in
            console.err(message.map { $0 + "\n" } ?? "pickerreel preview: reloaded \(path)\n")
        }
        if !watcher.start() {
            console.err(ErrorLine.line("no thread could be started to watch \(path); the page will not reload", kind: "warning") + "\n")
        }
        let others = session.current.files.count - 1
        let watched = others > 0 ? " and the \(others) file\(others == 1 ? "" : "s") it reads" : ""
        console.err("pickerreel preview: showing \(path) at \(address); saving it\(watched) reloads the page. Ctrl-C stops.\n")
        if options.openBrowser { BrowserLauncher.open(address, console: console) }
        let stop = StopRequest()
        SignalCleanup.takeNextSignal { _ in stop.signal() }
        stop.wait()
        watcher.stop()
        server.stop()
        console.err("pickerreel preview: stopped\n")
        return ExitCode.success
    }

    /// The server on the port asked for, or on the default port and else any free one when none was asked for.
    private func startServer(_ routes: PreviewRoutes) throws(PreviewError) -> HTTPServer {
        let threads = min(4, max(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        let handler: @Sendable (HTTPRequest) -> HTTPResponse = { routes.answer($0) }
        if let port = options.port { return try HTTPServer(port: port, threads: threads, handler: handler) }
        do {
            return try HTTPServer(port: Self.defaultPort, threads: threads, handler: handler)
        } catch .cannotListen {
            return try HTTPServer(port: 0, threads: threads, handler: handler)
        }
    }
}

/// A wait for a signal's stop request: `wait` returns once `signal` has been called, from any thread.
private final class StopRequest: Sendable {
    private let stopped = Mutex(false)

    func signal() { stopped.withLock { $0 = true } }

    /// Waits, looking ten times a second (the preview has nothing else to do on this thread).
    func wait() {
        while !stopped.withLock({ $0 }) { usleep(100_000) }
    }
}
