import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Studio

/// Every answer the studio gives, from its guard and its routes, read without a server:
/// each request made in memory (`RequestInMemory`) and the command layer stood in for by
/// an engine that records what it was asked (`EngineStandIn`). The same paths through a
/// running server are `StudioServerTests`'.
@Suite struct StudioRoutesTests {
    static let port = 8917
    static let token = StudioToken(text: "0123456789abcdef0123456789abcdef")
    static let settings = #"{"settings": {"command": "wallpaper", "options": {"alpha": "0.5"}}"#

    /// A studio over a private folder of its own, answering through the guard as served.
    struct Studio {
        let engine = EngineStandIn()
        let routes: StudioRoutes
        let folder: PrivateFolder

        init(in base: String) throws {
            folder = try PrivateFolder(in: base)
            routes = StudioRoutes(engine: engine, folder: folder, gate: RenderGate(renders: 1))
        }

        /// `method path` from the page itself: its Host, its Origin and the token.
        func ask(_ method: String, _ path: String, body: String = "", token: String? = StudioRoutesTests.token.text)
            -> HTTPResponse
        {
            let host = "127.0.0.1:\(StudioRoutesTests.port)"
            var headers = [("Host", host), ("Origin", "http://" + host)]
            if let token { headers.append((AccessGuard.tokenHeader, token)) }
            return answer(RequestInMemory(method: method, target: path, headers: headers, body: Array(body.utf8)))
        }

        func answer(_ request: RequestInMemory) -> HTTPResponse {
            StudioServer.answer(
                request, AccessGuard(token: StudioRoutesTests.token, port: StudioRoutesTests.port), routes)
        }
    }

