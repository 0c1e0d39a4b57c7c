internal import CHTTP
import FoundationEssentials

/// One response, sent whole with its length.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)] = []
    var body: [UInt8] = []

    /// A short text, for errors a person may read in the browser.
    static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((text + "\n").utf8))
    }

    /// A JSON body.
    static func json(_ status: Int, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: body)
    }

    static func json<Value: Encodable>(_ status: Int, encoding value: Value) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes = (try? encoder.encode(value)).map { [UInt8]($0) } ?? Array("{}".utf8)
        return json(status, bytes)
    }
}

/// A request as civetweb parsed it, valid only while the handler runs.
/// Used by one thread at a time: the civetweb thread that received the request waits while
/// the thread answering it reads and writes.
struct HTTPExchange: IncomingRequest, @unchecked Sendable {
    private let request: OpaquePointer

    init(_ request: OpaquePointer) {
        self.request = request
    }

    var method: String { String(cString: wg_http_method(request)) }
    var rawPath: String { String(cString: wg_http_path(request)) }
    var query: String? { wg_http_query(request).map { String(cString: $0) } }

    func header(_ name: String) -> String? {
        wg_http_header(request, name).map { String(cString: $0) }
    }

    func headers(_ name: String) -> [String] {
        (0..<Int(wg_http_header_count(request, name))).compactMap { index in
            wg_http_header_at(request, name, Int32(index)).map { String(cString: $0) }
        }
    }

    /// The declared body length, nil when none was declared (chunked).
    var contentLength: Int? {
        let length = wg_http_content_length(request)
        return length >= 0 ? Int(length) : nil
    }

    /// The slowest a body may arrive, on average from `bodyGrace` after it started: a
    /// browser on the same machine sends hundreds of megabytes a second, a tunnel over a
    /// slow link far more than this; a client dripping a byte at a time falls behind within
    /// seconds and is dropped, so it cannot hold a thread for long.
    static let minimumBodyRate = 32 << 10
    static let bodyGrace: Duration = .seconds(3)

    /// The body a piece at a time; a declared length above `limit` is refused before a byte
    /// is read, and a body that falls behind `minimumBodyRate` ends as `.failed`.
    func readChunks(limit: Int, _ take: (UnsafeRawBufferPointer) throws -> Void) rethrows -> BodyEnd {
        if let declared = contentLength, declared > limit { return .tooLarge }
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        let clock = ContinuousClock()
        let started = clock.now
        while true {
            let count = buffer.withUnsafeMutableBytes { wg_http_read(request, $0.baseAddress!, $0.count) }
            if count == 0 { break }
            if count < 0 { return .failed }
            total += Int(count)
            if total > limit { return .tooLarge }
            let late = clock.now - started - Self.bodyGrace
            if late > .zero, Double(total) < Double(Self.minimumBodyRate) * Self.seconds(late) { return .failed }
            try buffer.withUnsafeBytes { try take(UnsafeRawBufferPointer(rebasing: $0[0..<Int(count)])) }
        }
        if let declared = contentLength, total != declared { return .failed }
        return .complete
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// Sends the response; the headers every answer carries are added here.
    func send(_ response: HTTPResponse) {
        var lines = ""
        for (name, value) in response.headers + HTTPExchange.alwaysSent {
            // A header value never holds a line break: one would start a header of its own.
            let clean = value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }
            lines += "\(name): \(String(String.UnicodeScalarView(clean)))\r\n"
        }
        _ = response.body.withUnsafeBytes { body in
            wg_http_respond(request, Int32(response.status), lines, body.baseAddress, body.count)
        }
    }

    /// Nothing the studio sends may be cached, framed by another page, sniffed as another
    /// type or leak its address (with the token) as a referrer.
    static let alwaysSent: [(name: String, value: String)] = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
    ]
}
