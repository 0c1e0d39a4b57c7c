import FoundationEssentials

/// A request body from the page, read as data: `{"settings": {"command": "wallpaper",
/// "term": null, "options": {"alpha": "0.5", "vertical": true}}, "width": 390, "height": 844}`.
/// Option values are text or on/off; anything else is refused. Which options may be given
/// at all is the engine's to check, against the command's declarations.
struct PageRequest {
    var settings: StudioSettings
    var width: Int?
    var height: Int?

    init(json: [UInt8], folder: PrivateFolder) throws(StudioFailure) {
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: Data(json))
        } catch {
            throw StudioFailure(option: nil, message: "the request is not the page's settings")
        }
        let values = body.settings.options.mapValues { $0.value }
        settings = StudioSettings(command: body.settings.command, term: body.settings.term, options: values)
        width = body.width
        height = body.height
        // The person's picture is named as they chose it, and read only from the private
        // folder it was uploaded to: a name never reaches the file system as a path.
        if case .text(let name)? = settings.options["background"] {
            guard let file = folder.upload(named: name) else {
                throw StudioFailure(
                    option: "background", message: "--background '\(name)': no picture of that name was uploaded")
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
