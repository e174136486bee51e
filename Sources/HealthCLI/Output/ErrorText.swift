import Foundation
import OpenHealthKit

/// Errors from Foundation and the libraries as one plain sentence, never a raw `NSCocoaErrorDomain Code=516 …` dump.
enum ErrorText {
    /// The reason `error` gives, in words.
    static func sentence(_ error: any Error) -> String {
        if let error = error as? HKError { return StoreOptions.sentence(error.localizedDescription) }
        let bridged = error as NSError
        if bridged.domain == NSCocoaErrorDomain {
            let path = (bridged.userInfo[NSFilePathErrorKey] as? String) ?? (bridged.userInfo[NSURLErrorKey] as? URL)?.path ?? "the file"
            switch bridged.code {
            case NSFileWriteFileExistsError: return "\(path) already exists"
            case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "\(path) does not exist"
            case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "no permission to use \(path)"
            case NSFileWriteOutOfSpaceError: return "the disk is full"
            default: break
            }
            if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
               let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
                return "\(path): \(String(cString: strerror(code.rawValue)))"
            }
        }
        if bridged.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(bridged.code))) }
        let text = String(describing: error)
        return text.contains("Domain=") ? bridged.localizedDescription : text
    }
}
