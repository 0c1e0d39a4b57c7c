import Escaping
import Files

/// The file the browser is opened on: a page of the studio's private folder (mode 0600
/// in a 0700 folder) whose form posts the token to the studio, as Jupyter's launcher file
/// does. So the token is on no command line (`ps` shows every process's arguments to
/// every user) and in no address the browser keeps: `POST /launch` answers with the
/// page's address and the token in its fragment, which the page moves into its tab's
/// sessionStorage and takes out of the address bar and the history.
struct Launcher: Sendable {
    let port: Int
    let token: StudioToken

    static let fileName = "launch.html"

    /// The page: the form, sent by a line of script, or by a button where scripts are off.
    var html: String {
        let action = HTMLText.escape("http://127.0.0.1:\(port)/launch")
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>wallgen studio</title>
            <meta name="referrer" content="no-referrer"></head>
            <body><form method="post" action="\(action)">
            <input type="hidden" name="token" value="\(HTMLText.escape(token.text))">
            <button type="submit">Open wallgen studio</button></form>
            <script>document.forms[0].submit();</script></body></html>

            """
    }

    /// Writes the launcher into the private folder, readable by its owner only; its path.
    func write(in folder: PrivateFolder) throws(FileError) -> String {
        try folder.files.write(Array(html.utf8), to: Self.fileName, mode: 0o600)
        return folder.path + "/" + Self.fileName
    }

    /// Where `POST /launch` with the right token sends the browser: the page, the token
    /// in the fragment.
    static func pageAddress(_ token: StudioToken) -> String { "/#token=\(token.text)" }
}
