import Glibc

/// How a compare run keeps the memory of decoded pictures for the next pair.
enum HeapTuning {
    /// Keeps the memory of decoded pictures in the heap for the next pair instead of giving it back to the kernel.
    ///
    /// Each differing pair decodes two pictures of a few megabytes; glibc handed every one back (mmap, then trimming)
    /// and faulted it in again: 40 % of compare's time on differing trees. Kept in the heap (pictures up to 32 MB),
    /// they are reused (docs/performance.md). `mallopt` is looked up, as the Glibc module does not declare it. The
    /// heap then keeps its peak until the process exits, which a short-lived command can afford.
    static func keepFreedPicturesInTheHeap() {
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
        _ = mallopt(-3, 32 << 20)  // M_MMAP_THRESHOLD
        _ = mallopt(-1, 512 << 20)  // M_TRIM_THRESHOLD
    }
}
