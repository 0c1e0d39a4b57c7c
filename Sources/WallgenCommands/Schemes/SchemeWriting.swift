import Almanac
import Compositor
import Designs
import Escaping
import Files
import FoundationEssentials
import Platform
import Schemes

/// A picture's scheme made and written: its main colours from its pixels, its roles from
/// its design when wallgen made it (`Season`'s theme), the files into the folder asked for.
enum SchemeWriting {
    /// The picture's pixels averaged down to at most this many a side, for the clustering.
    static let sampleSide = 64

    /// The scheme's source for a decoded picture; `season` when wallgen made it.
    static func source(of picture: Image, season: Season?) -> SchemeSource {
        let clusters = PaletteClustering.clusters(of: samples(of: picture))
        guard let season else { return .picture(clusters: clusters) }
        let theme = season.theme
        let ink = SchemeColour(hex: theme.ink)!
        let base = SeasonWallpaper.darkBase(ink: theme.ink)
        return .design(
            ink: ink, accent: SchemeColour(hex: theme.accent)!,
            darkBase: SchemeColour(red: base.red, green: base.green, blue: base.blue), clusters: clusters)
    }

    /// Whether the picture reads as dark: its mean Oklab lightness under a half.
    static func looksDark(_ source: SchemeSource) -> Bool {
        source.clusters.reduce(0) { $0 + Oklch($1.colour).lightness * $1.share } < 0.5
    }

    /// Box averages over a grid of at most `sampleSide` cells a side; transparent pixels
    /// count for nothing.
    static func samples(of picture: Image) -> [SchemeColour] {
        let columns = min(sampleSide, picture.width)
        let rows = min(sampleSide, picture.height)
        var samples: [SchemeColour] = []
        samples.reserveCapacity(columns * rows)
        for row in 0..<rows {
            let top = row * picture.height / rows
            let bottom = max(top + 1, (row + 1) * picture.height / rows)
            for column in 0..<columns {
                let left = column * picture.width / columns
                let right = max(left + 1, (column + 1) * picture.width / columns)
                var (red, green, blue, alpha) = (0, 0, 0, 0)
                // At most 16x16 of each cell: enough for its mean, and a 6K picture's
                // scheme then reads 1 M pixels, not 33 M.
                let stepY = max(1, (bottom - top) / 16)
                let stepX = max(1, (right - left) / 16)
                for y in stride(from: top, to: bottom, by: stepY) {
                    let line = picture.row(y)
                    for x in stride(from: left, to: right, by: stepX) {
                        let offset = x * Image.channels
                        red += Int(line[offset])
                        green += Int(line[offset + 1])
                        blue += Int(line[offset + 2])
                        alpha += Int(line[offset + 3])
                    }
                }
                guard alpha > 0 else { continue }
                // Premultiplied sums: dividing by the alpha's sum is the mean of the
                // visible colour.
                func mean(_ sum: Int) -> UInt8 { UInt8(min(255, (sum * 255 + alpha / 2) / alpha)) }
                samples.append(SchemeColour(red: mean(red), green: mean(green), blue: mean(blue)))
            }
        }
        return samples
    }

    /// The folders beneath the scheme's folder each variant goes in ("" for the folder itself).
    static func variants(_ choice: SchemeChoice) -> [(subfolder: String, dark: Bool)] {
        switch choice.variants {
        case .light: [("", false)]
        case .dark: [("", true)]
        case .both: [("light/", false), ("dark/", true)]
        case .named(let name, let dark): [(name + "/", dark)]
        }
    }

    /// Throws what writing the scheme would, before anything is made: the folder's parent
    /// missing, a link or a folder where a file goes (a picture command checks this before
    /// it renders).
    static func check(_ choice: SchemeChoice) throws(FileError) {
        guard PathQueries.exists(choice.folder) else { return try AtomicFileWriter.checkFolderCanBeMade(choice.folder) }
        let folder = try OutputFolder(opening: choice.folder)
        for variant in variants(choice) { try folder.checkWritable(SchemeFiles.names.map { variant.subfolder + $0 }) }
    }

