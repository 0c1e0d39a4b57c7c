import Desktop
import Escaping
import Files

/// `wallgen completions SHELL`: the completion script of bash, zsh or fish, made from
/// every command's declaration (see `Completions`); with `--install`, put where that
/// shell finds it for this user (see `CompletionPlace`).
enum CompletionsCommand: WallgenCommand {
    static let install = Flag(
        "install",
        help:
            "Write the script where the shell finds it for you instead of printing it, making the folders: bash's $XDG_DATA_HOME/bash-completion/completions/wallgen, zsh's $XDG_DATA_HOME/zsh/site-functions/_wallgen (add that folder to fpath), fish's $XDG_CONFIG_HOME/fish/completions/wallgen.fish."
    )

    static let commandName: String? = "completions"
    static let declaration = CommandDeclaration(
        name: commandName, summary: "Print a shell completion script (bash, zsh or fish), or install it.",
        overview:
            "Print the completion script for a shell, made from the same declarations as this help, or with --install put it where that shell finds it for you. Scripts/install and the Debian package put them where every user's shell finds them.",
        usage: ["<shell> [--install]"],
        arguments: [
            .init(name: "shell", help: "bash, zsh or fish.", completion: .words(Shell.allCases.map(\.rawValue)))
        ],
        options: [install] + CommonOptions.everywhere)

    struct Request: Sendable {
        let shell: Shell
        /// Where `--install` writes the script; nil prints it.
        let place: CompletionPlace?
    }

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> Request {
        let shell = try Shell.named(parsed.positionals)
        let place = parsed.has(install) ? CompletionPlace(for: shell, environment: context.environment) : nil
        return Request(shell: shell, place: place)
    }

    static func run(_ request: Request, _ output: StatusOutput) throws(CommandFailure) {
        let script = Completions.script(for: request.shell) + "\n"
        guard let place = request.place else {
            Console.writeOutput(Array(script.utf8))
            return
        }
        do {
            try AtomicFileWriter.makeFolders(place.folder)
            try AtomicFileWriter.write(Array(script.utf8), to: place.path)
        } catch {
            throw CommandFailure("completions --install: \(error)", option: "install", status: error.exitCode)
        }
        output.status("Installed the \(request.shell.rawValue) completions in \(place.path); \(place.advice)")
    }
}

/// Where a shell looks for one user's completion script, from the XDG base directories.
struct CompletionPlace: Sendable, Equatable {
    let folder: String
    let fileName: String
    /// What the person does next, said after the path.
    let advice: String

    var path: String { folder + "/" + fileName }

    init(for shell: Shell, environment: [String: String]) {
        let locations = UserLocations(environment: environment)
        switch shell {
        case .bash:
            // bash-completion's loader looks in $BASH_COMPLETION_USER_DIR/completions, else
            // in $XDG_DATA_HOME/bash-completion/completions, when a command is first completed.
            let userFolder = environment["BASH_COMPLETION_USER_DIR"].flatMap {
                $0.hasPrefix("/") && !$0.contains(":") ? $0 : nil
            }
            folder = (userFolder ?? locations.dataHome + "/bash-completion") + "/completions"
            fileName = "wallgen"
            advice = "new bash shells load it (with the bash-completion package) when you first complete wallgen"
        case .zsh:
            // zsh has no per-user folder of its own: this one must be on fpath before compinit.
            folder = locations.dataHome + "/zsh/site-functions"
            fileName = "_wallgen"
            advice =
                "if that folder is not on zsh's fpath yet, add this line to ~/.zshrc before compinit: fpath=(\(ShellQuoting.quote(folder)) $fpath)"
        case .fish:
            folder = locations.configHome + "/fish/completions"
            fileName = "wallgen.fish"
            advice = "new fish shells load it when you first complete wallgen"
        }
    }
}

/// The shells wallgen writes completions for.
public enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    static func named(_ words: [String]) throws(CommandFailure) -> Shell {
        let names = listed(allCases.map(\.rawValue))
        guard let word = words.first else { throw CommandFailure("'completions' needs a shell: \(names)") }
        guard words.count == 1 else { throw CommandFailure("unexpected argument '\(words[1])'") }
        guard let shell = Shell(rawValue: word.lowercased()) else {
            throw CommandFailure("'completions' knows no shell '\(word)'; use \(names)")
        }
        return shell
    }
}
