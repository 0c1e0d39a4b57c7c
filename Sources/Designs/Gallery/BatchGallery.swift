import Escaping
import FoundationEssentials

/// A self-contained HTML page over a batch's pictures: every picture small in a grid, in
/// manifest order, each linked to its full-size file and captioned with its file name and
/// manifest row. Unlike `Gallery` (the 24 terms as the app browsed them), a batch may
/// mix wallpapers and cards of any size and number, so this page is a plain grid whose
/// pictures load as they scroll into view. A caption breaks only between the words of a
/// file name, never inside one (`caption`).
///
/// The file names come from a manifest, which anyone may have written: each is escaped
/// by Unicode scalar (`HTMLText`), linked as a relative, percent-encoded path
/// (`LinkPath`, so `javascript:` is a file name, not a scheme), and the page allows no
/// script at all and only its own style (`ContentSecurityPolicy`).
public enum BatchGallery {
    public struct Entry: Sendable {
        public let fileName: String
        public let row: Int

        public init(fileName: String, row: Int) {
            self.fileName = fileName
            self.row = row
        }
    }

    /// `missing`: what a partial gather could not show (failed rows, shards without a
    /// report), listed under the grid.
    public static func html(entries: [Entry], title: String, missing: [String] = []) -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            \(ContentSecurityPolicy.metaElement(style: style))
            <title>\(HTMLText.escape(title))</title>
            <style>\(style)</style>
            </head>
            <body>
            <h1>\(HTMLText.escape(title))</h1>
            <div class="grid">

            """
        for entry in entries {
            let file = HTMLText.escape(LinkPath.relative(entry.fileName))
            let alternative = HTMLText.escape("\(entry.fileName) · row \(entry.row)")
            page +=
                "<figure><a href=\"\(file)\"><img src=\"\(file)\" loading=\"lazy\" alt=\"\(alternative)\"></a>"
                + "<figcaption>\(caption(entry))</figcaption></figure>\n"
        }
        page += "</div>\n"
        if !missing.isEmpty {
            page += "<h2>Missing</h2>\n<ul class=\"missing\">\n"
            for line in missing { page += "<li><bdi>\(HTMLText.escape(line))</bdi></li>\n" }
            page += "</ul>\n"
        }
        return page + "</body>\n</html>\n"
    }

    /// The caption under a picture: its file name, which may break after its separators
    /// (`-`, `_`, `.`, `/`, each followed by `<wbr>`) and nowhere else, and its row, whose
    /// "· row 9" never splits (no-break spaces).
    static func caption(_ entry: Entry) -> String {
        var parts: [String] = []
        var part = ""
        // By Character, so that a separator's combining marks stay with it.
        for character in entry.fileName {
            part.append(character)
            if let first = character.unicodeScalars.first, breaksAfter.contains(first) {
                parts.append(part)
                part = ""
            }
        }
        parts.append(part)
        // Isolated (`<bdi>`): a right-to-left name cannot pull the row number into its order.
        return "<bdi>" + parts.map(HTMLText.escape).joined(separator: "<wbr>") + "</bdi> ·\u{A0}row\u{A0}\(entry.row)"
    }

    /// Where a file name may break: after the separators of its words and folders.
    static let breaksAfter: Set<Unicode.Scalar> = ["-", "_", ".", "/"]

    /// The page's style: the exact text of its <style> element, allowed by hash.
    static let style = """

          :root { color-scheme: dark; }
          body { margin: 0; padding: 16px; background: #1c1c1e; color: #f2f2f7; font-family: system-ui, sans-serif; }
          h1 { font-size: 20px; font-weight: 600; margin: 4px 0 16px; }
          .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); gap: 16px; }
          figure { margin: 0; display: flex; flex-direction: column; align-items: center; gap: 6px; }
          img { display: block; max-width: 100%; max-height: 240px; border-radius: 8px;
                box-shadow: 0 4px 16px rgba(0,0,0,.5); }
          /* A name breaks where its caption allows (after a separator, at a space); only a
             word wider than the whole column is broken inside. */
          figcaption { max-width: 100%; font-size: 12px; opacity: .8; text-align: center; overflow-wrap: break-word; }
          h2 { font-size: 16px; font-weight: 600; margin: 24px 0 8px; color: #ff9f0a; }
          .missing { font-size: 13px; overflow-wrap: anywhere; }

        """
}
