/// What an option of a picture command is for, beyond the value it takes, said where it
/// is declared: whether it shapes the picture (and so is recorded in the picture's note
/// and its hash), whether a batch's row may give it, whether the studio's preview,
/// drawn at the page's own size as PNG, leaves it out, and where the studio's page shows it.
struct OptionRole: Sendable, Equatable {
    /// It changes the pixels: recorded in the note, so `wallgen <command> <args…>` makes
    /// the same picture again.
    var isRecorded = true
    /// Why a batch's row may not give it; nil when a row may.
    var refusedInRow: String? = nil
    /// The canvas or the file's format, which a studio preview sets itself.
    var isCanvasOrFormat = false
    /// Where the studio's page shows it; nil when the page does not.
    var studio: StudioPlace? = nil

    /// An option of the picture (the default).
    static let picture = OptionRole()
    /// The canvas or the file's format: recorded, and left out of a studio preview.
    static let canvasOrFormat = OptionRole(isCanvasOrFormat: true)
    /// Where the file goes, or whether it carries its note: not recorded; a row may give it.
    static let fileOnly = OptionRole(isRecorded: false)
    /// Something done besides making the picture, or said about it: not recorded, and
    /// refused in a row for `reason`.
    static func notInARow(_ reason: String) -> OptionRole {
        OptionRole(isRecorded: false, refusedInRow: reason)
    }
}

/// Where the studio's page shows an option: under which group, by which `data-testid`,
/// and labelled by which of the page's words (`PageWords`).
struct StudioPlace: Sendable, Equatable {
    /// The page's groups of controls, in the order they stand; within a group the
    /// controls stand in the command's own order.
    enum Group: String, CaseIterable, Sendable {
        case when, picture, words, sky, canvas
    }

    var group: Group
    /// The control's `data-testid` and word; the option's long name when nil.
    var id: String? = nil
    /// The word that labels it, when it is not the id's (a card's --text is its "title").
    var label: String? = nil
}

extension Sequence where Element == any OptionDeclaration {
    /// The long names of the options that are not recorded in a picture's note.
    var unrecordedNames: Set<String> { Set(filter { !$0.role.isRecorded }.map(\.long)) }
}
