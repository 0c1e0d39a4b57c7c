import Almanac
import Synchronization
import Testing

@testable import WallgenCommands

/// Every command is one type in `CommandRegistry.all`; the parser, help, the manual and
/// the completions all take the commands from that one list.
@Suite struct CommandRegistryTests {
    static let named = CommandRegistry.declarations.compactMap(\.name)

    @Test func theWallpaperComesFirstAndNamesAreUnique() {
        #expect(CommandRegistry.declarations.first?.name == nil)
        #expect(CommandRegistry.declarations.dropFirst().allSatisfy { $0.name != nil })
        #expect(Set(Self.named).count == Self.named.count)
        #expect(
            Self.named == [
                "term", "terms", "almanac", "sky", "dynamic", "apply", "schedule", "kde-package", "batch", "gather",
                "plan",
                "inspect", "show", "scheme", "studio", "devices", "completions", "man", "help",
            ])
    }

    @Test(arguments: CommandRegistry.declarations.map(\.invocation))
    func noTwoOptionsShareAName(command: String) throws {
        let declaration = try #require(CommandRegistry.declarations.first { $0.invocation == command })
        let longs = declaration.options.map(\.long)
        #expect(Set(longs).count == longs.count, "\(declaration.invocation) repeats an option")
        let shorts = declaration.options.compactMap(\.short)
        #expect(Set(shorts).count == shorts.count, "\(declaration.invocation) repeats a short option")
    }

    /// Which words start FreeType's and HarfBuzz's loading ahead of the first font: a
    /// command that draws text, not its help, its version or one that draws nothing.
    @Test func theFontLibrariesAreLoadedAheadOnlyForWhatDrawsText() {
        #expect(CommandRegistry.drawsText(["term", "冬至", "-o", "card.png"]))
        #expect(CommandRegistry.drawsText(["--season", "winter", "--label", "on"]))
        #expect(CommandRegistry.drawsText([]))
        #expect(CommandRegistry.drawsText(["batch", "rows.csv"]))
        #expect(!CommandRegistry.drawsText(["--version"]))
        #expect(!CommandRegistry.drawsText(["term", "--help"]))
        #expect(!CommandRegistry.drawsText(["almanac", "--year", "2027"]))
        #expect(!CommandRegistry.drawsText(["apply", "--monitor", "DP-1=a.png"]))
    }

    /// The day is found only when a command asks for it: a card by its name (or by
    /// `--date today`, read in its own zone) never does; a wallpaper does (its season and
    /// note).
    @Test func todayIsFoundOnlyWhenACommandAsks() throws {
        final class Count: Sendable { let value = Atomic<Int>(0) }
        let asked = Count()
        @Sendable func today() -> CivilDate {
            asked.value.add(1, ordering: .relaxed)
            return CivilDate(year: 2026, month: 12, day: 3)!
        }
        _ = try Invocation.parse(["term", "冬至", "-o", "card.png"], today: today(), environment: [:])
        _ = try Invocation.parse(["term", "--date", "today", "-o", "card.png"], today: today(), environment: [:])
        #expect(asked.value.load(ordering: .relaxed) == 0)
        _ = try Invocation.parse(["--season", "winter", "-o", "w.png"], today: today(), environment: [:])
        #expect(asked.value.load(ordering: .relaxed) == 1)
    }

    @Test func theParserFindsEveryCommandByItsName() throws {
        for command in CommandRegistry.all where command.declaration.name != nil {
            let name = try #require(command.declaration.name)
            #expect(CommandRegistry.named(name).map(ObjectIdentifier.init) == ObjectIdentifier(command))
            // `--help` after the name answers with that command's help page.
            guard name != "help" else { continue }
            let invocation = try Invocation.parse([name, "--help"], today: ArgumentParserTests.today)
            #expect(invocation.request(of: HelpCommand.self) == HelpPage.text(for: command.declaration))
        }
        #expect(CommandRegistry.named("wallpaper") == nil)
    }

    @Test func helpManualAndCompletionsListEveryCommand() {
        let help = HelpPage.text(for: WallpaperCommand.declaration)
        let commands = help.components(separatedBy: "COMMANDS:\n")[1].components(separatedBy: "\n\n")[0]
        // A command's row starts in the third column; its summary's continuations further right.
        let rows = commands.split(separator: "\n").filter { !$0.hasPrefix("   ") }
        let listed = rows.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(listed == Self.named)
        let manual = ManPage.text(version: WallgenCLI.version)
        for name in Self.named {
            #expect(manual.contains(".SS \"wallgen \(name)\""), "no manual section for \(name)")
            #expect(Completions.fish.contains("-a \(name) -d"), "fish does not offer \(name)")
            #expect(Completions.zsh.contains("        \(name))\n"), "zsh has no branch for \(name)")
        }
        #expect(Completions.bash.contains("compgen -W \"\(Self.named.joined(separator: " "))\""))
        // `wallgen help <TAB>` offers every command.
        let helpArgument = HelpCommand.declaration.arguments.first?.completion
        #expect(helpArgument == .words(Self.named))
    }
}
