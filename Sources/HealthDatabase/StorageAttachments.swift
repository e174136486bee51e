import Foundation
import HealthLocking

/// The per-store state of the layers above the engine (OpenHealthKit's change monitor and statistics caches), kept
/// with the store itself so that it lives exactly as long as the store and is shared by everyone using it.
///
/// One instance per open store, owned by the engine (``HealthStorage/attachments``). The layers above create each
/// attachment on first use with ``value(_:make:)``, keyed by its type. Thread-safe.
public final class StorageAttachments: Sendable {
    private let values = Locked<[ObjectIdentifier: any AnyObject & Sendable]>([:])

    /// No attachments yet.
    public init() {}

    /// The attachment of type `kind`, created by `make` on first use (once, even when several threads ask at once).
    public func value<Attachment: AnyObject & Sendable>(
        _ kind: Attachment.Type, make: () throws -> Attachment
    ) rethrows -> Attachment {
        try values.withLock { values in
            if let existing = values[ObjectIdentifier(kind)] as? Attachment { return existing }
            let created = try make()
            values[ObjectIdentifier(kind)] = created
            return created
        }
    }
}
