import Foundation
import PickerReel
import TestSupport

/// Loads one of the example specs in Fixtures/specs.
func fixtureSpec(_ name: String) throws -> PickerSpec {
    let url = repositoryRoot.appendingPathComponent("Fixtures/specs/\(name).json")
    return try PickerSpec(contentsOf: url)
}

/// A fresh folder for goldens, so these tests never write into the repository, removed when the value goes away.
final class SnapshotFolder {
    private let folder: TemporaryFolder
    var path: String { folder.path }
    /// A snapshot name no other test uses, so the diff pictures of tests running side by side stay apart.
    let name: String

    init() throws {
        folder = try TemporaryFolder()
        name = "picker-\(UUID().uuidString)"
    }

    deinit {
        // The actual renders and diff pictures of failures this folder's tests provoked on purpose.
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("pickerreel-snapshots/AssertSnapshotTests")
        for file in (try? FileManager.default.contentsOfDirectory(atPath: artifacts.path)) ?? [] where file.hasPrefix(name) {
            try? FileManager.default.removeItem(at: artifacts.appendingPathComponent(file))
        }
    }

    /// The names of the files in the folder, sorted.
    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}

/// Whether a file is at `path`.
func fileExists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
}

/// The top-left `width` × `height` pixels of `image`.
func cropped(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    var result = RGBAImage(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let pixel = image.pixel(x: x, y: y)
            result.setPixel(x: x, y: y, to: (pixel.red, pixel.green, pixel.blue, pixel.alpha))
        }
    }
    return result
}
