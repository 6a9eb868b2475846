import CPickerImageQuant

/// Keeps libimagequant's OpenMP work on the calling thread while a GIF is encoded.
///
/// libimagequant parallelises each remap with OpenMP, but a GIF's remaps are small (the changed rectangles), so
/// on a busy machine the calling thread spends most of its time waiting at OpenMP barriers for helpers that
/// share its cores: on two shared cores the seed demo encoded 6 to 7 times slower with them than without. With
/// one thread the output is also the same whatever OMP_NUM_THREADS says.
///
/// libgomp keeps the thread count per thread, so setting it here affects only this encoder's thread, and it is
/// restored afterwards.
enum OpenMPThreads {
    /// Runs `body` with OpenMP limited to one thread on the calling thread.
    static func one<Result>(_ body: () throws -> Result) rethrows -> Result {
        let previous = omp_get_max_threads()
        omp_set_num_threads(1)
        defer { omp_set_num_threads(previous) }
        return try body()
    }
}
