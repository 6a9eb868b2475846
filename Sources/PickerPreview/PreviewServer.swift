import Glibc
import PickerReel
import Synchronization

/// `pickerreel preview`: serves one page on 127.0.0.1 that plays the spec as it renders, and reloads it when the
/// spec or a file it reads is saved, until it is asked to stop.
package enum PreviewServer {
    /// Serves `options`' spec until the stop that `onStop` is handed is called (the CLI calls it on Ctrl-C or
    /// SIGTERM); prints the page's address to `printer.out` and every other line to `printer.err`.
    ///
    /// Returns true when it served and stopped as asked, false when it could not start: the spec is not there, or
    /// the server library, the port or a thread is missing (the message is printed).
    package static func serve(
        _ options: PreviewOptions, printer: PreviewPrinter, onStop: (@escaping @Sendable () -> Void) -> Void
    ) -> Bool {
        let path = options.specPath
        let session = PreviewSession(specPath: path) { error, context in printer.errorLine(error, context) }
        if let message = session.reload() {
            // A spec that is not there at all is a typo; one that is there but broken is being written.
            var status = stat()
            guard stat(path, &status) == 0 else {
                printer.err(message + "\n")
                return false
            }
            printer.err(message + "\n")
        }
        let routes = PreviewRoutes(session: session)
        let server: HTTPServer
        do {
            server = try startServer(routes, port: options.port)
        } catch {
            printer.err(printer.errorLine(error, nil))
            return false
        }
        routes.listening(on: server.port)
        let address = routes.address(port: server.port)
        printer.out(address + "\n")
        let watcher = PreviewWatcher(session: session) { message in
            printer.err(message.map { $0 + "\n" } ?? "pickerreel preview: reloaded \(path)\n")
        }
        if !watcher.start() {
            printer.err(printer.warningLine("no thread could be started to watch \(path); the page will not reload") + "\n")
        }
        let others = session.current.files.count - 1
        let watched = others > 0 ? " and the \(others) file\(others == 1 ? "" : "s") it reads" : ""
        printer.err("pickerreel preview: showing \(path) at \(address); saving it\(watched) reloads the page. Ctrl-C stops.\n")
        if options.openBrowser { BrowserLauncher.open(address, err: printer.err) }
        let stop = StopRequest()
        onStop { stop.signal() }
        stop.wait()
        watcher.stop()
        server.stop()
        printer.err("pickerreel preview: stopped\n")
        return true
    }

    /// The server on `port`, or on the default port and else any free one when none was asked for.
    private static func startServer(_ routes: PreviewRoutes, port: Int?) throws(PreviewError) -> HTTPServer {
        let threads = min(4, max(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        let handler: @Sendable (HTTPRequest) -> HTTPResponse = { routes.answer($0) }
        if let port { return try HTTPServer(port: port, threads: threads, handler: handler) }
        do {
            return try HTTPServer(port: PreviewOptions.defaultPort, threads: threads, handler: handler)
        } catch .cannotListen {
            return try HTTPServer(port: 0, threads: threads, handler: handler)
        }
    }
}

/// A wait for a stop request: `wait` returns once `signal` has been called, from any thread.
private final class StopRequest: Sendable {
    private let stopped = Mutex(false)

    func signal() { stopped.withLock { $0 = true } }

    /// Waits, looking ten times a second (the preview has nothing else to do on this thread).
    func wait() {
        while !stopped.withLock({ $0 }) { usleep(100_000) }
    }
}
