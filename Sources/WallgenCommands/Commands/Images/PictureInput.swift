import Compositor
import Files

/// A picture a command reads (`show`, `scheme`), decoded, or the failure as a value: what
/// to say and the status, as for any input (there but no picture 65, missing or
/// unreadable 66, a codec's library missing 72).
enum PictureInput {
    /// An input file's failure as a status: there but no picture (a folder, a device, the
    /// wrong content) 65, missing or unreadable 66.
    static func status(of error: FileError) -> ExitCode {
        switch error {
        case .notARegularFile, .unexpectedContent: .dataError
        default: .noInput
        }
    }

    static func decoded(_ path: String) throws(CommandFailure) -> Image {
        do {
            return try ImageDecoder.decode(try FileReader.read(path))
        } catch let error as FileError {
            throw CommandFailure("'\(path)': \(error)", status: status(of: error))
        } catch let error as ImageDecodingError {
            if case .libraryUnavailable = error {
                throw CommandFailure("'\(path)': \(error)", status: .bundledDataMissing)
            }
            throw CommandFailure("'\(path)': \(error)", status: .dataError)
        } catch {
            throw CommandFailure("'\(path)': \(error)", status: .dataError)
        }
    }
}
