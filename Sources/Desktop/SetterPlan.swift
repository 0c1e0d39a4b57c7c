import Escaping

/// One step of setting a wallpaper.
public enum SetterStep: Sendable, Equatable {
    /// Run a program with these arguments.
    case run([String])
    /// XFCE keeps a backdrop per monitor and workspace: list `xfce4-desktop`'s properties,
    /// then set every one ending in `/last-image` to the picture and its `image-style` to
    /// 5 (zoomed).
    case xfceBackdrops(picture: String)
    /// Each monitor's own picture on every workspace: the number of workspaces is read
    /// from xfwm4's settings (and any workspace the listing already has counts too), then
    /// each `/backdrop/screen0/monitorNAME/workspaceN/last-image` is set, made if missing.
    case xfceMonitorBackdrops([XfceMonitorPicture])
}

/// A monitor's output name and its picture, for XFCE's settings.
public struct XfceMonitorPicture: Sendable, Equatable {
    public let monitor: String
    public let picture: String

    public init(monitor: String, picture: String) {
        self.monitor = monitor
        self.picture = picture
    }
}

/// The commands that set one desktop's wallpaper, decided before anything runs, so a dry
/// run can print exactly what a real run would do.
public struct SetterPlan: Sendable, Equatable {
    public let desktop: DesktopKind
    public var steps: [SetterStep]

    public init(desktop: DesktopKind, steps: [SetterStep]) {
        self.desktop = desktop
        self.steps = steps
    }

    /// The programs the plan runs, in order, each once.
    public var programs: [String] {
        var names: [String] = []
        for step in steps {
            let name: String
            switch step {
            case .run(let argv): name = argv.first ?? ""
            case .xfceBackdrops, .xfceMonitorBackdrops: name = "xfconf-query"
            }
            if !names.contains(name) { names.append(name) }
        }
        return names
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
            case .xfceMonitorBackdrops(let assignments):
                [
                    ShellQuoting.line(XfceBackdrops.workspaceCountCommand),
                    ShellQuoting.line(XfceBackdrops.listCommand),
                ]
                    + assignments.map { assignment in
                        "# then, for each workspace N (that many, and any listed): "
                            + XfceBackdrops.monitorCommands(
                                monitor: assignment.monitor, workspace: "N", picture: assignment.picture
                            ).map(ShellQuoting.line).joined(separator: " && ")
                    }
            }
        }
    }
}
