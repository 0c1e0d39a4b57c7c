import Files

/// `schedule --uninstall` in the schedule's folder: every picture its `schedule.json`
/// names (light, dark, spanned) and the schedule's own files, and a dynamic schedule's
/// copy and units; each a regular file directly in the folder, removed beneath it (no
/// link followed). Nothing else (the folder may be the person's own), and the folder once
/// it is empty. Pictures a desktop shows now are kept apart in the applied store, which
/// keeps them.
public struct ScheduleFolderCleanup: Sendable, Equatable {
    public enum Found: Sendable, Equatable {
        case noFolder
        /// No `schedule.json`: no picture of a slideshow is known to be the schedule's.
        case noSlideshow
        case slideshow
    }

    public private(set) var found: Found
    /// The slideshow's pictures and files removed, and their bytes.
    public private(set) var slideshowFiles = 0
    public private(set) var slideshowBytes = 0
    /// A dynamic schedule's copy and units removed.
    public private(set) var dynamicFiles = 0
    /// Whether the folder, emptied, was removed too.
    public private(set) var folderRemoved = false

    /// Removes what a schedule made in `folder`.
    public static func run(in folder: String) throws(FileError) -> ScheduleFolderCleanup {
        let outputs: OutputFolder
        do {
            outputs = try OutputFolder(opening: folder)
        } catch .folderMissing {
            return ScheduleFolderCleanup(found: .noFolder)
        }
        var cleanup = ScheduleFolderCleanup(found: .noSlideshow)
        if let schedule = try? ScheduleFile.read(path: folder + "/schedule.json") {
            cleanup.found = .slideshow
            for name in slideshowNames(schedule, in: outputs.path).sorted() {
                guard let size = try outputs.removeFile(name) else { continue }
                cleanup.slideshowFiles += 1
                cleanup.slideshowBytes += size
            }
        }
        for name in ScheduleFiles.dynamicCopyNames + ScheduleUnitNames.dynamic.unitFiles {
            if try outputs.removeFile(name) != nil { cleanup.dynamicFiles += 1 }
        }
        if cleanup.slideshowFiles + cleanup.dynamicFiles > 0 { cleanup.folderRemoved = outputs.removeIfEmpty() }
        return cleanup
    }

    /// Every name `schedule` may have made in `folder`: its files and its pictures there.
    private static func slideshowNames(_ schedule: Schedule, in folder: String) -> Set<String> {
        var names = ScheduleFiles.everyName
        for slide in schedule.slides {
            for path in Array(slide.pictures.values) + Array(slide.darkPictures.values)
            where FilePath.folder(of: path) == folder {
                names.insert(FilePath.name(of: path))
            }
            names.formUnion([
                PictureFolder.spannedName(slide.subject, dark: false),
                PictureFolder.spannedName(slide.subject, dark: true),
            ])
        }
        return names
    }
}
