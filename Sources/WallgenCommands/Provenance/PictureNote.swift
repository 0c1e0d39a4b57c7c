import Compositor
import Platform

/// The note (wallgen's `Provenance`) a picture carries, in whichever format wallgen wrote
/// it, where the format's declaration puts it (`NotePlace`): found by the container's
/// readers and parsed once, here, into the type the encoder wrote.
enum PictureNote {
    /// Why a picture's note could not be read.
    enum ReadError: Error, Equatable, CustomStringConvertible {
        /// The file could not be read, or is none of the formats wallgen writes.
        case unreadable(PNGTextChunk.ReadError)
        /// A wallgen note is there but is none wallgen wrote: its spec does not match its
        /// hash, or it names a command that makes no picture.
        case damaged
        /// The format's library (libheif, for an AVIF) cannot be loaded to find the note.
        case libraryUnavailable(LibraryUnavailable)

        var description: String {
            switch self {
            case .unreadable(let error): "\(error)"
            case .damaged: "its wallgen note is damaged (the spec does not match its hash)"
            case .libraryUnavailable(let library): "\(library)"
            }
        }
    }

    /// The note in the file at `path`, or nil when it carries none. A PNG is read only up
    /// to its image data; the other formats are mapped (a WebP keeps its XMP after the
    /// image) and touched only where their containers' headers and the note are, within
    /// the size any input may have.
    static func read(_ path: String) throws(ReadError) -> Provenance? {
        guard let text = try noteText(path) else { return nil }
        guard let note = Provenance(json: text), PictureCommand(named: note.command) != nil else { throw .damaged }
        return note
    }

    /// The note's text, as the format's container holds it.
    private static func noteText(_ path: String) throws(ReadError) -> String? {
        do {
            return try PNGTextChunk.read(fromFileAt: path)
        } catch {
            guard error == .notPNG else { throw .unreadable(error) }
        }
        let bytes: FileBytes
        do {
            bytes = try FileReader.mapped(path, use: .headers)
        } catch {
            throw .unreadable(.unreadable("\(error)"))
        }
        let formats = OutputFormat.allCases
        let start = bytes.withUnsafeBufferPointer { Array($0.prefix(FileSignature.prefixLength)) }
        guard FileSignature.sniff(start, among: formats.map(\.declaration.signature)) != nil else {
            throw .unreadable(.unreadable("it is not a \(OutputFormat.listed(formats.map(\.description))) file"))
        }
        do {
            return try ProvenanceReader.provenance(in: bytes)
        } catch {
            throw .libraryUnavailable(error)
        }
    }
}
