import FoundationEssentials

/// A request body from the page, read as data: `{"settings": {"command": "wallpaper",
/// "term": null, "options": {"alpha": "0.5", "vertical": true}}, "width": 390, "height": 844}`.
/// Option values are text or on/off; anything else is refused. The command, each option
/// and the kind of its value are then checked against the studio's one allow-list, before
/// anything else is done with them (an uploaded picture looked up, a route run).
struct PageRequest {
    var settings: StudioSettings
    var width: Int?
    var height: Int?

    /// Why a body was refused: not the page's settings at all, or outside the allow-list
    /// (400); or well-formed but naming a picture that was never uploaded (422).
    enum Refusal: Error {
        case malformed(StudioFailure)
        case unusable(StudioFailure)

        var failure: StudioFailure {
            switch self {
            case .malformed(let failure), .unusable(let failure): failure
            }
        }

        var status: Int {
            if case .malformed = self { return 400 }
            return 422
        }
    }

    init(json: [UInt8], allowList: StudioAllowList, folder: PrivateFolder) throws(Refusal) {
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: Data(json))
        } catch {
            throw .malformed(StudioFailure(option: nil, message: "the request is not the page's settings"))
        }
        let values = body.settings.options.mapValues { $0.value }
        settings = StudioSettings(command: body.settings.command, term: body.settings.term, options: values)
        width = body.width
        height = body.height
        do {
            try allowList.check(settings)
        } catch {
            throw .malformed(error)
        }
        // The person's picture is named as they chose it, and read only from the private
        // folder it was uploaded to: a name never reaches the file system as a path.
        if case .text(let name)? = settings.options["background"] {
            guard let file = folder.upload(named: name) else {
                throw .unusable(
                    StudioFailure(
                        option: "background", message: "--background '\(name)': no picture of that name was uploaded"))
            }
            self.settings.backgroundFile = file
        }
    }

    private struct Body: Decodable {
        struct Settings: Decodable {
            var command: String
            var term: String?
            var options: [String: OptionValue]
        }
        var settings: Settings
        var width: Int?
        var height: Int?
    }

    /// Text or on/off, nothing else (a number, a list or null is refused with the whole request).
    private struct OptionValue: Decodable {
        var value: StudioSettings.Value

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                value = .flag(flag)
            } else {
                value = .text(try container.decode(String.self))
            }
        }
    }

    /// Why a picture's name cannot stand in a command line as given, or nil when it can:
    /// a file name only (no folder), without control characters.
    static func problem(withPictureName name: String) -> String? {
        if name.isEmpty || name == "." || name == ".." { return "--background needs a file name" }
        if name.contains("/") { return "--background '\(name)': give the file's name without a folder" }
        if name.utf8.count > 255 { return "--background: the file name is longer than 255 bytes" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "--background: the file name contains a control character"
        }
        return nil
    }
}
