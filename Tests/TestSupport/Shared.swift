import Synchronization

/// A value that several threads of a test read and change, one at a time (a count of failures, a flag to stop).
public final class Shared<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// The value now.
    public var value: Value { mutex.withLock { $0 } }

    /// Changes the value while no other thread can read or change it.
    public func update(_ change: (inout Value) -> Void) {
        mutex.withLock { change(&$0) }
    }
}
