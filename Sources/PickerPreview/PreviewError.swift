/// Why `pickerreel preview` cannot start: its server library is missing, it cannot listen on the port, or it
/// cannot start a thread.
enum PreviewError: Error, Equatable, CustomStringConvertible {
    /// libmicrohttpd (or one of its functions) could not be opened; the text says which.
    case serverLibrary(String)
    /// Nothing could listen on 127.0.0.1 at this port; the reason is the system's.
    case cannotListen(port: Int, reason: String)
    /// The thread that cuts connections too slow to send a request could not be started.
    case noThread

    var description: String {
        switch self {
        case .serverLibrary(let reason):
            return "preview needs libmicrohttpd, which cannot be opened: \(reason)"
        case .cannotListen(let port, let reason):
            return "cannot listen on 127.0.0.1:\(port) (\(reason)); choose another port with --port N, or --port 0 for any free one"
        case .noThread:
            return "cannot start the preview's connection watcher (no thread could be made); close some programs and try again"
        }
    }
}
