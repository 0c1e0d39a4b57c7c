import Foundation
import TestSupport
import Testing

@testable import Studio

/// A request body from the page, read without a server: the settings as data (text or
/// on/off, nothing else), checked against the allow-list before anything is done with
/// them (400), and a picture's name looked up among the uploads, never as a path (422).
@Suite struct PageRequestTests {
    static let allowList = StudioAllowList(commands: [
        "wallpaper": ["alpha": .text, "vertical": .flag, "background": .text], "term": ["alpha": .text],
    ])

    func read(_ json: String, in folder: PrivateFolder) throws(PageRequest.Refusal) -> PageRequest {
        try PageRequest(json: Array(json.utf8), allowList: Self.allowList, folder: folder)
    }

    /// The refusal of `json` and its status; nil when it was taken.
    func refusal(_ json: String, in folder: PrivateFolder) -> (status: Int, failure: StudioFailure)? {
        do {
            _ = try read(json, in: folder)
            return nil
        } catch {
            return (error.status, error.failure)
        }
    }

    @Test func thePagesSettingsAreRead() throws {
        try withTemporaryFolder { base in
            let folder = try PrivateFolder(in: base)
            defer { folder.remove() }
            let request = try read(
                #"{"settings": {"command": "wallpaper", "term": null, "options": {"alpha": "0.5", "vertical": true}}, "width": 390, "height": 844}"#,
                in: folder)
            #expect(
                request.settings
                    == StudioSettings(command: "wallpaper", options: ["alpha": .text("0.5"), "vertical": .flag(true)]))
            #expect(request.width == 390 && request.height == 844)
            let bare = try read(#"{"settings": {"command": "term", "term": "dongzhi", "options": {}}}"#, in: folder)
            #expect(bare.settings.term == "dongzhi" && bare.width == nil && bare.height == nil)
        }
    }

    /// Not the page's settings at all, a value that is neither text nor on/off, a command
    /// or option the page has no control for, or a value of the wrong kind: 400, naming
    /// the option where there is one.
    @Test func anythingElseIs400() throws {
        try withTemporaryFolder { base in
            let folder = try PrivateFolder(in: base)
            defer { folder.remove() }
            let notSettings = [
                "", "null", "[]", #"{"settings": 1}"#, #"{"options": {}}"#,
                #"{"settings": {"command": "wallpaper", "options": {"alpha": 0.5}}}"#,
                #"{"settings": {"command": "wallpaper", "options": {"alpha": null}}}"#,
                #"{"settings": {"command": "wallpaper", "options": {"alpha": ["0.5"]}}}"#,
            ]
            for json in notSettings {
                let refused = refusal(json, in: folder)
                #expect(refused?.status == 400, "\(json)")
                #expect(refused?.failure.message == "the request is not the page's settings", "\(json)")
            }
            let outside: [(String, String?, String)] = [
                (#"{"settings": {"command": "apply", "options": {}}}"#, nil, "unknown command 'apply'"),
                (
                    #"{"settings": {"command": "term", "options": {"vertical": true}}}"#, nil,
                    "the studio does not set --vertical"
                ),
                (
                    #"{"settings": {"command": "wallpaper", "options": {"vertical": "yes"}}}"#, "vertical",
                    "--vertical is on or off"
                ),
                (
                    #"{"settings": {"command": "wallpaper", "options": {"alpha": true}}}"#, "alpha",
                    "--alpha takes a value"
                ),
            ]
            for (json, option, message) in outside {
                let refused = refusal(json, in: folder)
                #expect(refused?.status == 400, "\(json)")
                #expect(refused?.failure.option == option, "\(json)")
                #expect(
                    refused?.failure.message.hasPrefix(message) == true, "\(json): \(refused?.failure.message ?? "")")
            }
        }
    }

    /// A picture is named as the person chose it and found among the uploads: a name never
    /// uploaded is 422 at --background; an uploaded one is read from where it was stored.
    @Test func aPictureIsFoundAmongTheUploadsNeverByPath() throws {
        try withTemporaryFolder { base in
            let folder = try PrivateFolder(in: base)
            defer { folder.remove() }
            let json = #"{"settings": {"command": "wallpaper", "options": {"background": "../../etc/passwd"}}}"#
            let refused = refusal(json, in: folder)
            #expect(refused?.status == 422 && refused?.failure.option == "background")
            #expect(refused?.failure.message == "--background '../../etc/passwd': no picture of that name was uploaded")
            let stored = folder.path + "/" + folder.newName("upload")
            try Data("picture".utf8).write(to: URL(fileURLWithPath: stored))
            folder.keep(upload: stored, as: "my cat.jpg", bytes: 7)
            let found = try read(
                #"{"settings": {"command": "wallpaper", "options": {"background": "my cat.jpg"}}}"#, in: folder)
            #expect(found.settings.backgroundFile == stored)
            #expect(found.settings.options["background"] == .text("my cat.jpg"))
        }
    }

    /// The names a picture may have in a command line: a file's name, no folder, no
    /// control character, at most 255 bytes.
    @Test func aPicturesNameStandsInACommandLine() {
        #expect(PageRequest.problem(withPictureName: "winter.jpg") == nil)
        #expect(PageRequest.problem(withPictureName: "冬天 🐱.png") == nil)
        for name in ["", ".", ".."] {
            #expect(PageRequest.problem(withPictureName: name) == "--background needs a file name")
        }
        #expect(PageRequest.problem(withPictureName: "a/b.jpg")?.contains("without a folder") == true)
        #expect(PageRequest.problem(withPictureName: "a\u{1B}[31m.jpg")?.contains("control character") == true)
        #expect(PageRequest.problem(withPictureName: String(repeating: "é", count: 128))?.contains("255 bytes") == true)
    }
}
