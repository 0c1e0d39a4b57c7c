import FoundationEssentials

/// A picture the person named for one monitor.
public struct MonitorFile: Sendable, Equatable {
    public let name: String
    public let path: String

    public init(name: String, path: String) {
        self.name = name
        self.path = path
    }
}

/// A change of wallpaper, as `wallgen apply` asks for it: checked, made into what the
/// desktop's setter can show, and planned, before anything is written or run.
///
/// `prepare` reads every picture, refuses what is not one (naming the person's file,
/// never a copy), converts to PNG what the setter cannot read, puts several monitors'
/// pictures together where the desktop has one picture for all, and plans the commands
/// with the paths of the copies the applied store will hold. The result prints as a dry
/// run, or runs: copies stored, setter run, and only a success recorded as what the
/// desktop shows.
public struct WallpaperChange: Sendable {
    public enum Pictures: Sendable, Equatable {
        /// One picture (and GNOME's dark-style one) for the whole desktop.
        case whole(light: String, dark: String?)
        /// A picture per monitor, by output name.
        case perMonitor([MonitorFile])
    }

    public var desktop: DesktopKind
    public var pictures: Pictures
    /// The connected monitors, in layout order: names are checked against them, and a
    /// desktop with one picture for all monitors gets them put together by their places.
    public var monitors: [Monitor]
    /// Also set the lock screen (see `LockScreen`).
    public var lockScreen: Bool

    public init(desktop: DesktopKind, pictures: Pictures, monitors: [Monitor] = [], lockScreen: Bool = false) {
        self.desktop = desktop
        self.pictures = pictures
        self.monitors = monitors
        self.lockScreen = lockScreen
    }

