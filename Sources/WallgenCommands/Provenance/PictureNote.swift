import Compositor

/// The note (wallgen's provenance JSON, see `Provenance`) a picture carries, in whichever
/// format wallgen wrote it: a PNG `iTXt` chunk, a JPEG comment, a WebP XMP chunk.
enum PictureNote {
    /// The note in the file at `path`, or nil when it carries none. A PNG is read only up
    /// to its image data; a JPEG or WebP is read whole (a WebP keeps its XMP after the
    /// image), within the size any input may have.
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
        guard FileSignature.sniff(bytes, among: [.jpeg, .webp]) != nil else {
            throw .unreadable("it is not a PNG, JPEG or WebP file")
        }
        return ProvenanceReader.provenance(in: bytes)
    }
}
