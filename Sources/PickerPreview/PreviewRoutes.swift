import FoundationEssentials
import PickerReel
import Synchronization

/// The preview's answers: its page, its state, the animation's description and the frames, to its own page only.
///
/// Four fixed paths and nothing else: no part of a request names a file, so no path (`/../../etc/passwd`,
/// `/%2e%2e/`, an absolute URL) can reach the file system. A request from another site (another `Origin`, a
/// `Sec-Fetch-Site` other than the page's own, or a `Host` other than 127.0.0.1 or localhost at this port, as a
/// DNS-rebinding page sends) is answered with 403 and nothing in it. Every request must carry the page's token,
/// `t=TOKEN` in its query, a random value printed only in the page's address: a page of another site cannot know
/// it, so a request of its that carries no Fetch Metadata (an `<img>` in an older browser) gets 403 too.
final class PreviewRoutes: Sendable {
    private let session: PreviewSession
    private let port = Atomic<Int>(0)
    /// The page's token: 32 hexadecimal digits, 128 random bits, new for each run.
    let token: String

    /// Answers for `session`, to requests that carry `token`; nothing is answered (503) until `listening(on:)`
    /// names the port.
    init(session: PreviewSession, token: String = PreviewRoutes.randomToken()) {
        self.session = session
        self.token = token
    }

    /// A new token from the system's random source.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = String(generator.next() as UInt32, radix: 16)
            return String(repeating: "0", count: 8 - word.count) + word
        }.joined()
    }

    /// The page's address on `port`, with its token: the one address that works.
    func address(port: Int) -> String { "http://127.0.0.1:\(port)/?t=\(token)" }

    /// The port the server listens on, which the page's own origin includes.
    func listening(on port: Int) {
        self.port.store(port, ordering: .releasing)
    }

    /// The answer to `request`.
    func answer(_ request: HTTPRequest) -> HTTPResponse {
        let port = self.port.load(ordering: .acquiring)
        guard port != 0 else { return .empty(503) }
        guard isFromOwnPage(request, port: port) else { return .empty(403) }
        guard carriesToken(request) else {
            // Said in words on the page's own path, for whoever typed the address without its token.
            guard request.path == "/" else { return .empty(403) }
            return .text("Open the address pickerreel preview printed: it carries the page's token.\n", type: "text/plain", status: 403)
        }
        guard request.method == "GET" || request.method == "HEAD" else { return .empty(405) }
        switch request.path {
        case "/":
            return .text(PreviewPage.html, type: "text/html")
        case "/state":
            return .text(stateJSON(session.current), type: "application/json")
        case "/animation":
            let shown = session.current
            guard shown.generation > 0, request.arguments["generation"] == String(shown.generation) else { return .empty(404) }
            return HTTPResponse(status: 200, body: shown.animation, contentType: "application/json")
        case "/frame":
            return frame(request.arguments)
        default:
            return .empty(404)
        }
    }

    /// True when the request comes from the page this server serves, or from no page (a command-line client).
    func isFromOwnPage(_ request: HTTPRequest, port: Int) -> Bool {
        let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host = request.host?.lowercased(), hosts.contains(host) else { return false }
        if let origin = request.origin?.lowercased(), !hosts.contains(where: { origin == "http://\($0)" }) { return false }
        if let site = request.fetchSite, site != "same-origin", site != "none" { return false }
        return true
    }

    /// True when the request's `t` argument is the page's token; compared in constant time, so the answer's timing
    /// says nothing of how much of a guess was right.
    func carriesToken(_ request: HTTPRequest) -> Bool {
        guard let given = request.arguments["t"] else { return false }
        let expected = Array(token.utf8)
        let offered = Array(given.utf8)
        guard offered.count == expected.count else { return false }
        return zip(offered, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// `/frame?variant=NAME&index=N&generation=G`: the PNG of frame N of the variant, as `frame --index N` writes it;
    /// 404 for another generation (the page reloads), a variant the spec does not have or an index outside it.
    private func frame(_ arguments: [String: String]) -> HTTPResponse {
        let shown = session.current
        guard arguments["generation"] == String(shown.generation),
            let variant = shown.variants.first(where: { $0.name == arguments["variant"] }),
            let text = arguments["index"], let index = Int(text), (0..<variant.renderer.frameCount).contains(index)
        else { return .empty(404) }
        guard let png = try? variant.renderer.png(frame: index) else { return .empty(500) }
        return HTTPResponse(status: 200, body: [UInt8](png), contentType: "image/png")
    }

    /// `{"generation": G, "error": "…" or null, "spec": "path"}`: small, for the page to ask several times a second.
    private func stateJSON(_ shown: PreviewSession.Shown) -> String {
        jsonText(StateReport(generation: shown.generation, error: shown.error, spec: session.specPath))
    }
}

/// The `/state` answer.
private struct StateReport: Encodable {
    var generation: Int
    var error: String?
    var spec: String

    enum CodingKeys: String, CodingKey { case generation, error, spec }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(generation, forKey: .generation)
        // An explicit null, so the page reads "no error" rather than a missing field.
        try container.encode(error, forKey: .error)
        try container.encode(spec, forKey: .spec)
    }
}
