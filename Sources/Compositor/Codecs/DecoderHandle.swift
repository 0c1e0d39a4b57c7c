internal import CImaging

/// An open C decoder, closed in `deinit`: however a decode ends (a limit refused after
/// the header, a damaged row, the end of a background thread), the handle is closed
/// exactly once, with no `wg_*_close` call to forget or to make twice.
///
/// The decoders read the file's bytes until closed, so a handle never outlives the
/// borrow of those bytes: each is made and dropped inside it. Its pointer is reached
/// only through `withPointer`, during which the handle is alive (a bare `pointer`
/// property could let the handle be released before a C call that uses it).
final class DecoderHandle<Library: DecoderLibrary>: @unchecked Sendable {
    private let pointer: OpaquePointer

    /// Takes ownership of an opened decoder.
    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        Library.close(pointer)
    }

    /// Calls `body` with the C decoder, keeping the handle alive until it returns.
    func withPointer<Result, Failure: Error>(_ body: (OpaquePointer) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        try body(pointer)
    }
}

/// A C decoder family: how its handles are closed.
protocol DecoderLibrary {
    static func close(_ decoder: OpaquePointer)
}

enum JPEGLibrary: DecoderLibrary {
    static func close(_ decoder: OpaquePointer) { wg_jpeg_decoder_close(decoder) }
}

enum PNGLibrary: DecoderLibrary {
    static func close(_ decoder: OpaquePointer) { wg_png_decoder_close(decoder) }
}

enum WebPLibrary: DecoderLibrary {
    static func close(_ decoder: OpaquePointer) { wg_webp_decoder_close(decoder) }
}

enum HEIFLibrary: DecoderLibrary {
    static func close(_ decoder: OpaquePointer) { wg_heif_decoder_close(decoder) }
}

typealias JPEGDecoderHandle = DecoderHandle<JPEGLibrary>
typealias PNGDecoderHandle = DecoderHandle<PNGLibrary>
typealias WebPDecoderHandle = DecoderHandle<WebPLibrary>
typealias HEIFDecoderHandle = DecoderHandle<HEIFLibrary>
