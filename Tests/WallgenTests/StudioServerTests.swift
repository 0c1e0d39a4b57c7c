import Foundation
import TestSupport
import Testing

/// `wallgen studio` as a client that means harm sees it: a real server, started by each
/// test, asked over plain sockets.
@Suite(.timeLimit(.minutes(10))) struct StudioServerTests {
    /// A studio for `body`, stopped with SIGTERM after it; the stop must exit 0 and leave
    /// the studio's temporary folder empty.
    func withStudio(_ body: (StudioProcess) throws -> Void) throws {
        try withTemporaryFolder { folder in
            let studio = try StudioProcess(in: folder)
            var stopped = false
            defer { if !stopped { _ = studio.stop() } }
            try body(studio)
            let end = studio.stop()
            stopped = true
            #expect(end.status == 0, "stderr: \(end.errors)")
            #expect(end.output.isEmpty, "only the address goes to standard output; then: \(end.output)")
            #expect(filesIn(studio.temporary).isEmpty, "left behind: \(filesIn(studio.temporary))")
        }
    }

    static let wallpaper = #"{"settings":{"command":"wallpaper","options":{"season":"winter"}}}"#

    @Test func printsOneAddressLineAndSwapsTheTokenForAStrictCookie() throws {
        try withStudio { studio throws in
            #expect(studio.address == "http://127.0.0.1:\(studio.port)/?token=\(studio.token)")
            let first = try studio.request("GET", "/?token=\(studio.token)", cookie: false)
            #expect(first.status == 303)
            #expect(first.headers["location"] == "/", "the token is taken out of the address")
            let cookie = try #require(first.headers["set-cookie"])
            #expect(cookie.hasPrefix("wallgen-studio-\(studio.port)=\(studio.token);"))
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "\(cookie)")
            let page = try studio.request("GET", "/")
            #expect(page.status == 200)
            #expect(page.text.contains("data-testid=\"preview\""))
            let policy = try #require(page.headers["content-security-policy"])
            #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'"))
            #expect(page.headers["x-frame-options"] == "DENY" && page.headers["cache-control"] == "no-store")
        }
    }

    @Test func noTokenOrAWrongOneIsForbidden() throws {
        try withStudio { studio throws in
            for path in ["/", "/studio.js", "/api/controls"] {
                #expect(try studio.request("GET", path, cookie: false).status == 403, "\(path) without the token")
            }
            #expect(
                try studio.request("POST", "/api/apply", body: Array(Self.wallpaper.utf8), cookie: false).status == 403)
            let wrong = String(studio.token.reversed())
            #expect(try studio.request("GET", "/?token=\(wrong)", cookie: false).status == 403)
            #expect(try studio.request("GET", "/?token=", cookie: false).status == 403)
            #expect(try studio.request("GET", "/?token=\(studio.token)0", cookie: false).status == 403)
            let badCookie = "Cookie: wallgen-studio-\(studio.port)=\(wrong)"
            #expect(try studio.request("GET", "/", headers: [badCookie], cookie: false).status == 403)
            // Another port's cookie is another studio's.
            let otherCookie = "Cookie: wallgen-studio-\(studio.port + 1)=\(studio.token)"
            #expect(try studio.request("GET", "/", headers: [otherCookie], cookie: false).status == 403)
        }
    }

    /// DNS rebinding: a page on another name that resolves to 127.0.0.1 sends its own Host.
    @Test func aForeignHostIsForbiddenEvenWithTheCookie() throws {
        try withStudio { studio throws in
            func get(host: String?) throws -> Int {
                var lines = ["GET /api/controls HTTP/1.1", "Connection: close", "Cookie: \(studio.cookie)"]
                if let host { lines.append("Host: \(host)") }
                return try RawHTTP.exchange(
                    port: studio.port, Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
                )
                .status
            }
            #expect(try get(host: "evil.example:\(studio.port)") == 403)
            #expect(try get(host: "evil.example") == 403)
            #expect(try get(host: "127.0.0.1:\(studio.port + 1)") == 403)
            #expect(try get(host: "127.0.0.1") == 403)
            #expect(try get(host: "127.0.0.1.evil.example:\(studio.port)") == 403)
            #expect(try get(host: nil) == 403)
            #expect(try get(host: "127.0.0.1:\(studio.port)") == 200)
            #expect(try get(host: "localhost:\(studio.port)") == 200)
            #expect(try get(host: "LOCALHOST:\(studio.port)") == 200)
            #expect(try get(host: "[::1]:\(studio.port)") == 200)
        }
    }

    @Test func aForeignOriginIsForbiddenOnEveryAPIPath() throws {
        try withStudio { studio throws in
            let own = "Origin: http://127.0.0.1:\(studio.port)"
            #expect(try studio.post("/api/describe", json: Self.wallpaper, headers: [own]).status == 200)
            #expect(try studio.post("/api/describe", json: Self.wallpaper).status == 200, "no Origin at all")
            for origin in [
                "http://evil.example", "null", "http://127.0.0.1:\(studio.port + 1)",
                "https://127.0.0.1:\(studio.port)",
            ] {
                #expect(
                    try studio.post("/api/describe", json: Self.wallpaper, headers: ["Origin: \(origin)"]).status
                        == 403,
                    "\(origin)")
                #expect(try studio.request("GET", "/api/controls", headers: ["Origin: \(origin)"]).status == 403)
                #expect(try studio.request("GET", "/api/no-such-thing", headers: ["Origin: \(origin)"]).status == 403)
                #expect(
                    try studio.post("/api/apply", json: Self.wallpaper, headers: ["Origin: \(origin)"]).status == 403)
            }
        }
    }

    @Test func oversizedBodiesAre413BeforeTheyArrive() throws {
        try withStudio { studio throws in
            // Only the headers are sent: the answer must not wait for a body that never comes.
            for (path, length) in [
                ("/api/describe", 1 << 20), ("/api/preview", 65537), ("/api/upload?name=a.png", 600 << 20),
            ] {
                let head =
                    "POST \(path) HTTP/1.1\r\nHost: \(studio.host)\r\nCookie: \(studio.cookie)\r\nContent-Length: \(length)\r\n\r\n"
                let answer = try RawHTTP.exchange(port: studio.port, Array(head.utf8), timeout: 5)
                #expect(answer.status == 413, "\(path) with \(length) bytes: \(answer.status) \(answer.text)")
            }
            // A chunked body has no length to refuse by: it is read up to the limit.
            let chunk = [UInt8](repeating: 0x20, count: 70000)
            var request = Array(
                "POST /api/describe HTTP/1.1\r\nHost: \(studio.host)\r\nCookie: \(studio.cookie)\r\nTransfer-Encoding: chunked\r\n\r\n"
                    .utf8)
            request +=
                Array(String(chunk.count, radix: 16).utf8) + [13, 10] + chunk + [13, 10] + Array("0\r\n\r\n".utf8)
            #expect(try RawHTTP.exchange(port: studio.port, request).status == 413)
            #expect(
                try studio.post("/api/describe", json: Self.wallpaper).status == 200, "and the server still answers")
        }
    }

    @Test func unknownPathsTraversalAndFoldersAre404() throws {
        try withStudio { studio throws in
            for path in [
                "/../studio.js", "/..%2fstudio.js", "/%2e%2e/%2e%2e/etc/passwd", "/./studio.js", "//studio.js",
                "/studio.js/", "/studio.js/..", "/Page/", "/Page/studio.js", "/api/", "/api", "/api/../studio.js",
                "/nothing", "/index.html", "/Sources/Studio/Page/studio.js",
            ] {
                let answer = try studio.request("GET", path)
                #expect(answer.status == 404, "\(path): \(answer.status)")
                #expect(!answer.text.contains("use strict"), "\(path) served the script")
            }
            #expect(try studio.request("GET", "/studio.js").status == 200)
            #expect(try studio.request("GET", "/studio.css").status == 200)
            let wrongMethod = try studio.request("GET", "/api/apply")
            #expect(wrongMethod.status == 405 && wrongMethod.headers["allow"] == "POST")
            #expect(try studio.request("POST", "/", body: [1]).status == 405)
        }
    }

    /// Twenty clients that send half a request and stop hold a connection each; a normal
    /// client is still answered, long before the server would drop them (10 s).
    @Test func halfOpenConnectionsDoNotBlockOthers() throws {
        try withStudio { studio throws in
            var stalled: [Int32] = []
            defer { for descriptor in stalled { close(descriptor) } }
            for index in 0..<20 {
                let descriptor = try RawHTTP.connect(port: studio.port)
                RawHTTP.send(
                    descriptor, Array("GET /api/controls HTTP/1.1\r\nHost: \(studio.host)\r\nX-Stall-\(index): ".utf8))
                stalled.append(descriptor)
            }
            let head =
                "GET /api/controls HTTP/1.1\r\nHost: \(studio.host)\r\nCookie: \(studio.cookie)\r\nConnection: close\r\n\r\n"
            let answer = try RawHTTP.exchange(port: studio.port, Array(head.utf8), timeout: 5)
            #expect(answer.status == 200)
            #expect(answer.text.contains("\"defaultDevice\""))
        }
    }

    /// Fifty previews asked at once all come back, each a PNG of the size asked, and the
    /// server answers afterwards.
    @Test func fiftyConcurrentPreviews() throws {
        try withStudio { studio throws in
            let seasons = ["spring", "summer", "autumn", "winter"]
            let answers = Answers()
            DispatchQueue.concurrentPerform(iterations: 50) { index in
                let width = 40 + index
                let json =
                    #"{"settings":{"command":"wallpaper","options":{"season":"\#(seasons[index % 4])"}},"width":\#(width),"height":80}"#
                answers.keep(index, Result(catching: { try studio.post("/api/preview", json: json) }))
            }
            for index in 0..<50 {
                let answer = try #require(try answers.all[index]?.get())
                #expect(answer.status == 200, "preview \(index): \(answer.text.prefix(200))")
                let header = try #require(pngHeader(answer.body), "preview \(index) is not a PNG")
                #expect(header.width == 40 + index && header.height == 80)
            }
            #expect(try studio.request("GET", "/api/controls").status == 200)
        }
    }

    /// A text no font has makes the pipeline open every installed font through fontconfig,
    /// whose configuration parser needs more stack than civetweb's threads have: it once ran
    /// into a neighbouring thread's stack, and the studio crashed when it stopped. The error
    /// is the command line's, and the studio still stops with 0 (withStudio checks).
    @Test func aRenderThatSearchesTheSystemFontsLeavesTheServerWhole() throws {
        try withStudio { studio throws in
            let json = #"{"settings":{"command":"wallpaper","options":{"text":"A\u0378"}},"width":60,"height":90}"#
            let answer = try studio.post("/api/preview", json: json)
            #expect(answer.status == 422)
            #expect(answer.text.contains("U+0378"), "\(answer.text)")
            let next = try studio.post(
                "/api/preview", json: #"{"settings":{"command":"wallpaper","options":{}},"width":60,"height":90}"#)
            #expect(next.status == 200 && pngHeader(next.body)?.width == 60)
        }
    }

    /// The page may set only the options it has controls for: no --output, --apply or --font.
    @Test func settingsOutsideThePageAreRefused() throws {
        try withStudio { studio throws in
            for option in [#""output":"/tmp/x.png""#, #""apply":true"#, #""font":"/etc/passwd""#, #""monitors":"x""#] {
                let answer = try studio.post(
                    "/api/describe", json: #"{"settings":{"command":"wallpaper","options":{\#(option)}}}"#)
                #expect(answer.status == 200)
                #expect(answer.text.contains("the studio does not set --"), "\(option): \(answer.text)")
            }
            let picture = try studio.post(
                "/api/save", json: #"{"settings":{"command":"wallpaper","options":{"output":"/tmp/x.png"}}}"#)
            #expect(picture.status == 422)
            // A picture is read only from the studio's own uploads, never from a path.
            let named = try studio.post(
                "/api/preview",
                json:
                    #"{"settings":{"command":"wallpaper","options":{"background":"/etc/hostname"}},"width":20,"height":20}"#
            )
            #expect(named.status == 422 && named.text.contains("no picture of that name was uploaded"), "\(named.text)")
            for name in ["a%2Fb.png", "..", "%0A.png", ""] {
                let upload = try studio.request("POST", "/api/upload?name=\(name)", body: [1, 2, 3])
                #expect(upload.status == 422, "upload named '\(name)'")
            }
            #expect(try studio.post("/api/describe", json: "[1, 2]").status == 400)
            #expect(
                try studio.post("/api/describe", json: #"{"settings":{"command":"wallpaper","options":{"alpha":0.5}}}"#)
                    .status == 400)
            #expect(
                try studio.post("/api/describe", json: #"{"settings":{"command":"rm","options":{}}}"#).text.contains(
                    "unknown command"))
        }
    }

    /// An upload lives in the studio's private folder until it stops; then nothing is left.
    @Test func uploadsAreGoneWhenTheStudioStops() throws {
        try withTemporaryFolder { folder in
            let studio = try StudioProcess(in: folder)
            let picture = try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Assets/seasons/winter.jpg"))
            let upload = try studio.request("POST", "/api/upload?name=my%20photo.jpg", body: [UInt8](picture))
            #expect(upload.status == 200 && upload.text.contains("my photo.jpg"), "\(upload.text)")
            let made = filesIn(studio.temporary)
            #expect(made.count == 1 && made[0].hasPrefix("wallgen-studio-"), "\(made)")
            let privateFolder = studio.temporary + "/" + made[0]
            var status = stat()
            #expect(stat(privateFolder, &status) == 0 && status.st_mode & 0o777 == 0o700)
            let described = try studio.post(
                "/api/describe", json: #"{"settings":{"command":"wallpaper","options":{"background":"my photo.jpg"}}}"#)
            #expect(described.text.contains(#""command":"wallgen --background 'my photo.jpg'""#), "\(described.text)")
            let end = studio.stop(signal: SIGINT)
            #expect(end.status == 0, "Ctrl-C exits 0: \(end.errors)")
            #expect(filesIn(studio.temporary).isEmpty)
        }
    }

    /// An upload cut short is refused and leaves no file, whole or partial, in the private
    /// folder.
    @Test func anUploadCutShortLeavesNothing() throws {
        try withTemporaryFolder { folder in
            let studio = try StudioProcess(in: folder)
            defer { _ = studio.stop(signal: SIGTERM) }
            let head =
                "POST /api/upload?name=half.jpg HTTP/1.1\r\nHost: \(studio.host)\r\nCookie: \(studio.cookie)\r\nContent-Length: 200000\r\n\r\n"
            let descriptor = try RawHTTP.connect(port: studio.port)
            defer { close(descriptor) }
            RawHTTP.send(descriptor, Array(head.utf8) + [UInt8](repeating: 0xFF, count: 70000))
            // The rest never comes: the client stops sending.
            shutdown(descriptor, Int32(SHUT_WR))
            let answer = try RawHTTP.receive(descriptor)
            #expect(answer.status == 400, "\(answer.status) \(answer.text)")
            let made = filesIn(studio.temporary)
            #expect(made.count == 1 && made[0].hasPrefix("wallgen-studio-"), "\(made)")
            #expect(filesIn(studio.temporary + "/" + made[0]).isEmpty, "the private folder is empty")
            // The name was never kept: describing with it says the picture was not uploaded.
            let preview = try studio.post(
                "/api/preview",
                json:
                    #"{"settings":{"command":"wallpaper","options":{"background":"half.jpg"}},"width":40,"height":80}"#
            )
            #expect(preview.status != 200, "\(preview.status) \(preview.text)")
        }
    }

    @Test func aPortInUseIsTheOptionsFault() throws {
        try withStudio { studio throws in
            try withTemporaryFolder { folder in
                let result = try launch(["studio", "--no-open", "--port", "\(studio.port)"], in: folder)
                #expect(result.status == 64)
                #expect(
                    result.standardError.hasPrefix(
                        "Error: --port \(studio.port): cannot listen on 127.0.0.1:\(studio.port)"))
                #expect(result.output.isEmpty)
            }
            let bad = try launch(["studio", "--port", "65536"], in: studio.folder)
            #expect(bad.status == 64 && bad.standardError.contains("--port must be a port from 0 to 65535"))
        }
    }

    /// xdg-open is run with the address where there is a graphical session, and not with
    /// --no-open or without one. A stand-in on PATH records what it was given.
    @Test func opensTheBrowserOnlyWithAGraphicalSession() throws {
        try withTemporaryFolder { folder in
            let bin = folder + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            let record = folder + "/opened"
            try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(record)'\n".write(
                toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
            chmod(bin + "/xdg-open", 0o755)
            let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            func run(_ arguments: [String], _ environment: [String: String]) throws -> String {
                let studio = try StudioProcess(
                    in: folder, arguments: arguments, environment: environment.merging(["PATH": path]) { $1 })
                // The opener runs right after the address is printed; a request that answers
                // shows the studio is past that point.
                _ = try studio.request("GET", "/api/controls")
                usleep(300_000)
                #expect(studio.stop().status == 0)
                return studio.address
            }
            let opened = try run([], ["DISPLAY": ":99"])
            _ = try run(["--no-open"], ["DISPLAY": ":99"])
            _ = try run([], [:])
            let wayland = try run([], ["WAYLAND_DISPLAY": "wayland-9"])
            let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(lines == [opened, wayland])
        }
    }
}

/// Answers gathered from several threads.
private final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var all: [Int: Result<RawResponse, any Error>] = [:]

    func keep(_ index: Int, _ answer: Result<RawResponse, any Error>) {
        lock.lock()
        all[index] = answer
        lock.unlock()
    }
}
