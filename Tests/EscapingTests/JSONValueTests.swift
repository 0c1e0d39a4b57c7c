import Escaping
import Foundation
import Testing

/// The JSON wallgen reads back (sway's outputs, batch reports, provenance, a manifest's
/// error) comes from its own reader; Foundation's JSONSerialization, linked into the
/// tests only, is the independent reference for what is and is not JSON.
struct JSONValueTests {
    /// The reader's tree, as Foundation's objects, for comparing. Foundation gives true
    /// and false as numbers (1 and 0) on Linux, so both sides compare them as numbers.
    static func plain(_ value: JSONValue) -> AnyHashable {
        switch value {
        case .null: return "<null>"
        case .bool(let flag): return flag ? 1.0 : 0.0
        case .number(let number): return number.value
        case .string(let text): return "s:" + text
        case .array(let items): return items.map(plain)
        case .object(let members): return members.mapValues(plain)
        }
    }

    static func plain(foundation object: Any) -> AnyHashable {
        switch object {
        case is NSNull: return "<null>"
        case let number as NSNumber: return number.doubleValue
        case let text as String: return "s:" + text
        case let items as [Any]: return items.map { plain(foundation: $0) }
        case let members as [String: Any]: return members.mapValues { plain(foundation: $0) }
        default: return "?"
        }
    }

    static let documents = [
        #"{"a": [1, -2.5, 3e2, 0, -0, 1E-3], "b": {"c": null, "d": true, "e": false}}"#,
        #"[{"name": "DP-1", "scale": 1.5, "rect": {"x": 0, "y": 0}}]"#,
        #"{"t": "quote \" back \\ slash \/ tab \t nl \n u \u00e9 \u4e2d pair \ud83d\ude00"}"#,
        " \n\t{ }\r\n", "[]", #"{"k":"v","k":"w"}"#, #"{"\u0000":"\u001f"}"#, "[1,2,[3,[4,[5]]]]",
        // A closing comma, which Foundation's reader took:
        "[1,]", #"{"a":1,}"#,
        // Not JSON:
        "{", "[1,,]", "[,]", "{,}", #"{"a":1,,}"#, #"{"a" 1}"#, "{'a':1}", "[01]", "[-]", "[1.]", "[1e]", "[.5]",
        "[tru]",
        #"["\x"]"#, "[\"a\u{1}\"]", #"["\ud800"]"#, #"["\ud800\u0041"]"#, "{} x", "[nul]", "[\"abc", "",
        "[+1]", "[Infinity]", "[1 2]",
    ]

    @Test func acceptsAndRefusesWhatFoundationDoes() {
        for document in Self.documents {
            let foundation = try? JSONSerialization.jsonObject(with: Data(document.utf8), options: .fragmentsAllowed)
            let ours = try? JSONValue.parse(Array(document.utf8))
            #expect((foundation == nil) == (ours == nil), "\(document)")
            if let foundation, let ours {
                #expect(Self.plain(ours) == Self.plain(foundation: foundation), "\(document)")
            }
        }
    }

    /// Where and why, for the reasons a manifest's error shows (a column counted from 1
    /// is the offset plus one).
    @Test func errorsSayWhereAndWhy() {
        func failure(_ text: String) -> JSONSyntaxError? {
            do {
                _ = try JSONValue.parse(Array(text.utf8))
                return nil
            } catch { return error }
        }
        #expect(failure(#"{"command":"term" "x"}"#) == JSONSyntaxError(reason: "invalid value", offset: 18))
        #expect(failure(#"{"a":1} x"#) == JSONSyntaxError(reason: "invalid value", offset: 8))
        #expect(failure(#"{"a":"\x"}"#) == JSONSyntaxError(reason: "invalid escape sequence", offset: 6))
        #expect(failure(#"{"a":01}"#) == JSONSyntaxError(reason: "number with leading zero", offset: 6))
        #expect(failure("[\"a\u{1}\"]") == JSONSyntaxError(reason: "unescaped control character", offset: 3))
        #expect(
            failure(#"{"a":tru"#) == JSONSyntaxError(reason: "unexpected end of file during JSON parse", offset: nil))
    }

    /// Nesting is refused past a depth instead of recursing until the stack runs out.
    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(Array(deep.utf8)) }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect((try? JSONValue.parse(Array(fine.utf8))) != nil)
    }

    @Test func accessorsReadTheTree() throws {
        let value = try JSONValue.parse(Array(#"{"rows": 3, "half": 1.5, "whole": 2.0, "list": ["a"]}"#.utf8))
        #expect(value["rows"]?.int == 3)
        #expect(value["half"]?.int == nil)
        #expect(value["whole"]?.int == 2)
        #expect(value["list"]?.array?.first?.string == "a")
        #expect(try JSONValue.parse(Array("[true, false]".utf8)) == .array([.bool(true), .bool(false)]))
        #expect(value["missing"] == nil)
    }
}
