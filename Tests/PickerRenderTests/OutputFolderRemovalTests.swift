import Foundation
import TestSupport
import Testing

@testable import PickerRender

/// `OutputFolder.removeTree` reads each folder entry's name and nothing past it.
///
/// Copying `dirent.d_name` whole read 256 bytes whatever the name's length, beyond the end of the directory buffer
/// for the entry that ends it, which AddressSanitizer reported (a heap-buffer-overflow read in a render's commit).
/// Names of every length from 1 to 255 bytes, in folders of many entries so that entries end several of `readdir`'s
/// 32 KB buffers, under AddressSanitizer (`make sanitize`) and without.
@Suite("Removing a folder tree")
struct OutputFolderRemovalTests {
    @Test func aFolderOfNamesOfEveryLengthIsRemovedWhole() throws {
        let root = try temporaryFolder().appendingPathComponent("tree")
        let nested = root.appendingPathComponent("inner").appendingPathComponent("deeper")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        var made = 0
        let letters: [Character] = ["a", "b", "c", "d"]
        for folder in [root, nested] {
            for length in 1...255 {
                for copy in 0..<4 {
                    let name = String(repeating: letters[copy], count: length)
                    guard FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data([1])) else {
                        continue
                    }
                    made += 1
                }
            }
        }
        #expect(made == 2 * 255 * 4)
        OutputFolder.removeTree(atPath: root.path)
        #expect(!FileManager.default.fileExists(atPath: root.path))
    }
}
