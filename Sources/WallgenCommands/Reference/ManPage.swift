import Escaping

/// wallgen(1) in roff (the man macros), made from the command declarations.
enum ManPage {
    /// The date the manual carries; it moves with the version, not with each build,
    /// so the page is the same bytes on every run.
    static let date = "2026-11-30"

    static func text(version: String) -> String {
        var lines = [
            ".\\\" -*- coding: utf-8 -*-",
            ".\\\" Made by `wallgen man` from the same declarations as --help; do not edit.",
            ".TH WALLGEN 1 \(date) \"\(version)\" \"User Commands\"",
            ".SH NAME",
            "wallgen \\- season wallpapers and solar-term cards",
            ".SH SYNOPSIS",
        ]
        for command in CommandRegistry.declarations {
            for usage in command.usage {
                lines += [".B \(command.invocation)"] + (usage.isEmpty ? [] : [RoffText.escape(usage)]) + [".br"]
            }
        }
        lines.removeLast()
        let wallpaper = WallpaperCommand.declaration
        lines += [".SH DESCRIPTION", RoffText.escape(wallpaper.overview), ".SH OPTIONS"]
        lines += optionEntries(wallpaper.options)
        lines.append(".SH COMMANDS")
        for command in CommandRegistry.declarations.dropFirst() {
            lines += [".SS \"\(command.invocation)\"", RoffText.escape(command.overview)]
            for argument in command.arguments {
                lines += [".TP", "\\fI\(RoffText.escape(argument.name))\\fR", RoffText.escape(argument.help)]
            }
            lines += optionEntries(command.options)
        }
        lines += [".SH EXIT STATUS"]
        for code in ExitCode.allCases {
            lines += [".TP", ".B \(code.rawValue)", RoffText.escape(code.meaning)]
        }
        lines += [
            ".PP", "On any failure no output file is left behind and an existing one is untouched.",
            ".SH ENVIRONMENT",
            ".TP", ".B WALLGEN_DATA",
            "The folder holding wallgen's pictures and fonts, when they are not in PREFIX/share/wallgen or the checkout the binary was built in.",
            ".SH EXAMPLES",
        ]
        lines.append(".nf")
        for section in CommandRegistry.declarations.flatMap(\.sections) where section.title == "EXAMPLES" {
            lines += section.body.split(separator: "\n").map { RoffText.escape(String($0)) }
        }
        lines.append(".fi")
        return lines.joined(separator: "\n")
    }

    private static func optionEntries(_ options: [any OptionDeclaration]) -> [String] {
        options.flatMap { option -> [String] in
            var head = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
            head += "\\fB\\-\\-\(RoffText.escape(option.long))\\fR"
            if let value = option.valueName { head += " \\fI\(RoffText.escape(value))\\fR" }
            return [".TP", head, RoffText.escape(option.fullHelp)]
        }
    }
}
