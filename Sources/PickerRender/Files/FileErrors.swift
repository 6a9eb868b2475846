import FoundationEssentials
import Glibc

/// Short reasons for file errors, without Foundation's long-winded domain text.
package enum FileErrors {
    /// The system's short text for a file error (`No such file or directory`), or a short reason for the kind of
    /// file error.
    package static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        guard let cocoa = error as? CocoaError else { return String(describing: error) }
        if let posix = cocoa.underlying as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        switch cocoa.code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file"
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "no space left on the device"
        case .fileWriteFileExists: return "it already exists"
        case .fileWriteInvalidFileName, .fileReadInvalidFileName: return "not a valid file name"
        case .fileWriteVolumeReadOnly: return "the file system is read-only"
        case .fileReadCorruptFile, .fileReadUnknown, .fileReadTooLarge: return "it cannot be read"
        default: return "file error \(cocoa.code.rawValue)"
        }
    }
}
