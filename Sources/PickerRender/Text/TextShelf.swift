import Foundation

/// Idle `PangoText` objects kept for the next renderer, so that set-up is paid once a process and not once a
/// renderer.
///
/// A new Pango font map has to ask fontconfig to match and sort every installed font for each family it is asked
/// for, and load the faces: most of what a new `Renderer` costs (about 3 ms of 4 for the seed demo). A text
/// object from the shelf has done that already. Each object has one owner at a time: `take` hands it out and
/// removes it, `put` takes it back (a drawer puts its text back when it goes away). Objects are matched by the
/// raster settings they draw with (`TextRasterSettings.current`), so a scope with other settings never gets, or
/// leaves, a text object drawing with the wrong ones. Thread-safe.
package final class TextShelf: @unchecked Sendable {
    // @unchecked: `idle` is only touched while holding `lock`.
    private let lock = NSLock()
    private var idle: [PangoText] = []
    /// At most this many idle objects are kept (one per thread that draws at once is all a batch reuses).
    private let capacity: Int

    /// The process's shelf.
    package static let shared = TextShelf(capacity: max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// An idle text object that draws with `TextRasterSettings.current`, or a new one.
    ///
    /// Throws `RenderError.pango` when a new one cannot be set up.
    package func take() throws(RenderError) -> PangoText {
        let settings = TextRasterSettings.current
        lock.lock()
        let index = idle.lastIndex { $0.drawsWith == settings }
        let found = index.map { idle.remove(at: $0) }
        lock.unlock()
        if let found { return found }
        return try PangoText()
    }

    /// Gives `text` back for a later `take`; its owner must not use it again.
    ///
    /// Putting back an object already on the shelf does nothing, and objects beyond the capacity are released.
    package func put(_ text: PangoText) {
        lock.lock()
        defer { lock.unlock() }
        guard !idle.contains(where: { $0 === text }) else { return }
        if idle.count >= capacity { idle.removeFirst() }
        idle.append(text)
    }

    /// How many idle objects the shelf holds, for tests.
    package var idleCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return idle.count
    }
}
