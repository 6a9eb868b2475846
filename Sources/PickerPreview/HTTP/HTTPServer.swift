import CPickerMicroHTTPD
import Glibc
import PickerKit

/// A running libmicrohttpd daemon on 127.0.0.1 that answers every request with `handler`: the one owner of the
/// `MHD_Daemon`, which it stops in `stop()` (or when it goes away).
///
/// It listens on the loopback interface only, never another one, and answers on a few threads of its own; the
/// handler is called on them, so it must be safe to call from several at once. It holds at most
/// `connectionLimit` connections (more wait in the system's queue, first come first served), and cuts any that
/// takes longer than `HeaderDeadline.seconds` to send a request's head, so that no local process can hold every
/// place by trickling headers.
///
/// There is no per-address limit (`MHD_OPTION_PER_IP_CONNECTION_LIMIT`): every client of a loopback server comes
/// from 127.0.0.1, the browser too, and libmicrohttpd closes a connection over that limit at once, so a hostile
/// process that reached it would have the browser's requests refused. Over the total limit a connection waits in
/// the system's queue instead, and the deadline frees every place within a few seconds.
final class HTTPServer {
    /// The most connections open at once; a browser uses six or so per page.
    static let connectionLimit: UInt32 = 64
    /// The port the server listens on (the one chosen by the system when 0 was asked for).
    let port: Int
    private let functions: UnsafePointer<picker_mhd>
    private var daemon: OpaquePointer?
    // Retained here for as long as the daemon may call it; the daemon holds it unretained.
    private let handler: RequestHandler

