/// A request to the preview's server, reduced to what the preview answers by: the method, the path (without the
/// query), the query's arguments, and the headers that say where the request came from.
///
/// The path is never used to name a file: the preview answers a fixed list of paths and nothing else.
struct HTTPRequest: Sendable, Equatable {
    /// The method: `GET`, `HEAD`, `POST` and so on.
    var method: String
    /// The request's path as libmicrohttpd decoded it, such as `/frame`; an absolute URL stays as sent.
    var path: String
    /// The query's arguments, decoded; the first of a repeated name.
    var arguments: [String: String] = [:]
    /// The `Host` header, or nil.
    var host: String? = nil
    /// The `Origin` header, or nil (a browser sends none for a page's own images and same-origin reads).
    var origin: String? = nil
    /// The `Sec-Fetch-Site` header (`same-origin`, `cross-site`, …), or nil from a client that does not send it.
    var fetchSite: String? = nil
}

/// The answer to a request: a status, a body and its type, and whether a browser may run scripts from it.
struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code.
    var status: Int
    /// The body's bytes.
    var body: [UInt8] = []
    /// The body's media type, or nil for an empty answer.
    var contentType: String? = nil

    /// The headers sent with every answer: nothing is cached, sniffed, framed by another page or referred on.
    static let safetyHeaders = [
        "Cache-Control: no-store", "X-Content-Type-Options: nosniff", "X-Frame-Options: DENY", "Referrer-Policy: no-referrer",
        "Content-Security-Policy: default-src 'none'; img-src 'self' blob:; connect-src 'self' blob:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; frame-ancestors 'none'",
    ]

    /// Every header line of this answer, separated by newlines, as `picker_mhd_respond` takes them.
    var headerLines: String {
        ((contentType.map { ["Content-Type: \($0)"] } ?? []) + Self.safetyHeaders).joined(separator: "\n")
    }

    /// An answer with no body.
    static func empty(_ status: Int) -> HTTPResponse { HTTPResponse(status: status) }

    /// A UTF-8 text answer of `type`.
    static func text(_ text: String, type: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, body: Array(text.utf8), contentType: "\(type); charset=utf-8")
    }
}
