import Desktop
import Foundation
import Testing

/// The autostart entry, read back by the programs that run such entries: GLib's own
/// desktop-entry reader and its argv splitting (what GNOME, XFCE and dex launch
/// through), and desktop-file-validate.
@Suite struct AutostartEntryTests {
    /// A command whose program is at `folder/wall gen/100%/wallgen` (GLib reads an entry
    /// only when its program exists) and whose schedule path needs every escape.
    static func hostile(_ folder: TemporaryFolder) throws -> [String] {
        let program = try folder.write("wall gen/100%/wallgen", "#!/bin/sh\n", executable: true)
        return [
            program, "apply", "--now", "--schedule", #"/home/a"b/`x`/$HOME/back\slash/it's (1)/冬至 ❄️/schedule.json"#,
        ]
    }

    @Test(.enabled(if: pythonHas("gi"), "python3-gi is not installed"))
    func glibReadsBackTheExactArguments() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let command = try Self.hostile(folder)
        let entry = try folder.write("wallgen-terms.desktop", try AutostartEntry.text(command: command, names: .terms))
        let script = """
            import gi, json, sys
            gi.require_version('Gio', '2.0')
            from gi.repository import Gio, GLib
            info = Gio.DesktopAppInfo.new_from_filename(sys.argv[1])
            # As GLib launches it: field codes expanded (here only %% to %), then split.
            ok, argv = GLib.shell_parse_argv(info.get_commandline().replace('%%', '%'))
            print(json.dumps({'argv': argv, 'gnome': info.get_show_in('GNOME'), 'xfce': info.get_show_in('XFCE'),
                              'nodisplay': info.get_nodisplay()}))
            """
        let run = try runTool(systemPython, ["-c", script, entry])
        #expect(run.status == 0, "\(run.error)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        // The program's path holds %, so it runs through env.
        #expect(result["argv"] as? [String] == ["/usr/bin/env"] + command, "\(run.output)")
        // GNOME (and KDE) start the systemd service instead; XFCE runs the entry.
        #expect(result["gnome"] as? Bool == false)
        #expect(result["xfce"] as? Bool == true)
        #expect(result["nodisplay"] as? Bool == true)
        // A plain argument is written as it is.
        #expect(
            try AutostartEntry.text(command: ["/usr/bin/wallgen", "apply", "--now"], names: .terms).contains(
                "\nExec=/usr/bin/wallgen apply --now\n"))
    }

    @Test(
        .enabled(
            if: toolAvailable("desktop-file-validate"), "desktop-file-validate is not installed (desktop-file-utils)"))
    func desktopFileValidateAcceptsIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let entry = try folder.write(
            "wallgen-terms.desktop", try AutostartEntry.text(command: try Self.hostile(folder), names: .terms))
        let run = try runTool(toolPath("desktop-file-validate")!, [entry])
        #expect(run.status == 0 && run.output.isEmpty, "\(run.output)\(run.error)")
    }

    @Test func aControlCharacterIsRefused() {
        #expect(throws: DesktopError.self) {
            try AutostartEntry.text(command: ["/usr/bin/wallgen", "a\nb"], names: .terms)
        }
    }
}
