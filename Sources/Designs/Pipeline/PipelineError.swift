import Compositor
import Files
import Platform

/// Why a wallpaper could not be made, with the input it concerns.
public enum PipelineError: Error, Equatable, CustomStringConvertible {
    /// The user's picture (`--background`) could not be read or decoded.
    case background(path: String, problem: InputProblem)
    /// The user's font (`--font`) could not be read or opened.
    case font(path: String, problem: InputProblem)
    /// A bundled picture or font is missing or damaged: the installation is broken.
    case bundled(path: String, problem: InputProblem)
    /// The text cannot be drawn in the font (a missing glyph).
    case text(FontError)
    /// FreeType or HarfBuzz, loaded on first use for any text, cannot be loaded. (A
    /// picture's or an output format's library is the `.image` or `.encoding` error's.)
    case librariesUnavailable(LibraryUnavailable)
    case encoding(ImageEncodingError)
    /// The data folder was not found in any of these places; `fromEnvironment` when
    /// the one place was WALLGEN_DATA's, which is then the thing to fix.
    case dataMissing(searched: [String], fromEnvironment: Bool = false)

    public enum InputProblem: Equatable, Sendable, CustomStringConvertible {
        case file(FileError)
        case image(ImageDecodingError)
        case font(FontError)

        public var description: String {
            switch self {
            case .file(let error): "\(error)"
            case .image(let error): "\(error)"
            case .font(let error): "\(error)"
            }
        }
    }

    public var description: String {
        switch self {
        case .background(_, .file(let error)): "cannot read the background: \(error)"
        case .background(let path, let problem): "the background '\(path)' is unusable: \(problem)"
        case .font(_, .file(let error)): "cannot read the font: \(error)"
        case .font(let path, let problem): "the font '\(path)' is unusable: \(problem)"
        case .bundled(let path, let problem):
            "the bundled file '\(path)' is missing or damaged (\(problem)); reinstall wallgen"
        case .text(let error): "\(error)"
        case .librariesUnavailable(let library): "\(library)"
        case .encoding(let error): "\(error)"
        case .dataMissing(let searched, true):
            "WALLGEN_DATA is set to \(searched.joined()), which holds no Assets/ and fonts/; point it at the folder that does, or unset it"
        case .dataMissing(let searched, false):
            "wallgen's pictures and fonts were not found; looked in: "
                + searched.joined(separator: ", ") + " (set WALLGEN_DATA to the folder holding Assets/ and fonts/)"
        }
    }
}
