import Compositor
import Foundation
import Testing

/// A large image's memory is in transparent huge pages all the way to its end: the part
/// huge page at the end of a card's canvas (11.9 MB) took about 450 faults of 4 KiB.
/// The kernel's own account of the mapping (`/proc/self/smaps`, AnonHugePages) says how
/// much of it huge pages back.
@Suite struct HugePageTests {
    /// The kilobytes of huge pages backing the mapping that holds `address`.
    static func hugePageKilobytes(at address: UnsafeRawPointer) throws -> Int? {
        // Read to its end: procfs gives the file no size.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/smaps") else { return nil }
        defer { try? file.close() }
        let smaps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        let target = UInt(bitPattern: address)
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= target && target < bounds[1]
            } else if inside, fields.first == "AnonHugePages:", fields.count >= 2 {
                return Int(fields[1])
            }
        }
        return nil
    }

    /// Whether the kernel gives anonymous memory huge pages at all (`always` or `madvise`).
    static let hugePagesAreOn: Bool = {
        let mode = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? ""
        return mode.contains("[always]") || mode.contains("[madvise]")
    }()

    @Test(.enabled(if: hugePagesAreOn, "transparent huge pages are off in this kernel"))
    func aLargeImageEndsInAHugePageToo() throws {
        // 5 MiB and a row: two whole huge pages and a part one.
        let image = Image(width: 1024, height: 1281)
        image.pixels.update(repeating: 7, count: image.bytesPerRow * image.height)
        let huge = try #require(try Self.hugePageKilobytes(at: image.pixels), "the image's mapping is in smaps")
        if huge == 0 {
            // The kernel may have had no free huge page to give (fragmented memory): said
            // in the run's results as a known issue, not passed over.
            withKnownIssue("the kernel gave no huge page to the image's mapping", isIntermittent: true) {
                #expect(huge > 0)
            }
            return
        }
        #expect(huge == 6 * 1024, "AnonHugePages \(huge) kB, not three whole huge pages")
    }
}
