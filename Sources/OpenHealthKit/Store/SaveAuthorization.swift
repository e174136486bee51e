import Foundation
import HealthDatabase

// The checks every save and delete makes before it touches storage.
extension HKHealthStore {
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

    /// The records for `objects`, validated and stamped with the app's source revision.
    ///
    /// Throws ``HKError/Code/errorInvalidArgument`` for an object the store cannot keep, a UUID given twice,
    /// or a sample ending before ``earliestPermittedSampleDate()``.
    func stampedRecords(for objects: [HKObject]) throws -> [SampleRecord] {
        var records: [SampleRecord] = []
        for object in objects { records += try ObjectMapping.records(from: object) }
        var seen: Set<UUID> = []
        let source = SourceMapping.record(from: appRevision)
        for index in records.indices {
            let record = records[index]
            guard seen.insert(record.uuid).inserted else {
                throw HKError.invalidArgument("The object \(record.uuid) is saved more than once in the same request")
            }
            if record.endDate < Self.earliestPermittedDate {
                throw HKError.invalidArgument(
                    "The sample \(record.uuid) ends at \(record.endDate), before earliestPermittedSampleDate \(Self.earliestPermittedDate)")
            }
            records[index].source = source
        }
        return records
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
