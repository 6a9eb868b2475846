import Glibc

/// The C library's `rename`, `read`, `write` and `open` by a name that methods of the same name cannot hide.
package enum POSIXCall {
    /// `rename(2)`: 0, or -1 with `errno` set.
    package static func rename(_ source: String, _ target: String) -> Int32 {
        // Safe: rename(2) follows no link at the last component; callers pass their own staging and output names.
        Glibc.rename(source, target)
    }

    /// `write(2)`: the bytes written, or -1 with `errno` set.
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        Glibc.write(descriptor, bytes, count)
    }

    /// `read(2)`: the bytes read (0 at the end), or -1 with `errno` set.
    package static func read(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        Glibc.read(descriptor, bytes, count)
    }

    /// `open(2)` without a mode: a descriptor, or -1 with `errno` set.
    package static func open(_ path: String, _ flags: Int32) -> Int32 {
        Glibc.open(path, flags)
    }
}