    /// Writes the scheme's files into `choice.folder` (and its `light/` and `dark/` for
    /// both), every name checked before the first is written; beneath the folder no link is
    /// followed. Returns the folders written. `picture` is recorded as the wallpaper.
    static func write(_ source: SchemeSource, picture: String, _ choice: SchemeChoice) throws(FileError) -> [String] {
        let material = MaterialScheme(seed: source.seed)
        let wallpaper = PathQueries.resolved(picture) ?? picture
        try AtomicFileWriter.prepareFolder(choice.folder)
        let folder = try OutputFolder(opening: choice.folder)
        let files = variants(choice).flatMap { variant in
            SchemeFiles.files(TerminalScheme(source, dark: variant.dark), material: material, picture: wallpaper)
                .map { (name: variant.subfolder + $0.name, text: $0.text) }
        }
        try folder.checkWritable(files.map { $0.name })
        for file in files { try folder.write(Array(file.text.utf8), to: file.name) }
        return variants(choice).map {
            $0.subfolder.isEmpty ? choice.folder : choice.folder + "/" + $0.subfolder.dropLast()
        }
    }
}

extension SchemeWriting {
    /// `--scheme` on a picture command: the scheme of the picture just written at `path`
    /// (`picture`, or read back from there), its roles from the design's season.
    static func writeAfterPicture(_ path: String, _ choice: SchemeChoice, _ output: StatusOutput, picture: Image?)
        throws(CommandFailure)
    {
        let picture = if let picture { picture } else { try readBack(path) }
        do {
            let folders = try write(source(of: picture, season: choice.season), picture: path, choice)
            output.status("Wrote the scheme of \(path) into \(folders.joined(separator: " and "))")
        } catch {
            throw .in("scheme", error, status: error.exitCode)
        }
    }

    /// The picture at `path`, decoded, a failure said as `--scheme`'s.
    private static func readBack(_ path: String) throws(CommandFailure) -> Image {
        do {
            return try PictureInput.decoded(path)
        } catch {
            throw error.under("scheme")
        }
    }

    /// What `writeOwn` wrote: the folders, the variants, and what they were made from.
    struct Written {
        let folders: [String]
        let variants: SchemeChoice.Variants
        /// The season whose palette gave the roles, for a picture wallgen made.
        let season: Season?
        let seed: SchemeColour
    }

    /// The scheme of a picture read from `path` on its own (`wallgen scheme`, `apply
    /// --scheme`): its roles from the season its note names, its variant `variants`, or
    /// else its note's --dark, else how it looks. A file failure is said as `--scope`'s.
    static func writeOwn(
        _ path: String, _ picture: Image, into folder: String, variants: SchemeChoice.Variants?, scope: String
    ) throws(CommandFailure) -> Written {
        let design = SchemeCommand.design(of: path)
        let source = source(of: picture, season: design?.season)
        let variants = variants ?? ((design?.isDark ?? looksDark(source)) ? .dark : .light)
        do {
            let folders = try write(source, picture: path, SchemeChoice(folder: folder, variants: variants))
            return Written(folders: folders, variants: variants, season: design?.season, seed: source.seed)
        } catch {
            throw .in(scope, error, status: error.exitCode)
        }
    }
}

extension SchemeWriting {
    /// `apply --scheme`: the applied picture's scheme in its own variant (its note's
    /// --dark, else how it looks) into `folder`, and the one line each program needs to
    /// read it, printed on standard output.
    static func writeApplied(_ path: String, into folder: String, _ output: StatusOutput) throws(CommandFailure) {
        let picture = try readBack(path)
        do {
            // wallgen's own folder under the person's configuration, made as needed.
            try AtomicFileWriter.makeFolders(folder)
        } catch {
            throw .in("scheme", error, status: error.exitCode)
        }
        let written = try writeOwn(path, picture, into: folder, variants: nil, scope: "scheme")
        output.status("Wrote the \(written.variants) colour scheme of \(path) into \(folder); to use it:")
        for line in usageLines(folder) { Console.print(line) }
    }

    /// What each program needs to read the scheme in `folder`: a line the person adds to
    /// their own configuration, or a command.
    static func usageLines(_ folder: String) -> [String] {
        [
            "kitty (kitty.conf):         include \(folder)/kitty.conf",
            "alacritty (alacritty.toml): import = [\"\(folder)/alacritty.toml\"]   (0.14: under [general])",
            "foot (foot.ini):            include=\(folder)/foot.ini",
            "X resources:                xrdb -merge \(ShellQuoting.quote(folder + "/colors.Xresources"))",
            "GTK (gtk-3.0/gtk.css):      @import url(\"file://\(folder)/gtk.css\");",
            "pywal:                      wal --theme \(ShellQuoting.quote(folder + "/colors.json"))",
            "shells:                     . \(ShellQuoting.quote(folder + "/colors.sh"))",
        ]
    }
}