    /// Reads, checks and converts the pictures and plans the commands; writes nothing.
    public func prepare(work: some PictureWork, store: AppliedStore, runner: ProcessRunner) throws(DesktopError)
        -> PreparedChange
    {
        if lockScreen { _ = try LockScreen.plan(desktop: desktop, picture: "/", writer: "kwriteconfig5") }
        var assignments: [(monitor: Monitor, path: String)] = []
        if case .perMonitor(let files) = pictures {
            guard !files.isEmpty else {
                throw .noMonitors(source: "--monitor", reason: "no monitor was given a picture")
            }
            for file in files {
                guard let monitor = monitors.first(where: { $0.name == file.name }) else {
                    throw .monitorNotConnected(name: file.name, connected: monitors.map(\.name))
                }
                assignments.removeAll { $0.monitor.name == file.name }
                assignments.append((monitor, file.path))
            }
        }
        let composing = !assignments.isEmpty && WallpaperSetter.composesMonitors(desktop)
        if composing {
            let missing = monitors.map(\.name).filter { name in !assignments.contains { $0.monitor.name == name } }
            guard missing.isEmpty else { throw .monitorsWithoutPicture(desktop: desktop.rawValue, missing: missing) }
        }
        let nativePerMonitor = !assignments.isEmpty && !composing
        let candidates = SetterPrograms.programs(for: desktop, perMonitor: nativePerMonitor)
        let installed = WallpaperSetter.installedProgram(for: desktop, perMonitor: nativePerMonitor, runner: runner)
        var builder = Builder(
            desktop: desktop, program: installed ?? candidates[0], work: work, store: store,
            missing: installed == nil ? [candidates] : [])

        let setterPictures: SetterPictures
        var live: [String: [String]] = [:]
        var clearing: String? = desktop.rawValue + ":"
        var lockPicture: String
        switch pictures {
        case .whole(let light, let dark):
            let (lightCopy, spanned) = try builder.copy(of: light, role: "picture", slideshowAllowed: true)
            var darkCopy = lightCopy
            if let dark {
                if desktop == .gnome || desktop == .unity {
                    darkCopy = try builder.copy(of: dark, role: "--dark", slideshowAllowed: true).path
                } else {
                    _ = try builder.bytes(of: dark, role: "--dark")
                    builder.notes.append("\(desktop.rawValue) has no dark style of its own: --dark is not used")
                }
            }
            setterPictures = .whole(light: lightCopy, dark: darkCopy, spanned: spanned)
            live[desktop.rawValue] = Array(Set([lightCopy, darkCopy]))
            lockPicture = lightCopy
        case .perMonitor where composing:
            guard let layout = SpanLayout(monitors) else {
                throw .noMonitors(source: "--monitor", reason: "none given")
            }
            var tiles: [CompositeTile] = []
            for (monitor, rect) in zip(monitors, layout.tiles) {
                let path = assignments.first { $0.monitor.name == monitor.name }!.path
                let bytes = try builder.bytes(of: path, role: "--monitor \(monitor.name)")
                if PictureKind.slideshow(bytes) != nil { throw .slideshowNotRead(path: path, desktop: "one monitor") }
                tiles.append(CompositeTile(bytes: bytes, path: path, rect: rect))
            }
            let composite = try work.composite(tiles, width: layout.canvasWidth, height: layout.canvasHeight)
            let copy = builder.keep(composite, fileExtension: "png")
            builder.notes.append(
                "\(desktop.rawValue) shows one picture across all monitors: the monitors' pictures are set as one, "
                    + "\(layout.canvasWidth)x\(layout.canvasHeight), spanned")
            setterPictures = .whole(light: copy, dark: copy, spanned: true)
            live[desktop.rawValue] = [copy]
            lockPicture = copy
        case .perMonitor:
            var monitorPictures: [MonitorPicture] = []
            for (monitor, path) in assignments {
                let copy = try builder.copy(of: path, role: "--monitor \(monitor.name)", slideshowAllowed: false).path
                monitorPictures.append(MonitorPicture(monitor: monitor, picture: copy))
                live[desktop.rawValue + ":" + monitor.name] = [copy]
            }
            setterPictures = .perMonitor(monitorPictures)
            clearing = nil
            let main = monitorPictures.first { $0.monitor.isPrimary } ?? monitorPictures[0]
            lockPicture = main.picture
        }
        var plan = try WallpaperSetter.plan(desktop: desktop, pictures: setterPictures, program: builder.program)
        var setsLockScreen = false
        if lockScreen {
            let writers = SetterPrograms.kdeConfigWriters
            let writer = writers.first { runner.find($0) != nil }
            if desktop == .kde, writer == nil { builder.missing.append(writers) }
            switch try LockScreen.plan(desktop: desktop, picture: lockPicture, writer: writer ?? writers.last!) {
            case .steps(let steps):
                plan.steps += steps
                // Not under the desktop's "NAME:" keys, which a whole-desktop apply clears.
                live[desktop.rawValue + "-lock-screen"] = [lockPicture]
                setsLockScreen = true
            case .followsDesktop(let note):
                builder.notes.append(note)
            }
        }
        return PreparedChange(
            desktop: desktop, pictures: setterPictures, setsLockScreen: setsLockScreen, plan: plan,
            copies: builder.copies, notes: builder.notes, live: live, clearing: clearing, missing: builder.missing)
    }

    /// The copies a change makes, and what was said about them, built up as each picture
    /// is read.
    private struct Builder<Work: PictureWork> {
        let desktop: DesktopKind
        let program: String
        let work: Work
        let store: AppliedStore
        var missing: [[String]]
        var notes: [String] = []
        var copies: [StoredCopy] = []
        var read: [String: [UInt8]] = [:]

        init(desktop: DesktopKind, program: String, work: Work, store: AppliedStore, missing: [[String]]) {
            self.desktop = desktop
            self.program = program
            self.work = work
            self.store = store
            self.missing = missing
        }

        mutating func bytes(of path: String, role: String) throws(DesktopError) -> [UInt8] {
            if let bytes = read[path] { return bytes }
            let bytes = try work.read(WallpaperSetter.absolute(path), role: role)
            read[path] = bytes
            return bytes
        }

        /// The copy of `bytes` the store will hold; recorded once.
        mutating func keep(_ bytes: [UInt8], fileExtension: String) -> String {
            let path = store.path(for: bytes, fileExtension: fileExtension)
            if !copies.contains(where: { $0.path == path }) { copies.append(StoredCopy(path: path, bytes: bytes)) }
            return path
        }

