import Synchronization

/// A value found the first time it is asked for, then kept: for what costs something to
/// find and a run may never need (`CommandContext.today`).
final class OnceFound<Value: Sendable>: Sendable {
    private let find: @Sendable () -> Value
    private let found = Mutex<Value?>(nil)

    init(_ find: @escaping @Sendable () -> Value) {
        self.find = find
    }

    var value: Value {
        found.withLock { found in
            if let found { return found }
            let value = find()
            found = value
            return value
        }
    }
}
