import FoundationEssentials
import Platform

/// Opens the studio in the person's browser with `xdg-open` (through the `Launcher`
/// file), only where there is a graphical session to show it (DISPLAY or
/// WAYLAND_DISPLAY): on a server reached by SSH the address is printed and nothing is
/// started. A browser kept from the temporary folder (a confined one) shows an error;
/// the printed address works there.
enum BrowserOpener {
    static func hasGraphicalSession(_ environment: [String: String]) -> Bool {
        ["DISPLAY", "WAYLAND_DISPLAY"].contains { !(environment[$0] ?? "").isEmpty }
    }

    /// `xdg-open` as found on PATH, if it is there.
    static func opener(_ environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/xdg-open" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Opens the launcher (written into the private folder first): `xdg-open` is given
    /// that file's path, never the address with its token.
    static func open(
        launcher: Launcher, in folder: PrivateFolder, environment: [String: String],
        report: @escaping @Sendable (String) -> Void
    ) {
        guard hasGraphicalSession(environment) else { return }
        guard let opener = opener(environment) else {
            report("wallgen studio: xdg-open is not installed; open the address above in a browser")
            return
        }
        let address: String
        do {
            address = try launcher.write(in: folder)
        } catch {
            report("wallgen studio: cannot write the launcher (\(error)); open the address above in a browser")
            return
        }
        // The browser's own messages are not the studio's: they go to /dev/null, which also
        // keeps a browser xdg-open leaves running from holding a pipe of ours.
        let child: ChildProcess
        do {
            child = try ChildProcess.start(
                path: opener, arguments: [opener, address], environment: environment, input: [], output: .discarded)
        } catch {
            report("wallgen studio: cannot run xdg-open (\(error)); open the address above in a browser")
            return
        }
        startDetachedThread {
            if child.finish().status != 0 {
                report("wallgen studio: xdg-open could not open a browser; open the address above in one")
            }
        }
    }
}
