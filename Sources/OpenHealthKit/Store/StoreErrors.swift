import Foundation
import HealthDatabase

extension HKError {
    /// The HealthKit error for any error a store operation met (package access).
    ///
    /// `HKError`s pass through; a taken UUID, a missing parent or member, or a cyclic association is ``HKError/Code/errorInvalidArgument``;
    /// a database that cannot be opened, read or written, or has a newer schema, is
    /// ``HKError/Code/errorDatabaseInaccessible``; anything else is ``HKError/Code/unknownError``.
    /// The message is kept as `NSLocalizedDescriptionKey`.
    package static func from(_ error: any Error) -> HKError {
        if let error = error as? HKError { return error }
        guard let storage = error as? StorageError else {
            let bridged = error as NSError
            if bridged.domain == HKErrorDomain, let code = HKError.Code(rawValue: bridged.code) {
                return HKError(code, userInfo: bridged.userInfo)
            }
            return HKError(.unknownError, String(describing: error))
        }
        switch storage {
        case .duplicateUUID, .missingParent, .missingRecord, .cyclicAssociation:
            return HKError(.errorInvalidArgument, storage.description)
        case .unavailable, .unsupportedSchema: return HKError(.errorDatabaseInaccessible, storage.description)
        }
    }
}
