internal import CHTTP
import Dispatch
import FoundationEssentials
import Glibc
import Platform

/// The limits the studio's server runs with; see `StudioServer.limits` for the values and why.
struct HTTPLimits: Sendable {
    var threads: Int
    var requestTimeoutMilliseconds: Int
    var keepAliveTimeoutMilliseconds: Int
    var maxHeaderBytes: Int
}

/// Why the server did not start.
struct HTTPServerError: Error, CustomStringConvertible {
    let description: String
    /// civetweb itself cannot be loaded: no address or port would help.
    var library: LibraryUnavailable? = nil
}

/// civetweb listening on one loopback address, every request handed to `handler` on one
/// of its threads. civetweb parses the requests; nothing here reads HTTP itself.
final class HTTPServer: @unchecked Sendable {
    // Set once in init and read only by stop; civetweb's threads see only `handler`.
    private var server: OpaquePointer?
    private let handler: @Sendable (HTTPExchange) -> HTTPResponse
    /// The port the server listens on (the system's choice when 0 was asked).
    private(set) var port = 0

    init(address: String, limits: HTTPLimits, handler: @escaping @Sendable (HTTPExchange) -> HTTPResponse)
        throws(HTTPServerError)
    {
        self.handler = handler
        var message = [CChar](repeating: 0, count: 256)
        var started: OpaquePointer?
        let status = address.withCString { address in
            var config = wg_http_config(
                listening_address: address, threads: Int32(limits.threads),
                request_timeout_ms: Int32(limits.requestTimeoutMilliseconds),
                keep_alive_timeout_ms: Int32(limits.keepAliveTimeoutMilliseconds),
                max_header_bytes: Int32(limits.maxHeaderBytes))
            return wg_http_start(
                &config, httpServerCallback, Unmanaged.passUnretained(self).toOpaque(), &started, &message,
                message.count)
        }
        guard status == WG_HTTP_OK, let started else {
            let text = String(cBuffer: message)
            throw HTTPServerError(
                description: text,
                library: status == WG_HTTP_ERROR_UNLOADABLE ? LibraryUnavailable(reason: text) : nil)
        }
        server = started
        port = Int(wg_http_port(started))
    }

    /// Stops accepting and waits for the requests in progress.
    func stop() {
        guard let server else { return }
        wg_http_stop(server)
        self.server = nil
    }

    deinit { stop() }

    /// Each request is answered on a thread of its own with a full-sized stack, while the
    /// civetweb thread that received it waits: civetweb's threads have small stacks, and a
    /// render that opens the system's fonts (fontconfig parses its XML configuration) ran
    /// past one into a neighbouring thread's stack.
    fileprivate func handle(_ request: OpaquePointer) {
        let exchange = HTTPExchange(request)
        let done = DispatchSemaphore(value: 0)
        let handler = self.handler
        startDetachedThread(stackSize: Self.stackSize) {
            exchange.send(handler(exchange))
            done.signal()
        }
        done.wait()
    }

    /// As much as the main thread gets on Linux by default (`ulimit -s`).
    static let stackSize = 8 << 20

    /// Whether binding 127.0.0.1:`port` fails because something is bound there already.
    static func isInUse(port: Int) -> Bool {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return bound != 0 && errno == EADDRINUSE
    }
}

/// The C callback: back to the server object that started civetweb.
private func httpServerCallback(_ context: UnsafeMutableRawPointer?, _ request: OpaquePointer) {
    guard let context else { return }
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().handle(request)
}
