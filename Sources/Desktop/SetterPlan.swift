import Escaping

/// One step of setting a wallpaper.
public enum SetterStep: Sendable, Equatable {
    /// Run a program with these arguments.
    case run([String])
    /// XFCE keeps a backdrop per monitor and workspace: list `xfce4-desktop`'s properties,
    /// then set every one ending in `/last-image` to the picture and its `image-style` to
    /// 5 (zoomed).
    case xfceBackdrops(picture: String)
}

/// The commands that set one desktop's wallpaper, decided before anything runs, so a dry
/// run can print exactly what a real run would do.
public struct SetterPlan: Sendable, Equatable {
    public let desktop: DesktopKind
    public let steps: [SetterStep]

    public init(desktop: DesktopKind, steps: [SetterStep]) {
        self.desktop = desktop
        self.steps = steps
    }

    /// The plan as shell-quoted command lines, one per command.
    ///
    /// XFCE's per-backdrop commands depend on what the listing finds, so they are shown
    /// as a comment after the listing command.
    public var dryRun: [String] {
        steps.flatMap { step -> [String] in
            switch step {
            case .run(let argv):
                [ShellQuoting.line(argv)]
            case .xfceBackdrops(let picture):
                [
                    ShellQuoting.line(XfceBackdrops.listCommand),
                    "# then, for each property P ending in /last-image: "
                        + ShellQuoting.line(XfceBackdrops.setCommand(property: "P", value: picture))
                        + " and its image-style: "
                        + ShellQuoting.line(XfceBackdrops.setCommand(property: "P", value: "5")),
                ]
            }
        }
    }
}
