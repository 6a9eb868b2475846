import Foundation
import TestSupport
import Testing

/// `pickerreel preview` against a hostile local process and a hostile page (issue 34, finding 11): clients that
/// trickle their headers to hold every connection, and requests without the token of the page's address.
@Suite("Preview attacks", .serialized)
struct PreviewAttackTests {
    /// 70 connections that each trickle a header line every second never finish a request: each is cut once it has
    /// taken 5 s, and a normal request made while they trickle is answered within a few seconds.
    @Test func slowHeaderClientsAreCutAndThePageStaysReachable() throws {
        let run = try PreviewRun()
        defer { _ = run.stop() }
        var trickling: [Int32] = []
        defer { for socket in trickling { close(socket) } }
        for _ in 0..<70 {
            let socket = try PreviewRun.connectedSocket(port: run.port)
            trickling.append(socket)
            Self.write("GET /state?t=\(run.token) HTTP/1.1\r\nHost: 127.0.0.1:\(run.port)\r\n", to: socket)
        }
        usleep(500_000)
        // The normal request, on a thread of its own while this one keeps trickling.
        let answer = Answer()
        let asked = Date()
        let (port, token) = (run.port, run.token)
        Thread.detachNewThread {
            let status = (try? PreviewRun.ask(port: port, target: "/state?t=\(token)", seconds: 20).status) ?? 0
            answer.set(status: status, seconds: Date().timeIntervalSince(asked))
        }
        var cut = Set<Int32>()
        while answer.seconds == nil && Date().timeIntervalSince(asked) < 20 {
            for socket in trickling where !cut.contains(socket) {
                let line = "X-Slow: \(Int(Date().timeIntervalSince(asked)))\r\n"
                if Self.isClosedByPeer(socket) || !Self.write(line, to: socket) { cut.insert(socket) }
            }
            usleep(1_000_000)
        }
        while answer.seconds == nil && Date().timeIntervalSince(asked) < 25 { usleep(50_000) }
        print("preview: a request among 70 clients trickling headers was answered after \(answer.seconds ?? 99) s")
        #expect(answer.status == 200, "the normal request was not answered while 70 clients trickled headers")
        #expect((answer.seconds ?? 99) < 10, "the normal request waited \(answer.seconds ?? 99) s")
        // The trickling clients were cut, not served: their sockets are closed by the server.
        usleep(1_000_000)
        for socket in trickling where !cut.contains(socket) {
            if Self.isClosedByPeer(socket) || !Self.write("X-Slow: late\r\n", to: socket) { cut.insert(socket) }
        }
        #expect(cut.count >= 64, "only \(cut.count) of 70 trickling clients were cut")
    }

    /// The printed address carries a random token; a request that carries it is answered even with neither `Origin`
    /// nor `Sec-Fetch-Site` (a command-line client), and one without it, or with another, gets 403 and nothing: an
    /// `<img>` on another site, in a browser without Fetch Metadata, cannot read a frame.
    @Test func everyRequestMustCarryThePageToken() throws {
        let run = try PreviewRun()
        defer { _ = run.stop() }
        #expect(run.url.wholeMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+\/\?t=[0-9a-f]{32}/) != nil, "\(run.url)")
        #expect(run.token.count == 32, "the address \(run.url) carries no token")
        let frame = "/frame?variant=default&index=0&generation=1"
        let tokened = try run.ask(target: frame + "&t=\(run.token)")
        #expect(tokened.status == 200)
        #expect(tokened.body.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG")
        #expect(try run.ask(target: "/?t=\(run.token)").status == 200)
        #expect(try run.ask(target: "/state?t=\(run.token)").status == 200)
        let wrong = String(run.token.reversed()) == run.token ? String(repeating: "0", count: 32) : String(run.token.reversed())
        for target in [
            frame, "/state", "/animation?generation=1", frame + "&t=", frame + "&t=\(wrong)", frame + "&t=\(run.token.prefix(31))",
            frame + "&t=\(run.token)0", "/state?t=\(run.token.uppercased())",
        ] {
            let answer = try run.ask(target: target)
            #expect(answer.status == 403, "\(target)")
            #expect(answer.body.isEmpty, "\(target)")
        }
        // Without Fetch Metadata and from another site: still 403 without the token.
        let imageFromElsewhere = try run.ask(target: frame, headers: ["Referer: http://evil.example/", "Accept: image/*"])
        #expect(imageFromElsewhere.status == 403)
        #expect(imageFromElsewhere.body.isEmpty)
        // The page's own path says what to do, in words, and shows nothing of the spec.
        let page = try run.ask(target: "/")
        #expect(page.status == 403)
        #expect(String(decoding: page.body, as: UTF8.self).contains("token"))
        #expect(!String(decoding: page.body, as: UTF8.self).contains("<script"))
    }

    /// Writes `text` to `socket` without waiting; false once the server has closed it.
    @discardableResult
    static func write(_ text: String, to socket: Int32) -> Bool {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        return sent == bytes.count
    }

    /// True when the server has ended `socket` (a read without waiting sees its end or an error).
    static func isClosedByPeer(_ socket: Int32) -> Bool {
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, Int32(MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }
}

/// The normal request's status and how long it took, set from its own thread.
private final class Answer: @unchecked Sendable {
    // @unchecked: both fields are only touched while holding `lock`.
    private let lock = NSLock()
    private var storedStatus = 0
    private var storedSeconds: Double?

    func set(status: Int, seconds: Double) {
        lock.lock()
        defer { lock.unlock() }
        storedStatus = status
        storedSeconds = seconds
    }

    var status: Int {
        lock.lock()
        defer { lock.unlock() }
        return storedStatus
    }

    var seconds: Double? {
        lock.lock()
        defer { lock.unlock() }
        return storedSeconds
    }
}
