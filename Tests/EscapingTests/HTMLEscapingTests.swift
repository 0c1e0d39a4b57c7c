import Escaping
import Foundation
import Testing

/// The escapers of the pages: HTML text and attributes, relative links, JSON in a script,
/// and the policy. The hostile names are the ones a hostile-input run used.
@Suite struct HTMLEscapingTests {
    /// A quote under a combining mark is one Swift Character, and was let through: the
    /// scalar escaper escapes the quote and keeps the mark.
    @Test func aQuoteUnderACombiningMarkIsEscaped() {
        let name = "x\"\u{301} onload=document.title=42 y.png"
        let escaped = HTMLText.escape(name)
        #expect(escaped == "x&quot;\u{301} onload=document.title=42 y.png")
        #expect(!escaped.unicodeScalars.contains("\""))
        #expect(HTMLText.escape("'\u{301}<\u{20DD}>&`") == "&#39;\u{301}&lt;\u{20DD}&gt;&amp;&#96;")
    }

    @Test func controlCharactersBecomeReplacementCharacters() {
        #expect(HTMLText.escape("a\u{0}b\u{1B}[31mc\u{7F}d\u{9B}e") == "a\u{FFFD}b\u{FFFD}[31mc\u{FFFD}d\u{FFFD}e")
        #expect(HTMLText.escape("tab\tline\nreturn\r") == "tab\tline\nreturn\r")
    }

    /// Invalid UTF-8 (a file name on disk may hold it) reaches the escaper decoded with
    /// U+FFFD in its place, and stays so: the page is valid UTF-8.
    /// The controls that reorder text (embeddings, overrides, isolates) are shown as what
    /// they are; right-to-left letters and the marks that only set a direction are kept.
    @Test func reorderingControlsAreShown() {
        for value: UInt32 in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            let scalar = Unicode.Scalar(value)!
            let escaped = HTMLText.escape("a\(Character(scalar))b")
            #expect(escaped == "a[U+\(String(value, radix: 16, uppercase: true))]b")
        }
        #expect(HTMLText.escape("שלום\u{200F}.png") == "שלום\u{200F}.png")
    }

    @Test func invalidUTF8StaysReplaced() {
        let name = String(decoding: [0x61, 0xFF, 0xC3, 0x22], as: UTF8.self)
        #expect(HTMLText.escape(name) == "a\u{FFFD}\u{FFFD}&quot;")
        #expect(LinkPath.relative(name) == "a%EF%BF%BD%EF%BF%BD%22")
    }

    @Test func schemesBecomeFileNames() {
        #expect(LinkPath.relative("javascript:alert(1)//x.png") == "javascript%3Aalert%281%29/x.png")
        #expect(
            LinkPath.relative("data:text/html,<script>x</script>") == "data%3Atext/html%2C%3Cscript%3Ex%3C/script%3E")
        #expect(LinkPath.relative("JaVaScRiPt:alert(1)") == "JaVaScRiPt%3Aalert%281%29")
    }

    @Test func linksStayInTheirFolderAndKeepTheWholeName() {
        #expect(LinkPath.relative("/etc/passwd") == "etc/passwd")
        #expect(LinkPath.relative("../secret.png") == "%2E%2E/secret.png")
        #expect(LinkPath.relative("./a/./b.png") == "a/b.png")
        #expect(LinkPath.relative("a b#c?d%e.png") == "a%20b%23c%3Fd%25e.png")
        #expect(LinkPath.relative("冬\u{301}\".png") == "%E5%86%AC%CC%81%22.png")
        #expect(LinkPath.relative("x\u{0}\u{1B}.png") == "x%00%1B.png")
        // Nothing in a link needs escaping in HTML.
        let link = LinkPath.relative("x\"\u{301} onload=alert(1) '<>&`.png")
        #expect(HTMLText.escape(link) == link)
    }

    /// JSON read back by an independent reader, in both forms.
    @Test func jsonRoundTripsAndCannotCloseAScript() throws {
        let texts = [
            "a\"b\\c\nd\u{1}冬", "x\"\u{301}y", "</script><script>alert(1)</script>", "\u{1B}]0;title\u{7}",
            "\u{9B}31m\u{85}", "line\u{2028}break\u{2029}", "&amp;",
        ]
        for text in texts {
            for inScript in [false, true] {
                let quoted = JSONText.quoted(text, inScript: inScript)
                let back = try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String]
                #expect(back == [text], "\(quoted)")
                #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
                if inScript { #expect(!quoted.contains("<") && !quoted.contains(">") && !quoted.contains("&")) }
            }
        }
        #expect(JSONText.quoted("a\"b\\c\nd\u{1}冬") == "\"a\\\"b\\\\c\\nd\\u0001冬\"")
        #expect(JSONText.quoted("<&>") == "\"<&>\"")
        #expect(JSONText.quoted("<&>", inScript: true) == "\"\\u003c\\u0026\\u003e\"")
    }

    /// The policy names the script and style by the hash of their exact text, allows
    /// nothing else, and sits in an attribute that needs no escaping.
    @Test func policyHashesTheExactText() {
        let meta = ContentSecurityPolicy.metaElement(script: "alert(1)", style: "body{}")
        #expect(meta.hasPrefix("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "))
        #expect(meta.contains("script-src 'sha256-\(SHA256.base64Digest(of: Array("alert(1)".utf8)))'"))
        #expect(meta.contains("style-src 'sha256-\(SHA256.base64Digest(of: Array("body{}".utf8)))'"))
        #expect(ContentSecurityPolicy.policy(style: "x").contains("script-src 'none'"))
        #expect(!meta.contains("unsafe"))
    }

    /// The studio's page, served: its own files' script and style, fetches and pictures
    /// (blobs and data URLs it makes of the answers) from its own server, never framed.
    @Test func theServedPagesPolicy() {
        #expect(
            ContentSecurityPolicy.servedPage
                == "default-src 'none'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; "
                + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    }
}
