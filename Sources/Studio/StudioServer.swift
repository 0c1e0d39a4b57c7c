internal import CHTTP
import FoundationEssentials
import Platform
import Synchronization

/// `wallgen studio`: serves the page on the loopback interface until Ctrl-C or SIGTERM.
public enum StudioServer {
    /// Why the studio did not start, and whether the installation is the cause (civetweb
    /// cannot be loaded) rather than the port or the system.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
        /// civetweb, when it is what cannot be loaded.
        public var library: LibraryUnavailable? = nil
    }

    /// civetweb gives each connection its own thread: 64 serve a browser's six connections,
    /// dozens of previews at once, and clients that stall (each is dropped after the read
    /// timeout, so stalled ones cannot pile up for long). Keep-alive spares a reconnection
    /// per preview during a drag.
    static let limits = HTTPLimits(
        threads: 64, requestTimeoutMilliseconds: 10_000, keepAliveTimeoutMilliseconds: 5_000, maxHeaderBytes: 16 << 10)

    /// Serves until SIGINT or SIGTERM, then stops the server, ends what the engine started
    /// and removes the private folder. `announce` gets the one line for standard output
    /// (the address with its token); `report` the lines for standard error.
    public static func run(
        engine: any StudioEngine, port: Int, opensBrowser: Bool, environment: [String: String],
        announce: (String) -> Void, report: @escaping @Sendable (String) -> Void
    ) throws(StartError) {
        // Ctrl-C and SIGTERM are waited for below, not left to end the process at once.
        var message = [CChar](repeating: 0, count: 256)
        guard wg_http_catch_stop_signals(&message, message.count) == WG_HTTP_OK else {
            throw StartError(
                description: String(cBuffer: message))
        }

        let folder: PrivateFolder
        do {
            folder = try PrivateFolder()
        } catch {
            throw StartError(description: "\(error)")
        }
        defer { folder.remove() }
        let token = StudioToken.random()
        let routes = StudioRoutes(
            engine: engine, folder: folder, gate: RenderGate(renders: ProcessInfo.processInfo.activeProcessorCount))
        let server: HTTPServer
        do {
            // The port is known only once listening; the guard reads it through this box.
            let box = PortBox()
            server = try HTTPServer(address: "127.0.0.1:\(port)", limits: limits) { exchange in
                StudioServer.answer(exchange, AccessGuard(token: token, port: box.port), routes)
            }
            box.port = server.port
        } catch {
            if let library = error.library { throw StartError(description: "\(library)", library: library) }
            throw StartError(description: "cannot listen on 127.0.0.1:\(port): \(error)")
        }
        let address = "http://127.0.0.1:\(server.port)/?token=\(token.text)"
        announce(address)
        if opensBrowser { BrowserOpener.open(address, environment: environment, report: report) }
        _ = wg_http_wait_for_stop_signal()
        report("wallgen studio: stopping")
        // What the engine runs first: a request waiting for it would keep the server from stopping.
        engine.stop()
        server.stop()
    }

    /// The guard first, then the routes.
    static func answer(_ exchange: HTTPExchange, _ guard: AccessGuard, _ routes: StudioRoutes) -> HTTPResponse {
        let decision = `guard`.decide(
            path: exchange.path, query: exchange.query, host: exchange.header("Host"),
            origin: exchange.header("Origin"), cookie: exchange.header("Cookie"))
        switch decision {
        case .forbidden(let reason):
            return .text(403, "wallgen studio: \(reason)")
        case .setCookie(let location):
            // The address without the token, so it stays out of the history and the address bar.
            return HTTPResponse(
                status: 303, headers: [("Location", location), ("Set-Cookie", `guard`.cookieHeader)])
        case .allowed:
            return routes.respond(to: exchange)
        }
    }
}

/// The port, known once the server listens and read by every request.
private final class PortBox: Sendable {
    private let value = Atomic<Int>(0)

    var port: Int {
        get { value.load(ordering: .acquiring) }
        set { value.store(newValue, ordering: .releasing) }
    }
}
