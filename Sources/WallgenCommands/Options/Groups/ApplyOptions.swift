/// `--apply` and `--desktop` on the commands that render: set the picture as the
/// wallpaper once it is written, read into `ApplyAfterwards` (nil when not asked).
struct ApplyOptions: OptionGroup {
    var name: String { "apply" }
    var declarations: [any OptionDeclaration] { [ApplyCommand.applyFlag, ApplyCommand.desktop] }
    /// What `--apply` and `--desktop` are to a batch's row.
    static let setsNoWallpaperInABatch = OptionRole.notInARow(
        "a batch sets no wallpaper (apply one of its pictures afterwards with wallgen apply)")

    static func read(_ parsed: ParsedArguments) -> SingleOutput.ApplyAfterwards? {
        let desktop = parsed[ApplyCommand.desktop]
        return parsed.has(ApplyCommand.applyFlag) ? SingleOutput.ApplyAfterwards(desktop: desktop) : nil
    }
}
