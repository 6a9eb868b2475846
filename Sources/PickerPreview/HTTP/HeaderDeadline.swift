import Glibc
import PickerReel
import Synchronization

/// Cuts the connections that hold a place without asking for anything: each must send a request's whole head
/// within `seconds` of opening, and the next one within `seconds` of its previous answer, or its socket is shut
/// down and libmicrohttpd closes it.
///
/// libmicrohttpd's own timeout counts from the last byte received, so a client that trickles a header line every few
/// seconds resets it and keeps its place for ever; 64 of them filled the server and kept the page from everyone.
/// This deadline counts from the start of the wait, whatever arrives meanwhile. A thread of its own looks four times
/// a second; a connection waiting for its answer (a frame being drawn) is never cut.
final class HeaderDeadline: Sendable {
    /// How long a connection may take to send a request's head, or wait idle between requests, in seconds.
    ///
    /// A browser sends a head in one piece, so over the loopback it arrives at once; an idle keep-alive connection
    /// cut is opened again by the browser.
    static let seconds = 5.0
    /// How often the connections are looked at, in microseconds.
    static let lookInterval: UInt32 = 250_000

    /// One open connection: its socket, and since when it has been waiting for a request's head (nil while a
    /// request of it is being answered).
    private struct Waiting {
        var socket: Int32
        var since: Double?
    }

    private let connections = Mutex<[UInt: Waiting]>([:])
    private let loop = StoppableLoop()

    /// A deadline that cuts nothing until `start()`.
    init() {}

    /// A connection was opened on `socket`: its wait for a head starts now.
    func opened(_ connection: OpaquePointer, socket: Int32) {
        guard socket >= 0 else { return }
        let now = Self.now()
        connections.withLock { $0[Self.key(connection)] = Waiting(socket: socket, since: now) }
    }

    /// The head of a request on `connection` has been read: it is answered, not cut, however long that takes.
    func headRead(_ connection: OpaquePointer) {
        connections.withLock { $0[Self.key(connection)]?.since = nil }
    }

    /// A request on `connection` has been answered: its wait for the next head starts now.
    func answered(_ connection: OpaquePointer) {
        let now = Self.now()
        connections.withLock { $0[Self.key(connection)]?.since = now }
    }

    /// `connection` was closed; libmicrohttpd says so before it closes the socket, so a socket in the table is
    /// always still the connection's own.
    func closed(_ connection: OpaquePointer) {
        _ = connections.withLock { $0.removeValue(forKey: Self.key(connection)) }
    }

    /// Starts the thread that cuts late connections; false when no thread could be made.
    func start() -> Bool {
        loop.start { [self] in
            while loop.isRunning {
                cutLate(at: Self.now())
                usleep(Self.lookInterval)
            }
        }
    }

    /// Asks the thread to end and waits until it has; nothing when none runs.
    func stop() { loop.stop() }

    /// Shuts down the socket of every connection that has waited longer than `seconds` for a head at `now`, and
    /// forgets it (libmicrohttpd sees the socket end and closes the connection); how many were cut.
    @discardableResult
    func cutLate(at now: Double) -> Int {
        connections.withLock { table in
            let late = table.filter { _, waiting in waiting.since.map { now - $0 > Self.seconds } ?? false }
            for (key, waiting) in late {
                // Under the lock: the connection cannot be closed, and its socket number reused, meanwhile.
                _ = shutdown(waiting.socket, Int32(SHUT_RDWR))
                table.removeValue(forKey: key)
            }
            return late.count
        }
    }

    private static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))) }

    /// Seconds on the monotonic clock.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
