import Escaping
import Files
import FoundationEssentials
import Glibc

/// Every path the studio answers, after `AccessGuard` let the request through: the page's
/// three files, and the API the page calls. Anything else is 404; a known API path with the
/// wrong method is 405. Every request that changes anything (an upload, Apply, Schedule)
/// is a POST; the others that carry settings are POSTs too, with the settings as JSON.
struct StudioRoutes: Sendable {
    let engine: any StudioEngine
    let folder: PrivateFolder
    let gate: RenderGate
    /// When the page last asked anything (for a studio that stops when its page is closed).
    var activity = PageActivity()

    /// Settings and preview sizes are small; a picture may be as large as `--background` reads.
    static let jsonBodyLimit = 64 << 10
    /// FileReader's own limit for `--background`, so an upload is refused where the
    /// command line would refuse the file.
    static let uploadLimit = 512 << 20
    /// The largest preview side: a 4K screen's height at 3x is far below it.
    static let previewSides = 1...8192

    private static let api: [String: String] = [
        "/api/controls": "GET", "/api/describe": "POST", "/api/preview": "POST", "/api/save": "POST",
        "/api/upload": "POST", "/api/apply": "POST", "/api/schedule": "POST", "/api/alive": "GET",
        "/api/scheme": "POST", "/api/save-scheme": "POST",
    ]

    /// The launcher's form is a token and nothing else.
    static let launchBodyLimit = 1 << 10

    func respond(to exchange: some IncomingRequest, token: StudioToken) -> HTTPResponse {
        // `/../x`, `/%2e%2e/x`, `/./x` and `//x` are answered as the unknown paths they are,
        // never cleaned into a known one.
        guard case .plain(let path) = exchange.path else { return .text(404, "not found") }
        if path == "/launch" {
            guard exchange.method == "POST" else { return methodNotAllowed("POST") }
            return launch(exchange, token: token)
        }
        if let asset = EmbeddedPage.assets[path] {
            guard exchange.method == "GET" || exchange.method == "HEAD" else { return methodNotAllowed("GET") }
            var headers = [("Content-Type", asset.mediaType)]
            if path == "/" { headers.append(("Content-Security-Policy", ContentSecurityPolicy.servedPage)) }
            return HTTPResponse(status: 200, headers: headers, body: asset.bytes)
        }
        guard let method = Self.api[path] else { return .text(404, "not found") }
        guard exchange.method == method else { return methodNotAllowed(method) }
        activity.touch()
        switch path {
        case "/api/alive": return HTTPResponse(status: 204)
        case "/api/controls": return .json(200, engine.controls)
        case "/api/upload": return upload(exchange)
        default: break
        }
        let (end, body) = exchange.readBody(limit: Self.jsonBodyLimit)
        switch end {
        case .tooLarge: return .text(413, "the request is larger than \(Self.jsonBodyLimit) bytes")
        case .failed: return .text(400, "the request's body did not arrive whole")
        case .complete: break
        }
        let request: PageRequest
        do {
            request = try PageRequest(json: body, allowList: engine.allowList, folder: folder)
        } catch {
            return failures([error.failure], status: error.status)
        }
        switch path {
        case "/api/describe": return .json(200, encoding: engine.describe(request.settings))
        case "/api/preview": return preview(request)
        case "/api/scheme": return scheme(request)
        case "/api/save": return save(request.settings)
        case "/api/save-scheme": return saveScheme(request.settings)
        case "/api/apply": return apply(request.settings)
        case "/api/schedule": return .json(200, encoding: engine.schedule(request.settings))
        default: return .text(404, "not found")
        }
    }

    /// `POST /launch` from the launcher file (`Launcher`): with the right token, to the page
    /// with the token in the fragment, where only the page reads it. The only redirect the
    /// studio answers, always to that same-origin path.
    private func launch(_ exchange: some IncomingRequest, token: StudioToken) -> HTTPResponse {
        let (end, body) = exchange.readBody(limit: Self.launchBodyLimit)
        guard end == .complete,
            let given = AccessGuard.queryValue("token", in: String(validating: body, as: UTF8.self)),
            token.matches(given)
        else { return .text(403, "wallgen studio: open the address wallgen studio printed, with its token") }
        return HTTPResponse(
            status: 303, headers: [("Location", Launcher.pageAddress(token))])
    }

    private func methodNotAllowed(_ allowed: String) -> HTTPResponse {
        var response = HTTPResponse.text(405, "use \(allowed)")
        response.headers.append(("Allow", allowed))
        return response
    }

    private func failures(_ errors: [StudioFailure], status: Int = 422) -> HTTPResponse {
        .json(status, encoding: ["errors": errors])
    }

    private func preview(_ request: PageRequest) -> HTTPResponse {
        atPreviewSize(request, "a preview") { width, height throws(StudioFailure) in
            let png = try engine.preview(request.settings, width: width, height: height)
            return HTTPResponse(status: 200, headers: [("Content-Type", "image/png")], body: png)
        }
    }

