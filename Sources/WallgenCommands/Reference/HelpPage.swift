/// `--help` as swift-argument-parser lays it out: OVERVIEW, USAGE, ARGUMENTS, OPTIONS
/// and the command's own sections, wrapped to 80 columns.
enum HelpPage {
    static let width = 80
    /// Where option help starts.
    static let column = 26

    static func text(for command: CommandDeclaration) -> String {
        var blocks: [String] = []
        blocks.append(wrap("OVERVIEW: " + command.overview, width: width, hangingIndent: 0))
        var usage = command.usage.map { (command.invocation, $0) }
        if command.name == nil {
            usage += CommandRegistry.declarations.dropFirst().map { ($0.invocation, $0.usage.first ?? "") }
        }
        blocks.append(
            usage.enumerated().map { index, line in
                usageLine(line.0, line.1, prefix: index == 0 ? "USAGE: " : "       ")
            }.joined(separator: "\n"))
        if !command.arguments.isEmpty {
            blocks.append(
                "ARGUMENTS:\n" + command.arguments.map { twoColumns("  <\($0.name)>", $0.help) }.joined(separator: "\n")
            )
        }
        if !command.options.isEmpty {
            blocks.append(
                "OPTIONS:\n" + command.options.map { twoColumns("  " + $0.usage, $0.fullHelp) }.joined(separator: "\n"))
        }
        if command.name == nil {
            let rows = CommandRegistry.declarations.dropFirst().map { twoColumns("  \($0.name ?? "")", $0.summary) }
            blocks.append("COMMANDS:\n" + rows.joined(separator: "\n"))
        }
        for section in command.sections {
            blocks.append("\(section.title):\n" + indented(section.body))
        }
        if command.name == nil {
            blocks.append("EXIT STATUS:\n" + exitStatusLines.joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n")
    }

    /// `wallgen term <groups>`, wrapped between bracketed groups, continuation lines
    /// indented under the first group.
    static func usageLine(_ invocation: String, _ usage: String, prefix: String) -> String {
        let head = prefix + invocation
        var groups: [String] = []
        var depth = 0
        var current = ""
        for character in usage {
            if character == " " && depth == 0 {
                if !current.isEmpty { groups.append(current) }
                current = ""
                continue
            }
            if "[(".contains(character) { depth += 1 }
            if "])".contains(character) { depth -= 1 }
            current.append(character)
        }
        if !current.isEmpty { groups.append(current) }
        var lines = [head]
        let indent = String(repeating: " ", count: head.count + 1)
        for group in groups {
            if lines[lines.count - 1].count + 1 + group.count > width && lines[lines.count - 1] != head {
                lines.append(indent + group)
            } else {
                lines[lines.count - 1] += " " + group
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One line per status, then the promise every failure keeps.
    static var exitStatusLines: [String] {
        ExitCode.allCases.map { twoColumns("  \($0.rawValue)", $0.meaning, column: 7) }
            + ["  On any failure no output file is left behind and an existing one is untouched."]
    }

    /// `head` then `text` wrapped under its own column; on a line of its own when the head is long.
    static func twoColumns(_ head: String, _ text: String, column: Int = column) -> String {
        let lines = wrapLines(text, width: width - column)
        let pad = String(repeating: " ", count: column)
        let first =
            head.count < column - 1
            ? head.padding(to: column) + (lines.first ?? "")
            : head + "\n" + pad + (lines.first ?? "")
        return ([first] + lines.dropFirst().map { pad + $0 }).joined(separator: "\n")
    }

    static func indented(_ body: String) -> String {
        body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
            .joined(separator: "\n")
    }

    /// A paragraph wrapped at `width`, continuation lines indented.
    static func wrap(_ text: String, width: Int, hangingIndent: Int) -> String {
        let lines = wrapLines(text, width: width)
        return lines.enumerated().map {
            $0.offset == 0 ? $0.element : String(repeating: " ", count: hangingIndent) + $0.element
        }
        .joined(separator: "\n")
    }

    /// Words joined into lines no wider than `width` columns (a longer word keeps its own line).
    static func wrapLines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [""] : lines
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    var trimmedRight: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
