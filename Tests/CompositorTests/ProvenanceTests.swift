import Compositor
import Testing

/// The typed note of how a picture was made: the one text it becomes (checked against
/// JSON written here by hand, its hash computed apart with Python's hashlib) and the one
/// way it is read back, which takes only what wallgen writes and never trusts the stored
/// hash.
@Suite struct ProvenanceTests {
    /// `term dongzhi --lang en`; its hash is SHA-256 of "term\0dongzhi\0--lang\0en\0".
    static let card = Provenance(version: "0.2.0", command: "term", arguments: ["dongzhi", "--lang", "en"])
    static let cardJSON =
        #"{"wallgen":"0.2.0","command":"term","args":["dongzhi","--lang","en"],"hash":"0379bb1e30309e59e0ed2b8d890ecc7f066fa32e3979692084da3c6a1a5f75dc"}"#

    /// A text with a quote, a backslash, a line feed, U+2028, BEL and a CJK character.
    static let awkward = Provenance(
        version: "0.2.0", command: "wallpaper", arguments: ["--text", "a \"b\" \\ c\n\u{2028}\u{7}冬"])
    static let awkwardJSON =
        #"{"wallgen":"0.2.0","command":"wallpaper","args":["--text","a \"b\" \\ c\n\u2028\u0007冬"],"hash":"2deb69dbbb76eb740577e72380ac201b5c976bb3b11613d15b69db465e9e7c37"}"#

    @Test func becomesOneCompactJSONObject() {
        #expect(Self.card.json == Self.cardJSON)
        #expect(Self.awkward.json == Self.awkwardJSON)
    }

    @Test func readsBackWhatItWrites() {
        #expect(Provenance(json: Self.cardJSON) == Self.card)
        #expect(Provenance(json: Self.awkwardJSON) == Self.awkward)
    }

    /// Read as JSON, not matched as text: spaces and another order of the members are the same note.
    @Test func readsAnyLayoutOfTheSameObject() {
        let spaced =
            #"{ "hash" : "0379bb1e30309e59e0ed2b8d890ecc7f066fa32e3979692084da3c6a1a5f75dc", "args": ["dongzhi", "--lang", "en"],"#
            + #" "command": "term", "wallgen": "0.2.0" }"#
        #expect(Provenance(json: spaced) == Self.card)
    }

    @Test func refusesAHashThatDoesNotMatchTheSpec() {
        let edited = Self.cardJSON.replacing(#""en""#, with: #""zh""#)
        #expect(edited != Self.cardJSON)
        #expect(Provenance(json: edited) == nil)
        let rehashed = Self.cardJSON.replacing("0379bb", with: "1379bb")
        #expect(Provenance(json: rehashed) == nil)
    }

    @Test(arguments: [
        "", "null", "[]", "\"term\"", "{}", "{", "wallgen 0.2.0",
        #"{"wallgen":"0.2.0","command":"term","args":["dongzhi"]}"#,
        #"{"wallgen":2,"command":"term","args":[],"hash":"x"}"#,
        #"{"wallgen":"0.2.0","command":"term","args":"dongzhi","hash":"x"}"#,
        #"{"wallgen":"0.2.0","command":"term","args":[1],"hash":"x"}"#,
    ])
    func refusesWhatIsNoNote(_ text: String) {
        #expect(Provenance(json: text) == nil)
    }
}
