import Testing

@testable import WallgenCommands

/// What the picture commands' options are for, as their declarations say it: the sets the
/// note, a batch's row and the studio's preview went by when each kept its own list of
/// names (written out here as they were), so moving them onto the declarations changed
/// nothing.
@Suite struct OptionRoleTests {
    static let commonUnrecorded: Set<String> = [
        "output", "apply", "desktop", "preview", "scheme", "scheme-both", "verbose", "quiet", "help", "no-metadata",
    ]

    @Test(arguments: PictureCommand.allCases)
    func rolesAreTheListsTheyReplace(command: PictureCommand) {
        let options = command.declaration.options
        let hasVersion = options.contains { $0.long == "version" }
        #expect(options.unrecordedNames == Self.commonUnrecorded.union(hasVersion ? ["version"] : []))
        let refused = Dictionary(
            options.compactMap { option in option.role.refusedInRow.map { (option.long, $0) } },
            uniquingKeysWith: { first, _ in first })
        let noWallpaper = "a batch sets no wallpaper (apply one of its pictures afterwards with wallgen apply)"
        let noScheme = "a batch writes no scheme (make one from a picture afterwards with wallgen scheme)"
        var expected = [
            "apply": noWallpaper, "desktop": noWallpaper, "verbose": "is an option of the batch, not of a row",
            "quiet": "is an option of the batch, not of a row", "scheme": noScheme, "scheme-both": noScheme,
            "help": "is not a rendering option",
        ]
        if hasVersion { expected["version"] = "is not a rendering option" }
        #expect(refused == expected)
        #expect(
            Set(options.filter(\.role.isCanvasOrFormat).map(\.long))
                == ["size", "device", "landscape", "format", "quality", "compression"])
    }

    /// A role and a studio place may be declared in either order: a role that names no
    /// place keeps the one given before it.
    @Test func aRoleKeepsTheStudioPlaceGivenBeforeIt() {
        let placedFirst = Option("x", .text(), help: "x").inStudio(.sky, id: "hour").role(.fileOnly)
        let placedAfter = Option("x", .text(), help: "x").role(.fileOnly).inStudio(.sky, id: "hour")
        #expect(placedFirst.role == placedAfter.role)
        #expect(placedFirst.role.studio == StudioPlace(group: .sky, id: "hour"))
        #expect(!placedFirst.role.isRecorded)
        let moved = Option("x", .text(), help: "x").inStudio(.sky)
            .role(OptionRole(studio: StudioPlace(group: .canvas)))
        #expect(moved.role.studio?.group == .canvas, "a role that names a place sets it")
    }

    /// The picture commands are the two a note, a row and the studio name.
    @Test func thePictureCommands() {
        #expect(PictureCommand.allCases.map(\.rawValue) == ["wallpaper", "term"])
        #expect(PictureCommand.wallpaper.declaration.name == nil)
        #expect(PictureCommand.term.declaration.name == "term")
        #expect(PictureCommand.term.words == ["term"] && PictureCommand.wallpaper.words.isEmpty)
        #expect(PictureCommand(named: "terms") == nil)
    }
}