    /// Starts listening on 127.0.0.1:`port` (0 for any free port), answering with `handler` on `threads` threads.
    ///
    /// Throws `PreviewError.serverLibrary` when libmicrohttpd cannot be opened, `.cannotListen` when the port is
    /// taken or cannot be used, and `.noThread` when the thread that enforces the header deadline cannot start.
    init(port: Int, threads: Int, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws(PreviewError) {
        functions = try MicroHTTPDLibrary.functions()
        self.handler = RequestHandler(functions: functions, answer: handler)
        guard self.handler.deadline.start() else { throw .noThread }
        let context = Unmanaged.passUnretained(self.handler).toOpaque()
        let idleSeconds = UInt32(HeaderDeadline.seconds)
        guard
            let started = picker_mhd_start_loopback(
                functions, UInt16(port), UInt32(threads), Self.connectionLimit, idleSeconds, answerRequest, noteConnection,
                noteAnswered, context)
        else {
            self.handler.deadline.stop()
            throw .cannotListen(port: port, reason: Self.reasonCannotListen(port: port))
        }
        daemon = started
        self.port = Int(picker_mhd_port(functions, started))
    }

    deinit { stop() }

    /// Stops listening, finishes the answers under way and ends the server's threads; later calls do nothing.
    func stop() {
        guard let running = daemon else { return }
        daemon = nil
        functions.pointee.MHD_stop_daemon(running)
        handler.deadline.stop()
    }

    /// Why 127.0.0.1:`port` cannot be listened on, found by trying it (libmicrohttpd does not say).
    private static func reasonCannotListen(port: Int) -> String {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard probe >= 0 else { return String(cString: strerror(errno)) }
        defer { close(probe) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if bound != 0 { return errno == EADDRINUSE ? "the port is in use" : String(cString: strerror(errno)) }
        return "libmicrohttpd could not start"
    }
}

/// What the daemon calls for each request: reads it, asks the answer, and queues it.
private final class RequestHandler: Sendable {
    // The table is written once before the daemon starts and only read after; the answer is Sendable.
    nonisolated(unsafe) let functions: UnsafePointer<picker_mhd>
    let answer: @Sendable (HTTPRequest) -> HTTPResponse
    /// Cuts the connections that take too long to send a request's head.
    let deadline = HeaderDeadline()

    init(functions: UnsafePointer<picker_mhd>, answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.functions = functions
        self.answer = answer
    }

    /// Answers the request on `connection` once it has been read whole (the preview reads no body).
    func respond(to connection: OpaquePointer, path: String, method: String) -> Int32 {
        var request = HTTPRequest(method: method, path: path)
        request.host = header("Host", of: connection)
        request.origin = header("Origin", of: connection)
        request.fetchSite = header("Sec-Fetch-Site", of: connection)
        request.arguments = arguments(of: connection)
        let response = answer(request)
        return response.body.withUnsafeBytes { body in
            picker_mhd_respond(functions, connection, UInt32(response.status), body.baseAddress, body.count, response.headerLines)
        }
    }

    private func header(_ name: String, of connection: OpaquePointer) -> String? {
        functions.pointee.MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    private func arguments(of connection: OpaquePointer) -> [String: String] {
        var collected = ArgumentList()
        withUnsafeMutablePointer(to: &collected) { list in
            _ = functions.pointee.MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, collectArgument, list)
        }
        return collected.values
    }
}

/// The query's arguments as libmicrohttpd hands them over, one at a time; a bounded number are kept.
private struct ArgumentList {
    var values: [String: String] = [:]
}

/// The daemon's callback for each argument of the query.
private let collectArgument: MHD_KeyValueIterator = { context, _, key, value in
    guard let context, let key else { return .NO }
    let list = context.assumingMemoryBound(to: ArgumentList.self)
    guard list.pointee.values.count < 16 else { return .NO }
    let name = String(cString: key)
    if list.pointee.values[name] == nil { list.pointee.values[name] = value.map { String(cString: $0) } ?? "" }
    return .YES
}

/// The daemon's callback for each request: called when its headers are read, for each piece of its body, and at the end.
///
/// The answer is queued on the last call: queued earlier, libmicrohttpd closes the connection after it, and the
/// page's many frame requests would each open a new one.
private let answerRequest: MHD_AccessHandlerCallback = { context, connection, url, method, _, _, bodySize, requestState in
    guard let context, let connection, let requestState else { return .NO }
    if requestState.pointee == nil {
        // Headers read: mark the request as seen (any non-nil pointer), and wait for the rest.
        requestState.pointee = context
        Unmanaged<RequestHandler>.fromOpaque(context).takeUnretainedValue().deadline.headRead(connection)
        return .YES
    }
    if let bodySize, bodySize.pointee != 0 {
        // A body piece: the preview reads none, so it is dropped.
        bodySize.pointee = 0
        return .YES
    }
    let handler = Unmanaged<RequestHandler>.fromOpaque(context).takeUnretainedValue()
    let path = url.map { String(cString: $0) } ?? ""
    let verb = method.map { String(cString: $0) } ?? ""
    return handler.respond(to: connection, path: path, method: verb) == Int32(MHD_Result.YES.rawValue) ? .YES : .NO
}

/// The daemon's callback when a connection opens or closes: the header deadline starts watching it, or forgets it.
private let noteConnection: MHD_NotifyConnectionCallback = { context, connection, _, event in
    guard let context, let connection else { return }
    let handler = Unmanaged<RequestHandler>.fromOpaque(context).takeUnretainedValue()
    // MHD_CONNECTION_NOTIFY_STARTED is 0, MHD_CONNECTION_NOTIFY_CLOSED 1.
    if event.rawValue == 0 {
        handler.deadline.opened(connection, socket: picker_mhd_connection_socket(handler.functions, connection))
    } else {
        handler.deadline.closed(connection)
    }
}

/// The daemon's callback when a request has been answered (or abandoned): the wait for the next head starts.
private let noteAnswered: MHD_RequestCompletedCallback = { context, connection, _, _ in
    guard let context, let connection else { return }
    Unmanaged<RequestHandler>.fromOpaque(context).takeUnretainedValue().deadline.answered(connection)
}
