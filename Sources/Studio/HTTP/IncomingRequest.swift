/// What the studio reads of a request: its method, path, query, headers and body. Served,
/// it is civetweb's own (`HTTPExchange`); the routes' and the guard's tests make one in
/// memory, so that every answer can be checked without a server.
protocol IncomingRequest {
    var method: String { get }
    /// The path as sent, still percent-encoded and not cleaned, without the query.
    var rawPath: String { get }
    var query: String? { get }
    func header(_ name: String) -> String?
    /// Every value sent for the header `name`, in order: none, one, or (refused by the
    /// guard for Host and Origin) more.
    func headers(_ name: String) -> [String]
    /// Hands the body to `take` a piece at a time (for uploads written to a file as they
    /// come), refusing more than `limit` bytes.
    func readChunks(limit: Int, _ take: (UnsafeRawBufferPointer) throws -> Void) rethrows -> BodyEnd
}

/// How reading a request's body ended.
enum BodyEnd: Equatable {
    case complete
    /// More than the limit: the rest is left unread and the connection closed after the answer.
    case tooLarge
    /// The client went away or stopped sending (the server's read timeout).
    case failed
}

extension IncomingRequest {
    /// The path percent-decoded (see `RequestPath`).
    var path: RequestPath { RequestPath(raw: rawPath) }

    /// The body, if it is at most `limit` bytes.
    func readBody(limit: Int) -> (BodyEnd, [UInt8]) {
        var bytes: [UInt8] = []
        let end = readChunks(limit: limit) { chunk in bytes += chunk }
        return (end, end == .complete ? bytes : [])
    }
}
