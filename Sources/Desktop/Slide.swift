import Almanac
import FoundationEssentials

/// What a slide shows: a solar term's picture or a season's.
public enum SlideSubject: Sendable, Hashable {
    case term(SolarTerm)
    case season(Season)

    /// The file stem of the subject's pictures: `22-dongzhi`, or `winter`.
    public var stem: String {
        switch self {
        case .term(let term): term.fileStem
        case .season(let season): season.rawValue
        }
    }
}

/// One picture of a schedule, from the instant it starts until the next slide starts.
public struct Slide: Sendable, Hashable {
    /// Whole seconds: the instant rounded to the nearest second.
    public let start: Date
    public let subject: SlideSubject
    /// The picture file for each size, keyed `1920x1080`.
    public let pictures: [String: String]
    /// The pictures for the desktop's dark style, keyed the same; empty when the light
    /// ones serve both.
    public let darkPictures: [String: String]

    public init(start: Date, subject: SlideSubject, pictures: [String: String], darkPictures: [String: String] = [:]) {
        self.start = InstantText.rounded(start)
        self.subject = subject
        self.pictures = pictures
        self.darkPictures = darkPictures
    }

    /// The picture for `size`, or, when there is no such size (or none is asked for), the
    /// one of the largest size; with `dark`, from the dark pictures when there are any.
    public func picture(size: String? = nil, dark: Bool = false) -> String? {
        let pictures = dark && !darkPictures.isEmpty ? darkPictures : pictures
        if let size, let path = pictures[size] { return path }
        let sized = pictures.compactMap { key, path in (try? PictureSize(key: key)).map { ($0, path) } }
        if let largest = sized.max(by: { $0.0 < $1.0 }) { return largest.1 }
        return pictures.keys.sorted().first.flatMap { pictures[$0] }
    }
}

/// Names the pictures of a subject in one folder: `FOLDER/22-dongzhi-1920x1080.png`.
///
/// The names `wallgen schedule` writes, so a schedule can
/// point at a folder of pictures made in one batch.
public struct PictureFolder: Sendable, Hashable {
    public let folder: String
    public let sizes: [String]
    public let fileExtension: String

    public init(folder: String, sizes: [String], fileExtension: String = "png") {
        self.folder = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        self.sizes = sizes
        self.fileExtension = fileExtension
    }

    public func pictures(for subject: SlideSubject) -> [String: String] {
        var result: [String: String] = [:]
        for size in sizes { result[size] = "\(folder)/\(subject.stem)-\(size).\(fileExtension)" }
        return result
    }

    /// The name of a subject's monitors' pictures put together, for GNOME's slideshow:
    /// `22-dongzhi-spanned.png`, `22-dongzhi-spanned-dark.png`.
    public static func spannedName(_ subject: SlideSubject, dark: Bool) -> String {
        "\(subject.stem)-spanned\(dark ? "-dark" : "").png"
    }

    /// The dark style's pictures: `FOLDER/22-dongzhi-1920x1080-dark.png`.
    public func darkPictures(for subject: SlideSubject) -> [String: String] {
        var result: [String: String] = [:]
        for size in sizes { result[size] = "\(folder)/\(subject.stem)-\(size)-dark.\(fileExtension)" }
        return result
    }
}
