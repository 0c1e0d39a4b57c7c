/// `wallgen completions SHELL`: the completion script of bash, zsh or fish, made from
/// every command's declaration (see `Completions`).
enum CompletionsCommand: WallgenCommand {
    static let declaration = CommandDeclaration(
        name: "completions", summary: "Print a shell completion script (bash, zsh or fish).",
        overview:
            "Print the completion script for a shell, made from the same declarations as this help. Scripts/install puts them where each shell finds them; by hand: wallgen completions bash > ~/.local/share/bash-completion/completions/wallgen",
        usage: ["<shell>"],
        arguments: [
            .init(name: "shell", help: "bash, zsh or fish.", completion: .words(Shell.allCases.map(\.rawValue)))
        ],
        options: CommonOptions.everywhere)

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(UsageError) -> Shell {
        try Shell.named(parsed.positionals)
    }

    static func run(_ shell: Shell, _ output: StatusOutput) -> ExitCode {
        Console.print(Completions.script(for: shell))
        return .success
    }
}

/// The shells wallgen writes completions for.
public enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    static func named(_ words: [String]) throws(UsageError) -> Shell {
        let names = listed(allCases.map(\.rawValue))
        guard let word = words.first else { throw UsageError("'completions' needs a shell: \(names)") }
        guard words.count == 1 else { throw UsageError("unexpected argument '\(words[1])'") }
        guard let shell = Shell(rawValue: word.lowercased()) else {
            throw UsageError("'completions' knows no shell '\(word)'; use \(names)")
        }
        return shell
    }
}
