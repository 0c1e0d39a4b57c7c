/// Packs bit fields least significant bit first, as deflate orders them.
///
/// Branch-free: every write stores all eight pending bytes and then moves on by the
/// whole bytes among them, so fewer than 8 bits stay pending between writes. (Testing
/// for a full word instead was a branch that mispredicted every few tokens.)
struct BitWriter: ~Copyable {
    private var bytes: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var written = 0
    private var pending: UInt64 = 0
    private var pendingCount = 0

    init(capacity: Int) {
        self.capacity = capacity
        bytes = .allocate(capacity: capacity + 8)
    }

    /// Appends the low `count` bits of `value` (`count` at most 32).
    @inline(__always)
    mutating func write(_ value: UInt32, count: Int) {
        precondition(written <= capacity, "deflate output bound exceeded")
        pending |= UInt64(value) &<< UInt64(pendingCount)
        pendingCount &+= count
        UnsafeMutableRawPointer(bytes + written).storeBytes(of: pending.littleEndian, as: UInt64.self)
        let wholeBytes = pendingCount &>> 3
        written &+= wholeBytes
        pending &>>= UInt64(wholeBytes &* 8)
        pendingCount &= 7
    }

    /// Lets a loop written elsewhere (in C) go on writing: it gets where the next byte
    /// goes and the pending bits, keeps to this writer's rules (fewer than 8 bits left
    /// pending, all eight pending bytes stored) and returns how many bytes it moved on.
    /// It may write at most `capacity` bytes in all.
    mutating func continueWriting(
        _ body: (_ next: UnsafeMutablePointer<UInt8>, _ pending: inout UInt64, _ pendingCount: inout UInt32) -> Int
    ) {
        var count = UInt32(pendingCount)
        written += body(bytes + written, &pending, &count)
        pendingCount = Int(count)
        precondition(written <= capacity, "deflate output bound exceeded")
    }

    /// Pads with zero bits to the next byte boundary.
    mutating func alignToByte() {
        if pendingCount > 0 { write(0, count: 8 - pendingCount) }
    }

    /// The bytes written; the writer is used up and its buffer released. Byte-aligned only.
    consuming func finish() -> [UInt8] {
        precondition(pendingCount == 0, "finish needs a byte boundary")
        let result = Array(UnsafeBufferPointer(start: bytes, count: written))
        bytes.deallocate()
        discard self
        return result
    }

    /// A writer dropped before `finish` (an error on the way) still frees its buffer;
    /// being noncopyable, no copy can free it twice.
    deinit {
        bytes.deallocate()
    }
}
