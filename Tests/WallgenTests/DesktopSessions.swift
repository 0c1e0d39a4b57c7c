import Foundation
import Platform
import TestSupport

/// Real display servers and settings stores that the desktop tests start for
/// themselves: each on a display, socket or bus no other test run can hold, and
/// stopped (only the processes the test started) when the test ends.

/// An X server on a display it picked itself (`Xvfb -displayfd`), so two test runs
/// never fight over a number.
final class XvfbServer {
    let display: String
    private let pid: pid_t

    /// `width` x `height` pixels at 24 bits.
    init(width: Int, height: Int) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SessionError("pipe: \(String(cString: strerror(errno)))") }
        // Both ends above 3 (Xvfb's end becomes its fd 3) and closed on exec, so neither
        // this Xvfb nor a program another test starts meanwhile keeps a stray copy.
        let reading = fcntl(fds[0], F_DUPFD_CLOEXEC, 10)
        let writing = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
        close(fds[0])
        close(fds[1])
        fds = [reading, writing]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 3)
        let arguments = [
            "/usr/bin/Xvfb", "-displayfd", "3", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp",
        ]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        pid = try spawnWithDefaultSignals(arguments[0], argv, actions: &actions)
        close(fds[1])
        // Xvfb writes the display number and a newline once it accepts connections.
        var text = ""
        var byte: UInt8 = 0
        while read(fds[0], &byte, 1) == 1, byte != UInt8(ascii: "\n") { text.append(Character(Unicode.Scalar(byte))) }
        close(fds[0])
        guard let number = Int(text) else {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            throw SessionError("Xvfb did not say its display (got \"\(text)\")")
        }
        display = ":\(number)"
    }

    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// Headless sway (wlroots' headless backend, pixman renderer) running as an
/// unprivileged user, with outputs of the sizes asked for, laid out left to right.
///
/// sway refuses to run as root, so it runs as `nobody` (or a user made with
/// `useradd` when there is none). That user must reach the pictures the test applies:
/// folders above the test's folder that others cannot enter are opened to them (search
/// only) while sway runs and put back as they were when it stops.
final class HeadlessSway {
    let runtimeFolder: String
    let socket: String
    let waylandDisplay: String
    private let pid: pid_t
    private var reopened: [String] = []
    private let runtimeIsOwn: Bool

    /// Why sway cannot run here, or nil when it can.
    static var unavailableReason: String? {
        for tool in ["/usr/bin/sway", "/usr/bin/swaymsg", "/usr/bin/swaybg", "/usr/bin/grim"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is not installed (sway, swaybg, grim)"
        }
        if getuid() == 0, unprivilegedUser() == nil {
            return "no unprivileged user to run sway as (no nobody, and useradd failed)"
        }
        return nil
    }

