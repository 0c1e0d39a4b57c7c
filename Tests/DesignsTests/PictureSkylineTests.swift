import Almanac
import Compositor
import Foundation
import Testing

@testable import Designs

/// The skylines wallgen holds for its pictures are the pictures' own: measured again
/// here from the JPEGs. `WALLGEN_UPDATE_SKYLINES=1 swift test --filter PictureSkylineTests`
/// writes them after a picture changes.
@Suite struct PictureSkylineTests {
    static let tableFile = repositoryRoot + "/Sources/Designs/Wallpaper/PictureSkyline+Seasons.swift"

    /// A bundled season picture decoded at a quarter of its size (libjpeg's own scaling).
    static func picture(_ season: Season) throws -> (image: Image, width: Int, height: Int) {
        let bytes = try FileReader.read(data.seasonPicture(season.rawValue))
        let size = try ImageDecoder.size(of: bytes)
        let image = try ImageDecoder.decode(bytes, coverTarget: (size.width / 4, size.height / 4))
        return (image, size.width, size.height)
    }

    static func measured(_ season: Season) throws -> PictureSkyline {
        let picture = try picture(season)
        return PictureSkyline.measure(picture.image, width: picture.width, height: picture.height)
    }

    @Test func theHeldSkylinesAreThePictures() throws {
        var measured: [Season: PictureSkyline] = [:]
        for season in Season.allCases { measured[season] = try Self.measured(season) }
        if ProcessInfo.processInfo.environment["WALLGEN_UPDATE_SKYLINES"] == "1" {
            try Self.source(measured).write(toFile: Self.tableFile, atomically: true, encoding: .utf8)
        }
        // Within one cell (8 pixels of 2400): another libjpeg may round its scaled decode
        // a little differently.
        for season in Season.allCases {
            let held = try #require(PictureSkyline.seasons[season])
            let now = try #require(measured[season])
            #expect(
                held.rows.count == now.rows.count && zip(held.rows, now.rows).allSatisfy { abs($0 - $1) <= 8 },
                "\(season): run with WALLGEN_UPDATE_SKYLINES=1")
        }
    }

    /// Where each picture's subject rises highest, as an independent reading found it
    /// (the same four steps written with Pillow over the full-size picture, 8-pixel
    /// cells): the spring crown, the summer trees, the autumn crown and the winter peak.
    @Test(arguments: [(Season.spring, 592), (.summer, 688), (.autumn, 480), (.winter, 320)])
    func theHighestSubjectIsWhereAnotherReadingFindsIt(season: Season, row: Int) throws {
        let skyline = try Self.measured(season)
        // Within 2 % of the height: the two readings average different pixels (a quarter-size
        // decode here, the full picture there), which can join a snowflake to the winter peak.
        #expect(abs(skyline.rows.min()! - row) <= 48, "\(season): \(skyline.rows.min()!)")
    }

    static func source(_ skylines: [Season: PictureSkyline]) -> String {
        var text = """
            import Almanac

            extension PictureSkyline {
                /// The bundled season pictures' skylines, as `PictureSkyline.measure` finds them
                /// on each picture decoded at a quarter of its size. Written by
                /// `WALLGEN_UPDATE_SKYLINES=1 swift test --filter PictureSkylineTests`; do not edit.
                static let seasons: [Season: PictureSkyline] = [

            """
        for season in Season.allCases {
            let skyline = skylines[season]!
            text += "        .\(season.rawValue): PictureSkyline(\n"
            text += "            width: \(skyline.width), height: \(skyline.height),\n"
            text += "            rows: [\n"
            var line = "               "
            for row in skyline.rows {
                let item = " \(row),"
                if line.count + item.count > 116 {
                    text += line + "\n"
                    line = "               "
                }
                line += item
            }
            text += line + "\n            ]),\n"
        }
        return text + "    ]\n}\n"
    }
}