    private func scheme(_ request: PageRequest) -> HTTPResponse {
        atPreviewSize(request, "a scheme") { width, height throws(StudioFailure) in
            .json(200, try engine.scheme(request.settings, width: width, height: height))
        }
    }

    /// `make` run in a render slot at the request's preview size, once that is checked.
    private func atPreviewSize(
        _ request: PageRequest, _ what: String,
        _ make: (Int, Int) throws(StudioFailure) -> HTTPResponse
    ) -> HTTPResponse {
        guard let width = request.width, let height = request.height, Self.previewSides.contains(width),
            Self.previewSides.contains(height)
        else {
            return .text(400, "\(what) needs a width and a height from 1 to \(Self.previewSides.upperBound)")
        }
        do {
            return try gate.run { () throws(StudioFailure) in try make(width, height) }
        } catch {
            return failures([error])
        }
    }

    private func saveScheme(_ settings: StudioSettings) -> HTTPResponse {
        download { () throws(StudioFailure) in try engine.schemeArchive(settings) }
    }

    private func save(_ settings: StudioSettings) -> HTTPResponse {
        download { () throws(StudioFailure) in try engine.picture(settings) }
    }

    /// `make` run in a render slot, its file sent as a download under its own name.
    private func download(_ make: () throws(StudioFailure) -> StudioPicture) -> HTTPResponse {
        do {
            let file = try gate.run { () throws(StudioFailure) in try make() }
            return HTTPResponse(
                status: 200,
                headers: [("Content-Type", file.mediaType), ("Content-Disposition", Self.attachment(file.fileName))],
                body: file.bytes)
        } catch {
            return failures([error])
        }
    }

    /// The picture made at the screen's own size by `wallgen … --apply` in a new folder of
    /// the private folder, which goes once it is applied (apply keeps its own copy).
    private func apply(_ settings: StudioSettings) -> HTTPResponse {
        let place = folder.path + "/" + folder.newName("apply")
        guard mkdir(place, 0o700) == 0 else {
            return failures([StudioFailure(option: nil, message: "cannot make a folder for the picture to apply")])
        }
        defer { try? FileManager.default.removeItem(atPath: place) }
        return .json(200, encoding: engine.apply(settings, in: place))
    }

    /// `POST /api/upload?name=NAME` with the picture's bytes: written to a new file in the
    /// private folder as it arrives, and known from then on by NAME.
    private func upload(_ exchange: some IncomingRequest) -> HTTPResponse {
        let name = AccessGuard.queryValue("name", in: exchange.query) ?? ""
        if let problem = PageRequest.problem(withPictureName: name) {
            return failures([StudioFailure(option: "background", message: problem)])
        }
        let file = folder.path + "/" + folder.newName("upload")
        func cannotStore(_ error: any Error) -> HTTPResponse {
            failures([StudioFailure(option: "background", message: "cannot store the picture: \(error)")])
        }
        // Written as it arrives, and given its name only once it is whole.
        let growing: GrowingFile
        let end: BodyEnd
        do {
            growing = try GrowingFile(path: file)
        } catch {
            return cannotStore(error)
        }
        // Each picture within what --background reads, and all of them within the folder's budget.
        let room = folder.uploadRoom(replacing: name)
        let limit = min(Self.uploadLimit, max(0, room))
        var stored = 0
        do {
            end = try exchange.readChunks(limit: limit) { chunk in
                try growing.write(Array(chunk))
                stored += chunk.count
            }
        } catch {
            growing.abandon()
            return cannotStore(error)
        }
        switch end {
        case .complete:
            do {
                try growing.finish()
            } catch {
                return cannotStore(error)
            }
            folder.keep(upload: file, as: name, bytes: stored)
            return .json(200, encoding: ["name": name])
        case .tooLarge where limit < Self.uploadLimit:
            growing.abandon()
            return .text(
                413,
                "--background '\(name)': the studio keeps at most \(PrivateFolder.uploadBudget >> 20) MiB of pictures at once, and the others take \((PrivateFolder.uploadBudget - room) >> 20) MiB"
            )
        case .tooLarge:
            growing.abandon()
            return .text(
                413, "--background '\(name)' is larger than \(Self.uploadLimit >> 20) MiB, the most wallgen reads")
        case .failed:
            growing.abandon()
            return .text(400, "the picture did not arrive whole")
        }
    }

    /// `attachment; filename="…"; filename*=UTF-8''…`: the plain form for old readers,
    /// the encoded one for names that are not plain ASCII.
    static func attachment(_ name: String) -> String {
        let plain = String(
            name.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "\\" && $0.value >= 0x20 ? Character($0) : "_" }
        )
        return "attachment; filename=\"\(plain)\"; filename*=UTF-8''\(PercentEncoding.encoded(name))"
    }
}
