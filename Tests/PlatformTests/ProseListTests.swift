import Platform
import Testing

struct ProseListTests {
    @Test(arguments: [
        ([], ""), (["JPEG"], "JPEG"), (["JPEG", "WebP"], "JPEG and WebP"),
        (["a.timer", "b.service", "c.timer"], "a.timer, b.service and c.timer"),
    ])
    func listsAsASentenceDoes(items: [String], expected: String) {
        #expect(items.joinedAsProse() == expected)
    }
}