    func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }
    func header(_ name: String, of response: HTTPResponse) -> String? {
        response.headers.first { $0.name == name }?.value
    }

    @Test func theGuardComesFirst() throws {
        try withTemporaryFolder { base in
            let studio = try Studio(in: base)
            defer { studio.folder.remove() }
            #expect(studio.ask("GET", "/api/controls", token: nil).status == 403)
            #expect(studio.ask("GET", "/api/controls", token: "not-the-token").status == 403)
            let elsewhere = studio.answer(
                RequestInMemory(
                    method: "GET", target: "/api/controls",
                    headers: [("Host", "studio.example:\(Self.port)"), (AccessGuard.tokenHeader, Self.token.text)]))
            #expect(elsewhere.status == 403 && text(elsewhere).contains("Host must be 127.0.0.1:\(Self.port)"))
            #expect(studio.engine.asked.isEmpty, "nothing reached the engine")
            let page = studio.ask("GET", "/", token: nil)
            #expect(page.status == 200 && header("Content-Security-Policy", of: page) != nil)
            let controls = studio.ask("GET", "/api/controls")
            #expect(controls.status == 200 && text(controls) == #"{"controls":[]}"#)
        }
    }

    /// An unknown path is 404 (a dotted one too, never cleaned into a known one); a known
    /// path asked the wrong way is 405 with the way to ask.
    @Test func pathsAndMethods() throws {
        try withTemporaryFolder { base in
            let studio = try Studio(in: base)
            defer { studio.folder.remove() }
            #expect(studio.ask("GET", "/api/nothing").status == 404)
            #expect(studio.ask("GET", "/x/%2e%2e/api/controls").status == 404)
            let wrongWay = studio.ask("GET", "/api/preview")
            #expect(wrongWay.status == 405 && header("Allow", of: wrongWay) == "POST")
            #expect(studio.ask("POST", "/studio.js").status == 405)
            #expect(studio.ask("GET", "/api/alive").status == 204)
        }
    }

    /// A preview is the engine's picture at the page's size; a size outside 1 to 8192, a
    /// body too large or an option the page has no control for is refused before the
    /// engine is asked, and the engine's own failure is 422 with the option it names.
    @Test func previews() throws {
        try withTemporaryFolder { base in
            let studio = try Studio(in: base)
            defer { studio.folder.remove() }
            let preview = studio.ask("POST", "/api/preview", body: Self.settings + #", "width": 390, "height": 844}"#)
            #expect(preview.status == 200 && header("Content-Type", of: preview) == "image/png")
            #expect(preview.body == EngineStandIn.png)
            #expect(studio.engine.asked == ["preview wallpaper 390x844"])
            let tooWide = studio.ask("POST", "/api/preview", body: Self.settings + #", "width": 9000, "height": 844}"#)
            #expect(tooWide.status == 400 && text(tooWide) == "a preview needs a width and a height from 1 to 8192\n")
            let big = String(repeating: " ", count: StudioRoutes.jsonBodyLimit + 1)
            #expect(studio.ask("POST", "/api/describe", body: big).status == 413)
            let outside = studio.ask(
                "POST", "/api/preview",
                body: #"{"settings": {"command": "wallpaper", "options": {"strict": true}}, "width": 9, "height": 9}"#)
            #expect(outside.status == 400 && text(outside).contains("the studio does not set --strict"))
            #expect(studio.engine.asked == ["preview wallpaper 390x844"], "refused before the engine was asked")
            studio.engine.failing.withLock { $0 = StudioFailure(option: "alpha", message: "--alpha is past 1") }
            let failed = studio.ask("POST", "/api/preview", body: Self.settings + #", "width": 9, "height": 9}"#)
            #expect(failed.status == 422)
            #expect(text(failed) == #"{"errors":[{"message":"--alpha is past 1","option":"alpha"}]}"#)
        }
    }

    /// Save sends the engine's file under its own name, quoted for every reader.
    @Test func saveIsADownload() throws {
        try withTemporaryFolder { base in
            let studio = try Studio(in: base)
            defer { studio.folder.remove() }
            let saved = studio.ask("POST", "/api/save", body: Self.settings + "}")
            #expect(saved.status == 200 && saved.body == EngineStandIn.png)
            #expect(
                header("Content-Disposition", of: saved)
                    == #"attachment; filename="_.png"; filename*=UTF-8''%E5%86%AC.png"#)
        }
    }

    /// An upload is kept under its name and read back by it; a name that is a path is
    /// refused, naming --background.
    @Test func uploads() throws {
        try withTemporaryFolder { base in
            let studio = try Studio(in: base)
            defer { studio.folder.remove() }
            let stored = studio.ask("POST", "/api/upload?name=photo.jpg", body: "not really a JPEG")
            #expect(stored.status == 200 && text(stored) == #"{"name":"photo.jpg"}"#)
            let asPath = studio.ask("POST", "/api/upload?name=..%2Fx.jpg", body: "x")
            #expect(asPath.status == 422 && text(asPath).contains(#""option":"background""#))
            let using = studio.ask(
                "POST", "/api/describe",
                body: #"{"settings": {"command": "wallpaper", "options": {"background": "photo.jpg"}}}"#)
            #expect(using.status == 200)
            let unknown = studio.ask(
                "POST", "/api/describe",
                body: #"{"settings": {"command": "wallpaper", "options": {"background": "other.jpg"}}}"#)
            #expect(unknown.status == 422)
        }
    }

    /// The launcher's form opens the page with the token in the fragment; any other is 403.
    @Test func theLauncher() throws {
        try withTemporaryFolder { base in
            let studio = try Studio(in: base)
            defer { studio.folder.remove() }
            let opened = studio.ask("POST", "/launch", body: "token=" + Self.token.text, token: nil)
            #expect(opened.status == 303 && header("Location", of: opened) == "/#token=" + Self.token.text)
            #expect(studio.ask("POST", "/launch", body: "token=guess", token: nil).status == 403)
            #expect(studio.ask("GET", "/launch", token: nil).status == 405)
        }
    }
}

/// A request made in memory: its body handed over in pieces of 7 bytes, refused whole when
/// longer than the limit (as a declared length is).
struct RequestInMemory: IncomingRequest {
    let method: String
    let rawPath: String
    let query: String?
    let sent: [(name: String, value: String)]
    let body: [UInt8]

    init(method: String, target: String, headers: [(String, String)], body: [UInt8] = []) {
        self.method = method
        let parts = target.split(separator: "?", maxSplits: 1)
        rawPath = String(parts[0])
        query = parts.count > 1 ? String(parts[1]) : nil
        sent = headers.map { (name: $0.0, value: $0.1) }
        self.body = body
    }

    func header(_ name: String) -> String? { headers(name).first }

    func headers(_ name: String) -> [String] {
        sent.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    func readChunks(limit: Int, _ take: (UnsafeRawBufferPointer) throws -> Void) rethrows -> BodyEnd {
        guard body.count <= limit else { return .tooLarge }
        for start in stride(from: 0, to: body.count, by: 7) {
            try body[start..<min(start + 7, body.count)].withUnsafeBytes { try take($0) }
        }
        return .complete
    }
}

/// The command layer stood in for: it answers from fixed values and records each ask.
final class EngineStandIn: StudioEngine {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
    private let record = Mutex<[String]>([])
    /// The failure the next renders throw, when set.
    let failing = Mutex<StudioFailure?>(nil)

    var asked: [String] { record.withLock { $0 } }

    var controls: [UInt8] { Array(#"{"controls":[]}"#.utf8) }
    var allowList: StudioAllowList {
        StudioAllowList(commands: ["wallpaper": ["alpha": .text, "vertical": .flag, "background": .text]])
    }

    func describe(_ settings: StudioSettings) -> StudioDescription {
        StudioDescription(command: "wallgen --alpha 0.5")
    }

    func preview(_ settings: StudioSettings, width: Int, height: Int) throws(StudioFailure) -> [UInt8] {
        if let failure = failing.withLock({ $0 }) { throw failure }
        record.withLock { $0.append("preview \(settings.command) \(width)x\(height)") }
        return Self.png
    }

    func picture(_ settings: StudioSettings) throws(StudioFailure) -> StudioPicture {
        StudioPicture(bytes: Self.png, fileName: "冬.png", mediaType: "image/png")
    }

    func scheme(_ settings: StudioSettings, width: Int, height: Int) throws(StudioFailure) -> [UInt8] { [] }

    func schemeArchive(_ settings: StudioSettings) throws(StudioFailure) -> StudioPicture {
        StudioPicture(bytes: [], fileName: "scheme.tar", mediaType: "application/x-tar")
    }

    func apply(_ settings: StudioSettings, in folder: String) -> StudioOutcome {
        StudioOutcome(command: "wallgen --apply", status: 0, output: "")
    }

    func schedule(_ settings: StudioSettings) -> StudioOutcome {
        StudioOutcome(command: "wallgen schedule --install", status: 0, output: "")
    }

    func stop() {}
}
