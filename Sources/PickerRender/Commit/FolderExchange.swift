import CPickerOpenat2
import FoundationEssentials
import Glibc
import PickerKit
import PickerSystem

/// The switch of a whole folder: for a destination holding nothing that the commit keeps.
extension OutputFolder {
    /// Moves the staging folder, which holds the whole new render, beside the destination and exchanges the two
    /// with one `renameat2(RENAME_EXCHANGE)`, so that readers see the old folder or the new one; then removes the
    /// old one (a kill before that leaves it beside, where the next render into the parent removes it).
    ///
    /// Returns false, with the staging folder still inside the destination, where a whole folder cannot be
    /// exchanged: a symbolic link (the link would be replaced), a folder of another user's (its owner would
    /// change), this process's working folder (a shell standing in it would be left in the old one), a mount
    /// point (EXDEV), a name too long for the staging folder beside it, or a file system without the exchange.
    ///
    /// Throws `RenderError.file` when the staging folder, moved beside, can be neither exchanged nor put back: it is
    /// removed, and the destination is as it was.
    func exchangeWhole() throws(RenderError) -> Bool {
        let path = destination.path
        var status = stat()
        var workingFolder = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid() else { return false }
        if stat(".", &workingFolder) == 0, workingFolder.st_dev == status.st_dev, workingFolder.st_ino == status.st_ino {
            return false
        }
        let besideName = Names.beside(destination, token: token)
        guard besideName.utf8.count <= 255 else { return false }
        let beside = destination.deletingLastPathComponent().appendingPathComponent(besideName).path
        let held = open(stagingPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard held >= 0 else { return false }
        defer { close(held) }
        // Locked while it is beside the destination: a render of another spec into the same parent leaves it alone.
        _ = flock(held, LOCK_EX | LOCK_NB)
        _ = fchmod(held, status.st_mode & 0o7777)
        guard failsRename?() != true, POSIXCall.rename(stagingPath, beside) == 0 else { return false }
        guard failsRename?() != true, picker_exchange(beside, path) == 0 else {
            if POSIXCall.rename(beside, stagingPath) == 0 { return false }
            let reason = String(cString: strerror(errno))
            Self.removeTree(atPath: beside)
            throw RenderError.file(path: path, reason: "cannot move the files into place (\(reason))")
        }
        // `beside` now names the old folder, still locked by this output's descriptor of it.
        Self.removeTree(atPath: beside)
        return true
    }
}
