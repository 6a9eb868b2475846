import Foundation

/// Short reasons for file-system errors (`No such file or directory`), without Foundation's long domain text.
enum FileReasons {
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(nsError.code)))
        }
        return nsError.localizedDescription
    }

    /// The text of the C library's current `errno`.
    static func currentErrno() -> String {
        String(cString: strerror(errno))
    }
}
