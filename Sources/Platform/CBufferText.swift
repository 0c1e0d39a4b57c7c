extension String {
    /// The text in a buffer C filled (a host name, `mkdtemp`'s template, a library's
    /// message slot): its bytes up to the first zero, or all of them when there is none,
    /// decoded as UTF-8, each invalid sequence becoming U+FFFD.
    ///
    /// Unlike `String(cString:)`, it never reads past the buffer's end, so a C function
    /// that filled every byte without a terminating zero costs no overread.
    ///
    /// Inlinable, so each caller's buffer type is known where it is read; and the bytes
    /// go to the decoder as an array, which it reads in place. Unspecialised generic
    /// code, or a lazy view, made the runtime search for their types' conformances on
    /// first use (`Package.swift` says why that search is dear).
    @inlinable
    public init(cBuffer: some Collection<CChar>) {
        let end = cBuffer.firstIndex(of: 0) ?? cBuffer.endIndex
        self.init(decoding: cBuffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
