/// What a command's option list is made of: single options, and groups taken whole.
protocol OptionListItem: Sendable {
    /// The options this item adds to the list, in the order help shows them.
    var declarations: [any OptionDeclaration] { get }
}

/// Options that several commands include whole and that are read together into one
/// typed value: the command line's `@OptionGroup` (swift-argument-parser's name).
///
/// A group declares its options once and has one `read` that reads every one of them
/// into its settings (`RenderOptions` into `RenderSettings`, `CardStyleOptions` into a
/// `CardStyle`). A command that includes the group can then neither forget to declare
/// one of its options nor forget to read one, and a manifest row, parsed by the same
/// declaration and read by the same `read`, gets the same settings. Its `read` takes
/// what it needs besides the words as parameters (the output, for the format its
/// extension chooses), so it is not a requirement here.
protocol OptionGroup: OptionListItem {
    /// The group's name in a command's control description: `render`, `label`.
    var name: String { get }
}