    /// `nobody`, or a `wallgen-test` user made for the purpose.
    static func unprivilegedUser() -> (uid: uid_t, gid: gid_t)? {
        for name in ["nobody", "wallgen-test"] {
            if let entry = getpwnam(name) { return (entry.pointee.pw_uid, entry.pointee.pw_gid) }
        }
        let made = try? runProgram(
            "/usr/sbin/useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "wallgen-test"])
        guard made?.status == 0, let entry = getpwnam("wallgen-test") else { return nil }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    /// Starts sway under `folder` (the test's own), with one output per size; `config`
    /// lines are added to its configuration (an `exec` line, say). The outputs after the
    /// first are made once sway runs (`swaymsg create_output`), or, with `atStart`, by
    /// the headless backend as sway starts, so an `exec` line sees them all.
    init(
        in folder: String, outputs: [(width: Int, height: Int)], config extra: [String] = [], atStart: Bool = false
    ) throws {
        guard let user = Self.unprivilegedUser() else { throw SessionError("no unprivileged user") }
        // A Unix socket's path must fit in 108 bytes; a deep TMPDIR would not leave room.
        var runtime = folder + "/run"
        runtimeIsOwn = runtime.utf8.count + 40 > 100
        if runtimeIsOwn {
            var template = Array("/tmp/wallgen-sway.XXXXXX".utf8CString)
            guard mkdtemp(&template) != nil else { throw SessionError("mkdtemp failed") }
            runtime = String(cBuffer: template)
        } else {
            try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        }
        runtimeFolder = runtime
        chown(runtime, user.uid, user.gid)
        chmod(runtime, 0o700)
        reopened = FoldersOpenToOthers.shared.open(above: folder)
        let config = folder + "/sway-config"
        var lines: [String] = []
        var left = 0
        for (index, output) in outputs.enumerated() where atStart || index == 0 {
            lines.append("output HEADLESS-\(index + 1) resolution \(output.width)x\(output.height) position \(left) 0")
            left += output.width
        }
        lines.append("default_border none")
        lines += extra
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: config))
        chmod(config, 0o644)
        let environment = [
            "PATH=/usr/bin:/bin", "HOME=\(runtime)", "XDG_RUNTIME_DIR=\(runtime)", "WLR_BACKENDS=headless",
            "WLR_RENDERER=pixman", "WLR_LIBINPUT_NO_DEVICES=1", "WLR_HEADLESS_OUTPUTS=\(atStart ? outputs.count : 1)",
        ]
        let arguments: [String]
        if getuid() == 0 {
            // In a PID namespace of its own, whose end reaps every process sway left.
            arguments =
                ["/usr/bin/unshare", "--pid", "--fork", "--kill-child"]
                + [
                    "/usr/bin/setpriv", "--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "/usr/bin/env",
                    "-i",
                ]
                + environment + ["/usr/bin/sway", "-c", config]
        } else {
            arguments = ["/usr/bin/env", "-i"] + environment + ["/usr/bin/sway", "-c", config]
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        pid = try spawnWithDefaultSignals(arguments[0], argv, actions: &actions)
        // Wait for sway's IPC socket.
        var found: String?
        for _ in 0..<200 {
            found = ((try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? [])
                .first { $0.hasPrefix("sway-ipc.") }
            if found != nil { break }
            usleep(50_000)
        }
        guard let name = found else {
            kill(pid, SIGTERM)
            throw SessionError("sway made no IPC socket in \(runtime)")
        }
        socket = runtime + "/" + name
        waylandDisplay = runtime + "/wayland-1"
        var x = outputs[0].width
        for (index, output) in outputs.enumerated().dropFirst() where !atStart {
            _ = try swaymsg(["create_output"])
            _ = try swaymsg([
                "output", "HEADLESS-\(index + 1)", "resolution", "\(output.width)x\(output.height)", "position",
                "\(x)", "0",
            ])
            x += output.width
        }
        _ = try swaymsg(["output", "HEADLESS-1", "position", "0", "0"])
    }

    /// The variables a program needs to talk to this sway: no X display, no other desktop.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["DISPLAY", "XDG_CURRENT_DESKTOP", "HYPRLAND_INSTANCE_SIGNATURE"] { environment[key] = nil }
        environment["SWAYSOCK"] = socket
        environment["WAYLAND_DISPLAY"] = waylandDisplay
        environment["XDG_RUNTIME_DIR"] = runtimeFolder
        return environment
    }

    func swaymsg(_ arguments: [String]) throws -> ProgramRun {
        try runProgram("/usr/bin/swaymsg", ["-s", socket] + arguments)
    }

    /// The whole layout as grim reads it back, as PNG bytes.
    func screenshot() throws -> [UInt8] {
        let run = try runProgram("/usr/bin/grim", ["-t", "png", "-"], environment: environment)
        guard run.status == 0 else { throw SessionError("grim failed: \(run.error)") }
        return run.output
    }

    /// Asks sway to exit and waits for it; its own children (swaybg, the programs its
    /// `exec` lines started, which a double fork makes orphans) end with its PID
    /// namespace, which the kernel reaps. Killed after five seconds.
    func stop() {
        _ = try? swaymsg(["exit"])
        var status: Int32 = 0
        var waited = 0
        while waitpid(pid, &status, WNOHANG) == 0 && waited < 250 {
            usleep(20_000)
            waited += 1
        }
        if waited == 250 {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        FoldersOpenToOthers.shared.close(reopened)
        if runtimeIsOwn { removeTemporaryFolder(runtimeFolder) }
    }
}

/// Folders opened to others (search and read) while a sway, running as another user,
/// reads pictures beneath them, counted per folder: the tests run at once, and two sways
/// under one temporary folder share its parents. Each folder goes back to its own mode
/// when the last sway that needed it stops, never while another still reads through it
/// (one sway stopping used to close the folder the other's swaybg was reading from).
final class FoldersOpenToOthers: @unchecked Sendable {
    static let shared = FoldersOpenToOthers()
    private let lock = NSLock()
    /// The folders wallgen's tests opened: their own mode, and how many sways need them.
    private var held: [String: (mode: mode_t, users: Int)] = [:]

    /// Opens `folder` and every folder above it that others cannot enter; returns the
    /// folders this caller now counts on, to hand to `close`.
    func open(above folder: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        var counted: [String] = []
        var path = folder
        while !path.isEmpty && path != "/" {
            if let entry = held[path] {
                held[path] = (entry.mode, entry.users + 1)
                counted.append(path)
            } else {
                var status = stat()
                if stat(path, &status) == 0, status.st_mode & S_IXOTH == 0 {
                    held[path] = (status.st_mode & 0o7777, 1)
                    chmod(path, (status.st_mode & 0o7777) | S_IXOTH | S_IROTH)
                    counted.append(path)
                }
            }
            path = (path as NSString).deletingLastPathComponent
        }
        return counted
    }

    /// Gives up `folders` (from `open`); each goes back to its mode when no one needs it.
    func close(_ folders: [String]) {
        lock.lock()
        defer { lock.unlock() }
        for path in folders.reversed() {
            guard let entry = held[path] else { continue }
            if entry.users > 1 {
                held[path] = (entry.mode, entry.users - 1)
            } else {
                held[path] = nil
                chmod(path, entry.mode)
            }
        }
    }
}

/// What a program printed and its status.
struct ProgramRun {
    let status: Int32
    let output: [UInt8]
    let error: String
    var text: String { String(decoding: output, as: UTF8.self) }
}

/// Runs a program to the end (outside wallgen), capturing both streams.
func runProgram(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> ProgramRun {
    let result = try launch(
        arguments, in: FileManager.default.currentDirectoryPath, environment: environment,
        executable: URL(fileURLWithPath: path))
    return ProgramRun(status: result.status, output: result.standardOutput, error: result.standardError)
}

struct SessionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
