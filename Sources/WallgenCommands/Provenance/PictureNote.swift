import Compositor

/// The note (wallgen's provenance JSON, see `Provenance`) a picture carries, in whichever
/// format wallgen wrote it, where the format's declaration puts it (`NotePlace`).
enum PictureNote {
    /// The note in the file at `path`, or nil when it carries none. A PNG is read only up
    /// to its image data; the other formats are read whole (a WebP keeps its XMP after
    /// the image), within the size any input may have.
    static func read(_ path: String) throws(PNGTextChunk.ReadError) -> String? {
        do {
            return try PNGTextChunk.read(fromFileAt: path)
        } catch {
            guard error == .notPNG else { throw error }
        }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(path)
        } catch {
            throw .unreadable("\(error)")
        }
        let formats = OutputFormat.allCases
        guard FileSignature.sniff(bytes, among: formats.map(\.declaration.signature)) != nil else {
            throw .unreadable("it is not a \(OutputFormat.listed(formats.map(\.description))) file")
        }
        return ProvenanceReader.provenance(in: bytes)
    }
}
