import Testing

@testable import Studio

/// The checks every request passes, decided without a server: the Host and Origin rules,
/// the token in its header, and the page's files open to all.
@Suite struct AccessGuardTests {
    static let token = StudioToken(text: "0123456789abcdef0123456789abcdef")
    static let gate = AccessGuard(token: token, port: 8765)

    static func request(
        _ path: String, hosts: [String] = ["127.0.0.1:8765"], origins: [String] = [], token: String? = token.text
    ) -> AccessGuard.Request {
        AccessGuard.Request(method: "GET", path: RequestPath(raw: path), hosts: hosts, origins: origins, token: token)
    }

    @Test func thePagesFilesNeedNoTokenTheAPIDoes() {
        for path in ["/", "/studio.js", "/studio.css", "/launch"] {
            #expect(Self.gate.decide(Self.request(path, token: nil)) == .allowed, "\(path)")
        }
        for path in ["/api/controls", "/api/apply", "/nothing", "/api"] {
            guard case .forbidden = Self.gate.decide(Self.request(path, token: nil)) else {
                Issue.record("\(path) without the token")
                continue
            }
            #expect(Self.gate.decide(Self.request(path)) == .allowed, "\(path) with it")
        }
        for wrong in ["", "0123456789abcdef0123456789abcdee", Self.token.text + "0", Self.token.text.uppercased()] {
            guard case .forbidden = Self.gate.decide(Self.request("/api/controls", token: wrong)) else {
                Issue.record("token '\(wrong)'")
                continue
            }
        }
    }

    @Test func hostsAndOrigins() {
        for host in ["127.0.0.1:8765", "localhost:8765", "LOCALHOST:8765", "[::1]:8765"] {
            #expect(Self.gate.decide(Self.request("/api/controls", hosts: [host])) == .allowed, "\(host)")
        }
        for host in ["evil.example:8765", "127.0.0.1:8766", "127.0.0.1", "127.0.0.1.evil.example:8765"] {
            guard case .forbidden = Self.gate.decide(Self.request("/", hosts: [host])) else {
                Issue.record("Host \(host)")
                continue
            }
        }
        guard case .forbidden = Self.gate.decide(Self.request("/", hosts: [])) else {
            Issue.record("no Host")
            return
        }
        let own = "http://127.0.0.1:8765"
        #expect(Self.gate.decide(Self.request("/api/describe", origins: [own])) == .allowed)
        #expect(
            Self.gate.decide(
                Self.request("/api/describe", hosts: ["localhost:8765"], origins: ["http://localhost:8765"]))
                == .allowed)
        for origin in ["null", "http://evil.example", "http://127.0.0.1:8766", "https://127.0.0.1:8765"] {
            guard case .forbidden = Self.gate.decide(Self.request("/api/describe", origins: [origin])) else {
                Issue.record("Origin \(origin)")
                continue
            }
        }
    }

    /// A second Host or Origin is refused whatever the first is; so is a path that is no path.
    @Test func duplicatesAndBrokenPathsAreBadRequests() {
        let own = "http://127.0.0.1:8765"
        for request in [
            Self.request("/", hosts: ["127.0.0.1:8765", "127.0.0.1:8765"]),
            Self.request("/", hosts: ["127.0.0.1:8765", "evil.example"]),
            Self.request("/api/controls", origins: [own, "http://evil.example"]),
            Self.request("/api/controls%00x"), Self.request("/%ff"), Self.request("/a%2"),
        ] {
            guard case .badRequest = Self.gate.decide(request) else {
                Issue.record("\(request.path) \(request.hosts) \(request.origins)")
                continue
            }
        }
    }
}

/// Paths as the studio decodes them: never cleaned, never cut at a NUL.
@Suite struct RequestPathTests {
    @Test func pathsAreTakenAsTheyAre() {
        #expect(RequestPath(raw: "/") == .plain("/"))
        #expect(RequestPath(raw: "/api/controls") == .plain("/api/controls"))
        #expect(RequestPath(raw: "/caf%C3%A9") == .plain("/café"))
        for unclean in ["/../x", "/%2e%2e/x", "/./x", "//x", "/x/", "/a/.."] {
            #expect(RequestPath(raw: unclean) == .unclean, "\(unclean)")
        }
        for broken in ["/api/controls%00x", "/%0a", "/%ff", "/%2", "x", "/%e2%80"] {
            guard case .malformed = RequestPath(raw: broken) else {
                Issue.record("\(broken)")
                continue
            }
        }
    }
}

/// The one allow-list every route's settings pass.
@Suite struct StudioAllowListTests {
    static let list = StudioAllowList(commands: [
        "wallpaper": ["season": .text, "vertical": .flag], "term": ["lang": .text],
    ])

    @Test func onlyTheOfferedOptionsOfTheirKinds() throws {
        try Self.list.check(
            StudioSettings(command: "wallpaper", options: ["season": .text("winter"), "vertical": .flag(true)]))
        try Self.list.check(StudioSettings(command: "term", term: "冬至", options: ["lang": .text("en")]))
        let refused: [(StudioSettings, StudioFailure)] = [
            (
                StudioSettings(command: "rm", options: [:]),
                StudioFailure(option: nil, message: "unknown command 'rm' (the studio makes term and wallpaper)")
            ),
            (
                StudioSettings(command: "wallpaper", options: ["output": .text("/tmp/x")]),
                StudioFailure(option: nil, message: "the studio does not set --output")
            ),
            (
                StudioSettings(command: "term", options: ["season": .text("winter")]),
                StudioFailure(option: nil, message: "the studio does not set --season")
            ),
            (
                StudioSettings(command: "wallpaper", options: ["vertical": .text("no")]),
                StudioFailure(option: "vertical", message: "--vertical is on or off: send true or false, not text")
            ),
            (
                StudioSettings(command: "wallpaper", options: ["season": .flag(true)]),
                StudioFailure(option: "season", message: "--season takes a value: send it as text, not true or false")
            ),
        ]
        for (settings, failure) in refused {
            #expect(throws: failure) { try Self.list.check(settings) }
        }
    }
}
