import Escaping

/// Shell completion scripts, made from the command declarations: every command, option,
/// and the values an option takes (words, files or folders).
enum Completions {
    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    private static var commands: [CommandDeclaration] { CommandRegistry.declarations.filter { $0.name != nil } }

    // MARK: bash

    /// A `_wallgen` function for `complete -F`: needs nothing beyond bash itself.
    static var bash: String {
        var lines = [
            "# bash completion for wallgen, made by `wallgen completions bash`.",
            "_wallgen() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" command=\"\"",
            "    if [ \"$COMP_CWORD\" -gt 1 ]; then",
            "        case \"${COMP_WORDS[1]}\" in",
            "            \(commands.compactMap(\.name).joined(separator: "|"))) command=\"${COMP_WORDS[1]}\" ;;",
            "        esac",
            "    fi",
            "    COMPREPLY=()",
            "    case \"$command\" in",
        ]
        for command in [WallpaperCommand.declaration] + commands {
            lines.append("        \(command.name ?? "\"\""))")
            lines.append("            case \"$prev\" in")
            for option in command.options where option.valueName != nil {
                let names = ([option.flagName] + (option.short.map { ["-\($0)"] } ?? [])).joined(separator: "|")
                lines.append("                \(names)) \(bashValues(option.completion)); return ;;")
            }
            lines.append("            esac")
            let words = command.options.flatMap { [$0.flagName] + ($0.short.map { ["-\($0)"] } ?? []) }
            lines.append("            if [[ \"$cur\" == -* ]]; then")
            lines.append("                COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))")
            if command.name == nil {
                lines.append("            elif [ \"$COMP_CWORD\" -eq 1 ]; then")
                lines.append(
                    "                COMPREPLY=($(compgen -W \"\(CommandRegistry.names.joined(separator: " "))\" -- \"$cur\"))"
                )
            } else if let argument = command.arguments.first {
                lines.append("            else")
                lines.append("                \(bashValues(argument.completion))")
            }
            lines.append("            fi")
            lines.append("            ;;")
        }
        lines += ["    esac", "}", "complete -F _wallgen wallgen"]
        return lines.joined(separator: "\n")
    }

    private static func bashValues(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: "COMPREPLY=()"
        case .file: "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .folder: "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\"))"
        case .words(let words): "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
        case .zones: "COMPREPLY=($(compgen -W \"local UTC $(\(zoneList))\" -- \"$cur\"))"
        }
    }

    /// The zones of the tz database, one a line, as a shell reads them when completing.
    static let zoneList = "awk '!/^#/ { print $3 }' /usr/share/zoneinfo/zone1970.tab 2>/dev/null"

    // MARK: zsh

    /// A `#compdef` function built on `_arguments`, one branch per command.
    static var zsh: String {
        var lines = [
            "#compdef wallgen", "# zsh completion for wallgen, made by `wallgen completions zsh`.", "", "_wallgen() {",
        ]
        lines.append("    case ${words[2]} in")
        for command in commands {
            lines.append("        \(command.name!))")
            lines.append("            shift words; (( CURRENT-- ))")
            lines.append("            _arguments -s \\")
            for option in command.options { lines.append("                \(zshSpec(option)) \\") }
            if let argument = command.arguments.first {
                lines.append("                '1:\(argument.name):\(zshAction(argument.completion))' \\")
            }
            lines[lines.count - 1].removeLast(2)
            lines.append("            ;;")
        }
        let commandWords = commands.map {
            "\($0.name!)\\:\(ShellQuoting.zshSpecText($0.summary).replacing(" ", with: "\\ "))"
        }
        lines.append("        *)")
        lines.append("            _arguments -s \\")
        for option in WallpaperCommand.declaration.options { lines.append("                \(zshSpec(option)) \\") }
        lines.append("                '1::command:((\(commandWords.joined(separator: " "))))'")
        lines += ["            ;;", "    esac", "}", "", "_wallgen \"$@\""]
        return lines.joined(separator: "\n")
    }

    private static func zshSpec(_ option: any OptionDeclaration) -> String {
        let names = [option.flagName] + (option.short.map { ["-\($0)"] } ?? [])
        let exclusion = names.count > 1 ? "'(\(names.joined(separator: " ")))'" : ""
        let nameList = names.count > 1 ? "{\(names.joined(separator: ","))}" : names[0]
        let value = option.valueName.map { ":\(ShellQuoting.zshSpecText($0)):\(zshAction(option.completion))" } ?? ""
        return "\(exclusion)\(nameList)'[\(ShellQuoting.zshSpecText(option.help))]\(value)'"
    }

    private static func zshAction(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: " "
        case .file: "_files"
        case .folder: "_files -/"
        case .words(let words): "(\(words.joined(separator: " ")))"
        case .zones: "_time_zone"
        }
    }

    // MARK: fish

    /// `complete` lines: commands before a command is typed, each command's options after it.
    static var fish: String {
        let names = commands.compactMap(\.name).joined(separator: " ")
        var lines = ["# fish completion for wallgen, made by `wallgen completions fish`.", "complete -c wallgen -f"]
        for command in commands {
            lines.append(
                "complete -c wallgen -n 'not __fish_seen_subcommand_from \(names)' -a \(command.name!) -d \(ShellQuoting.fishQuoted(command.summary))"
            )
        }
        for command in [WallpaperCommand.declaration] + commands {
            let condition =
                command.name.map { "__fish_seen_subcommand_from \($0)" } ?? "not __fish_seen_subcommand_from \(names)"
            for option in command.options {
                var line = "complete -c wallgen -n '\(condition)' -l \(option.long)"
                if let short = option.short { line += " -s \(short)" }
                if option.valueName != nil { line += " -r" + fishValues(option.completion) }
                lines.append(line + " -d \(ShellQuoting.fishQuoted(option.help))")
            }
            if let argument = command.arguments.first, command.name != nil {
                lines.append("complete -c wallgen -n '\(condition)'" + fishValues(argument.completion))
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func fishValues(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: ""
        case .file: " -F"
        case .folder: " -a '(__fish_complete_directories)'"
        case .words(let words): " -a '\(words.joined(separator: " "))'"
        case .zones: " -a 'local UTC (\(zoneList.replacing("'", with: "\\'")))'"
        }
    }
}
