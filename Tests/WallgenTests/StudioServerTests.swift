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

    /// The address carries the token in its fragment, which a browser sends to no server;
    /// the page's files hold no secret and are served without it; nothing the studio
    /// answers sets a cookie (a cookie for 127.0.0.1 would reach every local port).
    @Test func printsOneAddressLineWithTheTokenInItsFragment() throws {
        try withStudio { studio throws in
            #expect(studio.address == "http://127.0.0.1:\(studio.port)/#token=\(studio.token)")
            let page = try studio.request("GET", "/", withToken: false)
            #expect(page.status == 200)
            #expect(page.text.contains("data-testid=\"preview\""))
            #expect(!page.text.contains(studio.token), "the page holds no token")
            let policy = try #require(page.headers["content-security-policy"])
            #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'"))
            #expect(page.headers["x-frame-options"] == "DENY" && page.headers["cache-control"] == "no-store")
            for answer in [
                page, try studio.request("GET", "/api/controls"),
                try studio.post("/api/describe", json: Self.wallpaper),
                try studio.request("GET", "/?token=\(studio.token)", withToken: false),
            ] {
                #expect(answer.headers["set-cookie"] == nil, "a cookie was set: \(answer.headers)")
            }
        }
    }

    /// The launcher's form posts the token to /launch: the right one is sent to the page with
    /// the token in the fragment (a same-origin path, the only redirect the studio makes);
    /// a wrong one, none, or a GET is refused.
    @Test func theLauncherPostsTheTokenAndIsSentToThePage() throws {
        try withStudio { studio throws in
            let form = ["Content-Type: application/x-www-form-urlencoded", "Origin: null"]
            let launched = try studio.request(
                "POST", "/launch", headers: form, body: Array("token=\(studio.token)".utf8), withToken: false)
            #expect(launched.status == 303)
            #expect(launched.headers["location"] == "/#token=\(studio.token)")
            let wrong = String(studio.token.reversed())
            for body in ["token=\(wrong)", "token=", "", "token=\(studio.token)0"] {
                let refused = try studio.request(
                    "POST", "/launch", headers: form, body: Array(body.utf8), withToken: false)
                #expect(refused.status == 403, "\(body): \(refused.status)")
                #expect(refused.headers["location"] == nil)
            }
            #expect(try studio.request("GET", "/launch", withToken: false).status == 405)
            // An address that once redirected to what followed it: no redirect at all now.
            for path in ["//evil.example/?token=\(studio.token)", "/\\evil.example/?token=\(studio.token)"] {
                let answer = try studio.request("GET", path, withToken: false)
                #expect(answer.headers["location"] == nil, "\(path) redirected to \(answer.headers["location"] ?? "")")
                #expect(answer.status == 403 || answer.status == 404, "\(path): \(answer.status)")
            }
        }
    }

    /// The page's heartbeat: GET /api/alive, with the token, answers 204 and nothing else.
    @Test func theHeartbeatAnswers() throws {
        try withStudio { studio throws in
            let alive = try studio.request("GET", "/api/alive")
            #expect(alive.status == 204 && alive.body.isEmpty, "\(alive.status)")
            #expect(try studio.request("GET", "/api/alive", withToken: false).status == 403)
            #expect(try studio.request("POST", "/api/alive").status == 405)
        }
    }

    @Test func noTokenOrAWrongOneIsForbidden() throws {
        try withStudio { studio throws in
            for path in ["/api/controls", "/api/nothing", "/nothing"] {
                #expect(try studio.request("GET", path, withToken: false).status == 403, "\(path) without the token")
            }
            #expect(
                try studio.request("POST", "/api/apply", body: Array(Self.wallpaper.utf8), withToken: false).status
                    == 403)
            let wrong = String(studio.token.reversed())
            for value in [wrong, "", studio.token + "0", studio.token.uppercased()] {
                let answer = try studio.request(
                    "GET", "/api/controls", headers: ["X-Wallgen-Token: \(value)"], withToken: false)
                #expect(answer.status == 403, "token '\(value)'")
            }
            // The token in a query or a cookie is not the token in its header.
            #expect(try studio.request("GET", "/api/controls?token=\(studio.token)", withToken: false).status == 403)
            let cookie = "Cookie: wallgen-studio-\(studio.port)=\(studio.token)"
            #expect(try studio.request("GET", "/api/controls", headers: [cookie], withToken: false).status == 403)
        }
    }

    /// A second Host or Origin is refused, never taken for the first (400), and so is a
    /// path that is not one: a NUL or another control character, a malformed escape.
    @Test func duplicateHeadersAndBrokenPathsAre400() throws {
        try withStudio { studio throws in
            let own = "Origin: http://127.0.0.1:\(studio.port)"
            let twice = [
                ["Host: \(studio.host)"], ["Host: evil.example"], [own, own], [own, "Origin: http://evil.example"],
            ]
            for extra in twice {
                let answer = try studio.request("GET", "/api/controls", headers: extra)
                #expect(answer.status == 400, "\(extra): \(answer.status)")
            }
            for path in ["/api/controls%00x", "/api/controls%0a", "/%ff", "/api/con%2", "/%00"] {
                let answer = try studio.request("GET", path)
                #expect(answer.status == 400, "\(path): \(answer.status) \(answer.text)")
            }
            #expect(try studio.request("GET", "/api/controls").status == 200)
        }
    }

    /// DNS rebinding: a page on another name that resolves to 127.0.0.1 sends its own Host.
    @Test func aForeignHostIsForbiddenEvenWithTheToken() throws {
        try withStudio { studio throws in
            func get(host: String?) throws -> Int {
                var lines = ["GET /api/controls HTTP/1.1", "Connection: close", studio.tokenHeader]
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
                    "POST \(path) HTTP/1.1\r\nHost: \(studio.host)\r\n\(studio.tokenHeader)\r\nContent-Length: \(length)\r\n\r\n"
                let answer = try RawHTTP.exchange(port: studio.port, Array(head.utf8), timeout: 5)
                #expect(answer.status == 413, "\(path) with \(length) bytes: \(answer.status) \(answer.text)")
            }
            // A chunked body has no length to refuse by: it is read up to the limit.
            let chunk = [UInt8](repeating: 0x20, count: 70000)
            var request = Array(
                "POST /api/describe HTTP/1.1\r\nHost: \(studio.host)\r\n\(studio.tokenHeader)\r\nTransfer-Encoding: chunked\r\n\r\n"
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
                "GET /api/controls HTTP/1.1\r\nHost: \(studio.host)\r\n\(studio.tokenHeader)\r\nConnection: close\r\n\r\n"
            let answer = try RawHTTP.exchange(port: studio.port, Array(head.utf8), timeout: 5)
            #expect(answer.status == 200)
            #expect(answer.text.contains("\"defaultDevice\""))
        }
    }

    /// Slow and half-open clients cannot starve the page: while 70 clients with the token
    /// drip a body a byte every 2 s (each is dropped once it falls behind the minimum rate,
    /// and comes back) and 90 send half a request line and reconnect whenever dropped, a
    /// normal request is answered within 2 s, again and again for 8 s.
    @Test func slowClientsCannotStarveOthers() throws {
        try withStudio { studio throws in
            let stop = Flag()
            // Each attacker signals once it holds its first connection; the normal requests
            // start when all of them do (or after 10 s, if some never could).
            let holding = DispatchSemaphore(value: 0)
            var threads: [Thread] = []
            let head =
                "POST /api/describe HTTP/1.1\r\nHost: \(studio.host)\r\n\(studio.tokenHeader)\r\n"
                + "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
            for _ in 0..<70 {
                threads.append(
                    Thread {
                        var first = true
                        while !stop.isSet {
                            guard let descriptor = try? RawHTTP.connect(port: studio.port, timeout: 1) else { continue }
                            RawHTTP.send(descriptor, Array(head.utf8))
                            if first { holding.signal() }
                            first = false
                            // A byte every 2 s until the server gives up on this body.
                            while !stop.isSet, RawHTTP.trySend(descriptor, [0x20]) {
                                for _ in 0..<20 where !stop.isSet { usleep(100_000) }
                            }
                            close(descriptor)
                        }
                    })
            }
            for index in 0..<90 {
                threads.append(
                    Thread {
                        var first = true
                        while !stop.isSet {
                            guard let descriptor = try? RawHTTP.connect(port: studio.port, timeout: 1) else { continue }
                            RawHTTP.send(descriptor, Array("GET /api/cont\(index)".utf8))
                            if first { holding.signal() }
                            first = false
                            // Held until the server drops it (a read returns 0) or the test ends.
                            var byte: UInt8 = 0
                            while !stop.isSet, recv(descriptor, &byte, 1, 0) < 0, errno == EAGAIN || errno == EINTR {}
                            close(descriptor)
                        }
                    })
            }
            for thread in threads { thread.start() }
            defer { stop.set() }
            let deadline = DispatchTime.now() + 10
            let held = threads.indices.filter { _ in holding.wait(timeout: deadline) == .success }.count
            #expect(held == threads.count, "only \(held) of \(threads.count) slow clients connected")
            let clock = ContinuousClock()
            let end = clock.now + .seconds(8)
            var slowest: Duration = .zero
            var asked = 0
            while clock.now < end {
                let started = clock.now
                let answer = try studio.request("GET", "/api/controls")
                let took = clock.now - started
                slowest = max(slowest, took)
                asked += 1
                #expect(answer.status == 200, "request \(asked): \(answer.status)")
                #expect(took < .seconds(2), "request \(asked) took \(took)")
            }
            #expect(asked >= 4, "only \(asked) requests in 8 s (slowest \(slowest))")
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

    /// One allow-list for every route: the page may set only the options it has controls
    /// for (no --output, --apply, --font or --monitors, on Schedule as on the others), each
    /// with a value of its kind (a flag is true or false, never text); anything else is a
    /// 400 naming it, before anything is rendered, installed or read.
    @Test func settingsOutsideThePageAreRefused() throws {
        try withTemporaryFolder { folder in
            let secret = folder + "/secret.txt"
            try "hunter2-the-secret\n".write(toFile: secret, atomically: true, encoding: .utf8)
            let studio = try StudioProcess(in: folder)
            defer { _ = studio.stop() }
            let routes = ["/api/describe", "/api/preview", "/api/save", "/api/apply", "/api/schedule"]
            for option in [
                #""output":"\#(folder)/out""#, #""apply":true"#, #""font":"/etc/passwd""#, #""monitors":"\#(secret)""#,
            ] {
                for route in routes {
                    let answer = try studio.post(
                        route,
                        json: #"{"settings":{"command":"wallpaper","options":{\#(option)}},"width":20,"height":20}"#)
                    #expect(answer.status == 400, "\(route) \(option): \(answer.status) \(answer.text)")
                    #expect(answer.text.contains("the studio does not set --"), "\(route) \(option): \(answer.text)")
                    #expect(!answer.text.contains("hunter2"), "\(route) quoted the file")
                }
            }
            #expect(!FileManager.default.fileExists(atPath: folder + "/out"), "Schedule rendered into --output")
            for (option, value) in [
                ("vertical", #""no""#), ("dark", #""false""#), ("alpha", "true"), ("label", "false"),
            ] {
                for route in routes {
                    let answer = try studio.post(
                        route,
                        json:
                            #"{"settings":{"command":"wallpaper","options":{"\#(option)":\#(value)}},"width":20,"height":20}"#
                    )
                    #expect(answer.status == 400, "\(route) \(option)=\(value): \(answer.status) \(answer.text)")
                    #expect(answer.text.contains("--\(option)"), "\(route) \(option): \(answer.text)")
                }
            }
            // The same options, of the right kinds, are taken.
            let right = try studio.post(
                "/api/describe",
                json: #"{"settings":{"command":"wallpaper","options":{"vertical":false,"alpha":"0.4"}}}"#)
            #expect(right.status == 200, "\(right.text)")
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
            let unknown = try studio.post("/api/schedule", json: #"{"settings":{"command":"rm","options":{}}}"#)
            #expect(unknown.status == 400 && unknown.text.contains("unknown command 'rm'"), "\(unknown.text)")
        }
    }

    /// An upload lives in the studio's private folder until it stops; then nothing is left.
    /// The upload and Apply's copy are written through `Files`, whose clean-up handler for
    /// SIGINT, SIGTERM, SIGHUP and SIGQUIT is installed after the studio's stop handler: it
    /// hands the signal on, so each still stops the studio cleanly (exit 0), its private
    /// folder and every temporary gone. (Before the handler chained, the studio died of the
    /// signal and left its private folder; before SIGHUP and SIGQUIT were caught, a closed
    /// terminal or Ctrl-\ left it too.)
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
    func uploadsAreGoneWhenTheStudioStops(signal: Int32) throws {
        try withTemporaryFolder { folder in
            // Apply finds no desktop here: it must not change the wallpaper of the session running the tests.
            let studio = try StudioProcess(
                in: folder,
                environment: ["XDG_CURRENT_DESKTOP": "X-none", "SWAYSOCK": "", "HYPRLAND_INSTANCE_SIGNATURE": ""])
            let picture = try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Assets/seasons/winter.jpg"))
            let upload = try studio.request("POST", "/api/upload?name=my%20photo.jpg", body: [UInt8](picture))
            #expect(upload.status == 200 && upload.text.contains("my photo.jpg"), "\(upload.text)")
            let made = filesIn(studio.temporary)
            #expect(made.count == 1 && made[0].hasPrefix("wallgen-studio-"), "\(made)")
            let privateFolder = studio.temporary + "/" + made[0]
            var status = stat()
            #expect(stat(privateFolder, &status) == 0 && status.st_mode & 0o777 == 0o700)
            // The upload is whole, under a name of its own (no temporary left beside it),
            // beside the record of the folder's owner.
            let stored = filesIn(privateFolder).filter { $0 != "owner" }
            #expect(stored.count == 1 && !stored[0].hasPrefix("."), "\(stored)")
            if let first = stored.first {
                #expect(try Data(contentsOf: URL(fileURLWithPath: privateFolder + "/" + first)) == picture)
            }
            let described = try studio.post(
                "/api/describe", json: #"{"settings":{"command":"wallpaper","options":{"background":"my photo.jpg"}}}"#)
            #expect(described.text.contains(#""command":"wallgen --background 'my photo.jpg'""#), "\(described.text)")
            // Apply keeps its copy in the private folder, then runs wallgen apply, which
            // finds no desktop: the copy was written (the error is apply's, not the copy's).
            let applied = try studio.post(
                "/api/apply",
                json: #"{"settings":{"command":"wallpaper","options":{"background":"my photo.jpg","size":"60x40"}}}"#)
            #expect(applied.status == 200, "\(applied.status) \(applied.text)")
            #expect(!applied.text.contains("cannot keep the picture"), "\(applied.text)")
            #expect(filesIn(privateFolder) == (stored + ["owner"]).sorted(), "Apply's copy is gone once applied")
            let end = studio.stop(signal: signal)
            #expect(end.status == 0, "signal \(signal) exits 0: \(end.errors)")
            #expect(end.errors.contains("wallgen studio: stopping"), "\(end.errors)")
            #expect(filesIn(studio.temporary).isEmpty, "left: \(filesIn(studio.temporary))")
            let temporaries = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }
                .filter { $0.contains(".wg-") && $0.hasSuffix(".tmp") }
            #expect(temporaries == [], "temporaries left: \(temporaries ?? [])")
        }
    }

    /// A package upgrade replaces the binary under a running studio: Apply still runs the
    /// studio's own binary (held open since it started), never the new file at the path
    /// and never "cannot run" (70). Here the studio's copy of wallgen is replaced by a
    /// script that would say so.
    @Test func applyRunsTheStudiosOwnBinaryAfterAnUpgrade() throws {
        try withTemporaryFolder { folder in
            let bin = folder + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            let copy = bin + "/wallgen"
            try installWallgen(at: copy)
            let studio = try StudioProcess(
                in: folder,
                environment: [
                    "WALLGEN_DATA": repositoryRoot, "XDG_CURRENT_DESKTOP": "X-none", "SWAYSOCK": "",
                    "HYPRLAND_INSTANCE_SIGNATURE": "",
                ], executable: URL(fileURLWithPath: copy))
            defer { _ = studio.stop() }
            // The upgrade: the old file removed, a new one put at its path.
            try FileManager.default.removeItem(atPath: copy)
            try "#!/bin/sh\necho the new binary ran\nexit 3\n".write(toFile: copy, atomically: false, encoding: .utf8)
            chmod(copy, 0o755)
            let applied = try studio.post(
                "/api/apply", json: #"{"settings":{"command":"wallpaper","options":{"size":"60x40"}}}"#)
            #expect(applied.status == 200, "\(applied.text)")
            let outcome = try #require(
                try JSONSerialization.jsonObject(with: Data(applied.body)) as? [String: Any], "\(applied.text)")
            #expect(outcome["status"] as? Int == 69, "apply found no desktop, as wallgen says: \(outcome)")
            let output = outcome["output"] as? String ?? ""
            #expect(!output.contains("the new binary ran") && !output.contains("cannot run"), "\(output)")
        }
    }

    /// An upload cut short is refused and leaves no file, whole or partial, in the private
    /// folder.
    @Test func anUploadCutShortLeavesNothing() throws {
        try withTemporaryFolder { folder in
            let studio = try StudioProcess(in: folder)
            defer { _ = studio.stop(signal: SIGTERM) }
            let head =
                "POST /api/upload?name=half.jpg HTTP/1.1\r\nHost: \(studio.host)\r\n\(studio.tokenHeader)\r\nContent-Length: 200000\r\n\r\n"
            let descriptor = try RawHTTP.connect(port: studio.port)
            defer { close(descriptor) }
            RawHTTP.send(descriptor, Array(head.utf8) + [UInt8](repeating: 0xFF, count: 70000))
            // The rest never comes: the client stops sending.
            shutdown(descriptor, Int32(SHUT_WR))
            let answer = try RawHTTP.receive(descriptor)
            #expect(answer.status == 400, "\(answer.status) \(answer.text)")
            let made = filesIn(studio.temporary)
            #expect(made.count == 1 && made[0].hasPrefix("wallgen-studio-"), "\(made)")
            #expect(filesIn(studio.temporary + "/" + made[0]) == ["owner"], "the private folder holds no upload")
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
                        "Error: --port \(studio.port): cannot listen on 127.0.0.1:\(studio.port): another program (another studio?) listens there"
                    ), "\(result.standardError)")
                #expect(result.output.isEmpty)
            }
            let bad = try launch(["studio", "--port", "65536"], in: studio.folder)
            #expect(bad.status == 64 && bad.standardError.contains("--port must be a port from 0 to 65535"))
        }
    }

    /// xdg-open is run where there is a graphical session, and not with --no-open or
    /// without one; it is given the launcher's path, never the token (a process's
    /// arguments are there for every user to read): a private file (0600) whose form posts
    /// the token to the studio. A stand-in on PATH records its argument, the file's mode
    /// and its contents.
    @Test func opensTheBrowserOnlyWithAGraphicalSession() throws {
        try withTemporaryFolder { folder in
            let bin = folder + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            let record = folder + "/opened"
            try
                "#!/bin/sh\n{ printf '%s %s\\n' \"$1\" \"$(stat -c %a \"$1\")\"; tr -d '\\n' < \"$1\"; echo; } >> '\(record)'\n"
                .write(toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
            chmod(bin + "/xdg-open", 0o755)
            let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            func recorded() -> [String] {
                ((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            }
            /// Runs a studio; when it opens a browser, waits (30 s at most) for the stand-in's
            /// two lines before stopping it.
            func run(_ arguments: [String], _ environment: [String: String], opens: Bool) throws -> StudioProcess {
                let before = recorded().count
                let studio = try StudioProcess(
                    in: folder, arguments: arguments, environment: environment.merging(["PATH": path]) { $1 })
                let deadline = Date().addingTimeInterval(30)
                while opens && recorded().count < before + 2 && Date() < deadline { usleep(20_000) }
                #expect(studio.stop().status == 0)
                return studio
            }
            let opened = try run([], ["DISPLAY": ":99"], opens: true)
            _ = try run(["--no-open"], ["DISPLAY": ":99"], opens: false)
            _ = try run([], [:], opens: false)
            let wayland = try run([], ["WAYLAND_DISPLAY": "wayland-9"], opens: true)
            let lines = recorded()
            #expect(lines.count == 4, "\(lines)")
            for (index, studio) in [opened, wayland].enumerated() where lines.count == 4 {
                let (argument, page) = (lines[2 * index], lines[2 * index + 1])
                #expect(argument.hasPrefix(studio.temporary + "/wallgen-studio-"), "\(argument)")
                #expect(argument.hasSuffix("/launch.html 600"), "the launcher is private: \(argument)")
                #expect(!argument.contains(studio.token), "the token is on xdg-open's command line")
                #expect(page.contains(#"action="http://127.0.0.1:\#(studio.port)/launch""#), "\(page)")
                #expect(page.contains(#"name="token" value="\#(studio.token)""#), "\(page)")
            }
        }
    }
}

/// A stop sign for the threads a test starts.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set() {
        lock.lock()
        value = true
        lock.unlock()
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
