internal import CHTTP
import FoundationEssentials
import Platform
import Synchronization

/// `wallgen studio`: serves the page on the loopback interface until Ctrl-C, SIGTERM, SIGHUP
/// or SIGQUIT.
public enum StudioServer {
    /// Why the studio did not start, and whether the installation is the cause (civetweb
    /// cannot be loaded) rather than the port or the system.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
        /// civetweb, when it is what cannot be loaded.
        public var library: LibraryUnavailable? = nil
    }

    /// civetweb gives each connection its own thread, so clients that stall must be few
    /// and short-lived next to the threads. 256 threads outnumber what a browser opens (six
    /// connections, dozens of previews) many times over; a request's line and headers must
    /// arrive within 3 s of its connection, or it is dropped (civetweb's whole-header
    /// deadline), and a body must keep up `HTTPExchange.minimumBodyRate` (checked as it is
    /// read): so 70 clients dripping a body a byte at a time and 90 sending half a request
    /// line and coming back when dropped still leave threads for the page. Keep-alive
    /// spares a reconnection per preview during a drag.
    static let limits = HTTPLimits(
        threads: 256, requestTimeoutMilliseconds: 3_000, keepAliveTimeoutMilliseconds: 5_000,
        maxHeaderBytes: 16 << 10)

    /// Serves until SIGINT, SIGTERM, SIGHUP or SIGQUIT, then stops the server, ends what the engine started
    /// and removes the private folder. `announce` gets the one line for standard output
    /// (the address with its token); `report` the lines for standard error.
    /// `untilClosed`: stop once the page has asked nothing for `closedAfter` (its tab was
    /// closed: an open page asks every `PageHeartbeat` interval, even in a background tab),
    /// or never asked within `unopenedAfter`: for a studio started from the desktop's menu,
    /// which has no terminal to stop it from.
    public static func run(
        engine: any StudioEngine, port: Int, opensBrowser: Bool, untilClosed: Bool = false,
        environment: [String: String], announce: (String) -> Void, report: @escaping @Sendable (String) -> Void
    ) throws(StartError) {
        // Ctrl-C, SIGTERM, SIGHUP and SIGQUIT are waited for below, not left to end the process at once.
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
        let activity = PageActivity()
        let routes = StudioRoutes(
            engine: engine, folder: folder, gate: RenderGate(renders: ProcessInfo.processInfo.activeProcessorCount),
            activity: activity)
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
            // civetweb says only "Failed to setup server ports"; the likely cause is asked
            // of the system itself.
            if port != 0, HTTPServer.isInUse(port: port) {
                throw StartError(
                    description:
                        "cannot listen on 127.0.0.1:\(port): another program (another studio?) listens there; choose another --port, or --port 0 for any free one"
                )
            }
            throw StartError(description: "cannot listen on 127.0.0.1:\(port): \(error)")
        }
        // The token is in the fragment, which the browser keeps to itself (no server, log or
        // proxy sees it); the page moves it into its tab's sessionStorage.
        let address = "http://127.0.0.1:\(server.port)/#token=\(token.text)"
        announce(address)
        if opensBrowser {
            BrowserOpener.open(
                launcher: Launcher(port: server.port, token: token), in: folder, environment: environment,
                report: report)
        }
        if untilClosed {
            activity.stopWhenClosed(closedAfter: closedAfter, unopenedAfter: unopenedAfter) { wg_http_request_stop() }
        }
        let signal = wg_http_wait_for_stop_signal()
        report(signal == 0 ? "wallgen studio: the page was closed; stopping" : "wallgen studio: stopping")
        // What the engine runs first: a request waiting for it would keep the server from stopping.
        engine.stop()
        server.stop()
    }

    /// How long a page may be silent before `untilClosed` takes it for closed: browsers
    /// run a background tab's timers once a minute at the least often.
    static let closedAfter: Duration = .seconds(180)
    /// How long `untilClosed` waits for the browser to open the page at all.
    static let unopenedAfter: Duration = .seconds(300)

    /// The guard first, then the routes.
    static func answer(_ exchange: some IncomingRequest, _ guard: AccessGuard, _ routes: StudioRoutes) -> HTTPResponse {
        let decision = `guard`.decide(
            AccessGuard.Request(
                method: exchange.method, path: exchange.path, hosts: exchange.headers("Host"),
                origins: exchange.headers("Origin"), token: exchange.header(AccessGuard.tokenHeader)))
        switch decision {
        case .badRequest(let reason): return .text(400, "wallgen studio: \(reason)")
        case .forbidden(let reason): return .text(403, "wallgen studio: \(reason)")
        case .allowed: return routes.respond(to: exchange, token: `guard`.token)
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
