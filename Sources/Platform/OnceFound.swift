import Synchronization

/// A value found the first time it is asked for, then kept, on any thread (a second
/// thread waits for the first): for what costs something to find and a run may never
/// need, or need only later (the command line's day, a card's fonts).
public final class OnceFound<Value: Sendable>: Sendable {
    private let find: @Sendable () -> Value
    private let found = Mutex<Value?>(nil)

    public init(_ find: @escaping @Sendable () -> Value) {
        self.find = find
    }

    public var value: Value {
        found.withLock { found in
            if let found { return found }
            let value = find()
            found = value
            return value
        }
    }
}
