package import Foundation
package import HealthDatabase

/// What a write is held to. Apps' writes get all of it (``app``); the person's own data coming in (Apple exports,
/// clinical records from institutions and cards) keeps its sources and needs no permission (``imported``).
package struct WriteRules: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Every record gets the store's app revision as its source. Without it, records keep the sources they carry.
    package static let stampSource = WriteRules(rawValue: 1 << 0)
    /// The app must be allowed to share every record's type (a correlation's member types instead of the
    /// correlation's; a workout's activity records need none) and every type given as `sharing`. The person's own
    /// access (``HKHealthStore/owner(databasePath:app:)``) always may.
    package static let requireSharing = WriteRules(rawValue: 1 << 1)
    /// A UUID given twice and a sample ending before `earliestPermittedSampleDate()` are refused with
    /// ``HKError/Code/errorInvalidArgument``.
    package static let validate = WriteRules(rawValue: 1 << 2)

    /// An app's save: HealthKit's rules.
    package static let app: WriteRules = [.stampSource, .requireSharing, .validate]
    /// The person's own data coming in: sources kept, no permission asked, and samples before 1900 kept. HealthKit
    /// refused such samples when they were first written, so an export that has them was edited by hand; keeping them
    /// makes an export, import and export again give back the same records, and the import reports nothing lost.
    package static let imported: WriteRules = []
}

/// The one door through which OpenHealthKit, and every layer above it (HealthRecords, HealthExport, the server,
/// provider sync), writes to a store: it refuses every write in a Guest User session, validates and stamps the
/// records, checks authorization as ``WriteRules`` say, and hands them to the engine in one transaction. The engine announces the commit on the store's change feed
/// (``HealthStorage/changeFeed``), which wakes every long-running query of the store in this process at once.
package struct StoreWriter: Sendable {
    /// The store written to: its storage, its app (the source to stamp) and its grants.
    let store: HKHealthStore

    /// Saves `records` (and the `association`, see ``HealthStorage/save(_:associating:)``) in one transaction,
    /// after the checks `rules` ask for; `sharing` lists types the app must be allowed to share besides the records'.
    @discardableResult
    package func save(_ records: consuming [SampleRecord], associating association: SampleAssociation? = nil,
                      sharing: [HKObjectType] = [], rules: WriteRules) throws -> SaveOutcome {
        try store.requireNotGuest()
        let storage = try store.storage()
        let records = try prepared(records, rules: rules)
        if rules.contains(.requireSharing) {
            try store.requireSharing(sharing + store.typesToShare(records), in: storage)
        }
        guard !records.isEmpty || association != nil else { return SaveOutcome() }
        return try storage.save(records, associating: association)
    }

    /// Deletes the records with `uuids` that the store's app saved, in one transaction (unknown UUIDs are skipped);
    /// with ``WriteRules/requireSharing`` the app must be allowed to share `types`, and with ``WriteRules/validate`` a
    /// UUID another source saved fails the whole request with ``HKError/Code/errorAuthorizationDenied``.
    package func delete(uuids: [UUID], types: [HKObjectType], rules: WriteRules) throws -> [Tombstone] {
        try store.requireNotGuest()
        let storage = try store.storage()
        let app = store.app.bundleIdentifier
        if rules.contains(.requireSharing) { try store.requireSharing(types, in: storage) }
        if rules.contains(.validate),
           let other = try storage.records(matching: .and([.uuids(Set(uuids)), .not(.sources([app]))]), sort: [], limit: 1,
                                           includePayload: false).first {
            throw HKError(.errorAuthorizationDenied,
                          "Not authorized to delete \(other.uuid): it was saved by \(other.source.bundleIdentifier)")
        }
        return try storage.delete(uuids: uuids, source: app)
    }

    /// Deletes the records matching `filter` in one transaction; with ``WriteRules/requireSharing`` the app must be
    /// allowed to share `types`.
    package func delete(matching filter: SampleFilter, types: [HKObjectType], rules: WriteRules) throws -> [Tombstone] {
        try store.requireNotGuest()
        let storage = try store.storage()
        if rules.contains(.requireSharing) { try store.requireSharing(types, in: storage) }
        return try storage.delete(matching: filter)
    }

    /// `records` validated and stamped as `rules` say. Taking the array (the callers hand over arrays they made for
    /// the save) lets the stamping change each record in place: a copy would copy every record's storage.
    func prepared(_ records: consuming [SampleRecord], rules: WriteRules) throws -> [SampleRecord] {
        guard !rules.isDisjoint(with: [.validate, .stampSource]) else { return records }
        var seen: Set<UUID> = []
        seen.reserveCapacity(rules.contains(.validate) ? records.count : 0)
        let source = SourceMapping.record(from: store.appRevision)
        for index in records.indices {
            if rules.contains(.validate) {
                let record = records[index]
                guard seen.insert(record.uuid).inserted else {
                    throw HKError.invalidArgument("The object \(record.uuid) is saved more than once in the same request")
                }
                if record.endDate < HKHealthStore.earliestPermittedDate {
                    throw HKError.invalidArgument(
                        "The sample \(record.uuid) ends at \(record.endDate), before earliestPermittedSampleDate \(HKHealthStore.earliestPermittedDate)")
                }
            }
            if rules.contains(.stampSource) { records[index].source = source }
        }
        return records
    }
}

// The pieces of the writer's checks that code validating before it writes (the workout builder's `add`) uses too.
extension HKHealthStore {
    /// The store's writer: every write goes through it (package access).
    package var writer: StoreWriter { StoreWriter(store: self) }

    /// Throws unless the app may share every type in `types`: ``HKError/Code/errorAuthorizationNotDetermined``
    /// when any is undecided (checked first), ``HKError/Code/errorAuthorizationDenied`` when any is denied.
    func requireSharing(_ types: [HKObjectType], in storage: any HealthStorage) throws {
        let decisions = try decisions(in: storage)
        var undetermined: Set<String> = [], denied: Set<String> = []
        for type in types {
            switch decisions.sharingStatus(for: type) {
            case .sharingAuthorized: continue
            case .notDetermined: undetermined.insert(type.identifier)
            case .sharingDenied: denied.insert(type.identifier)
            }
        }
        if !undetermined.isEmpty {
            throw HKError(.errorAuthorizationNotDetermined,
                          "Authorization is not determined for \(undetermined.sorted().joined(separator: ", "))")
        }
        if !denied.isEmpty {
            throw HKError(.errorAuthorizationDenied, "Not authorized to save \(denied.sorted().joined(separator: ", "))")
        }
    }

    /// The records for `objects`, validated and stamped with the app's source revision, as an app's save is
    /// (``WriteRules/app``, without the authorization check).
    func stampedRecords(for objects: [HKObject]) throws -> [SampleRecord] {
        var records: [SampleRecord] = []
        for object in objects { records += try ObjectMapping.records(from: object) }
        return try writer.prepared(records, rules: [.stampSource, .validate])
    }

    /// The types whose sharing a save of `records` needs: each record's own type, but a correlation's
    /// members instead of the correlation (apps are granted the member types); a workout's activity
    /// records need none (the workout type covers them).
    func typesToShare(_ records: [SampleRecord]) throws -> [HKObjectType] {
        try Set(records.filter { $0.kind != .correlation && !WorkoutActivityRecords.isActivity($0) }.map(\.type)).sorted().map { identifier in
            guard let type = HKObjectType.type(forIdentifier: identifier) else {
                throw HKError.invalidArgument("Unknown type \(identifier)")
            }
            return type
        }
    }
}
