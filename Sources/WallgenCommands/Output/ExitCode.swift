/// wallgen's exit statuses, from BSD's sysexits so scripts can tell causes apart.
public enum ExitCode: Int32, CaseIterable, Sendable {
    case success = 0
    /// A flag, value or command is wrong.
    case usage = 64
    /// An input file exists but is not a usable picture or font.
    case dataError = 65
    /// An input file is missing or cannot be read.
    case noInput = 66
    /// The desktop's wallpaper cannot be set: no desktop wallgen knows, none of its
    /// setters installed, or the setter failed; or no monitor was found (`--device here`,
    /// `--span`, `devices --here`).
    case unavailable = 69
    /// Something wallgen itself got wrong.
    case software = 70
    /// wallgen's bundled pictures or fonts are missing or damaged, or a library it loads on
    /// first use (FreeType, HarfBuzz, libwebp, libheif, civetweb) cannot be loaded: the
    /// installation is broken.
    case bundledDataMissing = 72
    /// The output file cannot be created (missing folder, no permission, a folder in the way).
    case cannotCreate = 73
    /// Writing failed part-way (disk full, I/O error, a pipe whose reader left); nothing
    /// was left behind.
    case ioError = 74
    /// A retry may succeed: a batch's rows failed only in writing (disk full, I/O),
    /// memory ran out (a pixel buffer, an encoder), or a picture was cut short while it
    /// was being read. Job engines may retry this status.
    case tryAgain = 75

    /// What the status means, as help, the manual and the README's table (made by
    /// `ExitStatusTable`) list it.
    var meaning: String {
        switch self {
        case .success: "done"
        case .usage:
            "bad usage: a flag, value or command is wrong, an output name wallgen cannot write, a monitor that is not connected, or an instant outside the schedule"
        case .dataError: "an input file is not a usable picture or font, or a text cannot be drawn"
        case .noInput: "an input file is missing or unreadable"
        case .unavailable:
            "the wallpaper cannot be set (an unknown desktop, no setter installed, the setter failed, or no lock screen to set), or no monitor was found for --device here or --span"
        case .software: "internal error (please report it)"
        case .bundledDataMissing:
            "the bundled pictures or fonts are missing (set WALLGEN_DATA), or a library wallgen loads when it is needed (FreeType, HarfBuzz, libwebp, libheif, civetweb) cannot be loaded (install the package the message names)"
        case .cannotCreate:
            "the output cannot be created (a missing folder, no permission, a folder in the way, a name over 255 bytes, a link at a name wallgen writes in a folder), or a service systemd would refuse to run"
        case .ioError:
            "writing failed part-way (disk full, I/O error, a closed standard output, or a pipe whose reader left early: one line says so, where other programs die of SIGPIPE)"
        case .tryAgain:
            "a retry may succeed: a batch's rows failed only in writing, memory ran out, or a picture changed while it was read; run it again (a batch with --resume)"
        }
    }
}