        /// The copy to set for the person's `path`: the picture itself when the setter
        /// reads its format, a PNG of it when not; a GNOME slideshow where allowed and
        /// the desktop reads one (`spanned` tells one wallgen wrote for spanned pictures).
        mutating func copy(of path: String, role: String, slideshowAllowed: Bool) throws(DesktopError)
            -> (path: String, spanned: Bool)
        {
            let bytes = try bytes(of: path, role: role)
            if case .gnomeSlideshow(let spanned) = PictureKind.slideshow(bytes) {
                guard slideshowAllowed, [.gnome, .unity, .cinnamon, .mate].contains(desktop) else {
                    throw .slideshowNotRead(path: path, desktop: desktop.rawValue)
                }
                return (keep(bytes, fileExtension: "xml"), spanned)
            }
            let format = try work.format(of: bytes, path: path)
            if SetterPrograms.reads(program).contains(format) {
                return (keep(bytes, fileExtension: format.fileExtension), false)
            }
            notes.append("\(program) cannot read \(format.name): the copy set is a PNG of \(path)")
            return (keep(try work.png(of: bytes, path: path), fileExtension: "png"), false)
        }
    }
}

/// A copy the applied store is to hold.
public struct StoredCopy: Sendable, Equatable {
    public let path: String
    public let bytes: [UInt8]
}

/// A change ready to print or run.
public struct PreparedChange: Sendable {
    public let desktop: DesktopKind
    /// What the plan sets: the copies' paths.
    public let pictures: SetterPictures
    public let setsLockScreen: Bool
    public let plan: SetterPlan
    public let copies: [StoredCopy]
    /// What the person should know: conversions, composites, a lock screen that follows.
    public let notes: [String]
    let live: [String: [String]]
    let clearing: String?
    /// Groups of programs none of which is installed (one of each is needed).
    let missing: [[String]]

    /// The dry run: the missing programs and the notes as shell comments, then the
    /// commands, with the paths a real run would set.
    public var dryRunLines: [String] {
        missing.map { "# " + Self.notInstalled($0) + "; a real run needs it" } + notes.map { "# " + $0 } + plan.dryRun
    }

    /// Stores the copies, runs the plan and records what the desktop now shows; a failed
    /// run removes the copies it made and records nothing.
    public func run(store: AppliedStore, runner: ProcessRunner) throws(DesktopError) {
        guard missing.isEmpty else {
            let lookedFor = Array(missing.joined())
            throw .setterNotInstalled(
                desktop: desktop.rawValue, lookedFor: lookedFor, packages: lookedFor.map(SetterPrograms.package))
        }
        try store.transaction { () throws(DesktopError) in
            do throws(DesktopError) {
                for copy in copies { try store.put(copy.bytes, at: copy.path) }
                try WallpaperSetter.apply(plan, runner: runner)
            } catch {
                store.discard(copies.map(\.path))
                throw error
            }
            try store.commit(live, clearing: clearing)
        }
    }

    /// What was done, for the status line.
    public var summary: String {
        let lock = setsLockScreen ? ", and its lock screen" : ""
        switch pictures {
        case .whole(let light, _, let spanned):
            return "Set the \(desktop.rawValue) wallpaper to \(light)"
                + (spanned ? " (spanned across the monitors)" : "")
                + lock
        case .perMonitor(let assignments):
            return "Set the \(desktop.rawValue) wallpaper of "
                + assignments.map { "\($0.monitor.name) to \($0.picture)" }.joined(separator: ", ") + lock
        }
    }

    /// "swaymsg is not installed (Debian package: sway)".
    static func notInstalled(_ programs: [String]) -> String {
        let names = programs.count == 1 ? programs[0] + " is" : "none of " + programs.joined(separator: ", ") + " is"
        return "\(names) not installed (" + SetterPrograms.packageText(programs.map(SetterPrograms.package)) + ")"
    }
}
