import Foundation
package import HealthDatabase
package import HealthKitModel

/// HealthKit objects to storage records and back: the one place that knows both.
///
/// `record(from:)` then `object(from:)` gives back an equal object: same class, UUID, dates, values, units,
/// metadata (types and values), device and source revision. Each kind has its own mapper; this type
/// holds what every kind shares and dispatches on the class or ``RecordKind``.
package enum ObjectMapping {
    /// The records for `object`: one, or for a correlation the correlation followed by its members
    /// (each with `parent` set), or for a workout the workout followed by its activity records
    /// (see ``WorkoutActivityRecords``), in the order `HealthStorage.save` wants them.
    package static func records(from object: HKObject) throws(HKError) -> [SampleRecord] {
        let main = try record(from: object)
        if let workout = object as? HKWorkout { return [main] + WorkoutActivityRecords.records(for: workout, source: main.source) }
        guard let correlation = object as? HKCorrelation else { return [main] }
        var members: [SampleRecord] = []
        for member in correlation.objects.sorted(by: { $0.uuid.uuidString < $1.uuid.uuidString }) {
            var child = try record(from: member)
            child.parent = correlation.uuid
            members.append(child)
        }
        return [main] + members
    }

    /// The record for one object (a correlation's members are not included: see ``records(from:)``).
    /// Throws `HKError(.errorInvalidArgument)` for a class the store does not keep or an unstorable value.
    package static func record(from object: HKObject) throws(HKError) -> SampleRecord {
        guard let sample = object as? HKSample else {
            throw HKError(.errorInvalidArgument, "\(type(of: object)) objects cannot be stored")
        }
        var record = try SampleHeader(of: sample).record()
        switch sample {
        case let quantity as HKQuantitySample:
            try SampleKindMapping.fill(&record, type: quantity.quantityType, quantity: quantity.quantity, count: quantity.count,
                                       seriesValues: quantity.seriesValues)
        case let category as HKCategorySample: SampleKindMapping.fill(&record, value: category.value)
        case is HKCorrelation: record.kind = .correlation
        case let workout as HKWorkout: try WorkoutMapping.fill(&record, from: workout)
        case let document as HKCDADocumentSample: DocumentMapping.fill(&record, from: document)
        case let clinical as HKClinicalRecord: ClinicalMapping.fill(&record, from: clinical)
        case let verifiable as HKVerifiableClinicalRecord: try ClinicalMapping.fill(&record, from: verifiable)
        case is HKAudiogramSample, is HKVisionPrescription: try ElementSampleMapping.fill(&record, from: sample)
        case let route as HKWorkoutRoute: try RouteMapping.fill(&record, from: route)
        case let heartbeats as HKHeartbeatSeriesSample: try HeartbeatMapping.fill(&record, from: heartbeats)
        case let ecg as HKElectrocardiogram: try ElectrocardiogramMapping.fill(&record, from: ecg)
        case let mind as HKStateOfMind: try StateOfMindMapping.fill(&record, from: mind)
        case let assessment as HKScoredAssessment: try ScoredAssessmentMapping.fill(&record, from: assessment)
        default: throw HKError(.errorInvalidArgument, "\(type(of: sample)) samples cannot be stored")
        }
        return record
    }

    /// The record of a quantity sample with these parts, exactly as ``record(from:)`` maps the sample itself
    /// (for callers that have the parts and no object). Throws `HKError(.errorInvalidArgument)` when the
    /// quantity does not fit `type` or a metadata value cannot be stored.
    package static func quantityRecord(_ header: SampleHeader, type: HKQuantityType, quantity: HKQuantity, count: Int) throws(HKError) -> SampleRecord {
        var record = try header.record()
        try SampleKindMapping.fill(&record, type: type, quantity: quantity, count: count)
        return record
    }

    /// The record of a category sample with these parts, exactly as ``record(from:)`` maps the sample itself.
    /// Throws `HKError(.errorInvalidArgument)` when a metadata value cannot be stored.
    package static func categoryRecord(_ header: SampleHeader, value: Int) throws(HKError) -> SampleRecord {
        var record = try header.record()
        SampleKindMapping.fill(&record, value: value)
        return record
    }

    /// The object a record holds; `children` are the member records of a correlation (ignored otherwise).
    /// Throws `HKError(.errorInvalidArgument)` when the record names an unknown type or holds unreadable data.
    package static func object(from record: SampleRecord, children: [SampleRecord] = []) throws(HKError) -> HKSample {
        try object(from: record, children: children, memo: ReadMemo())
    }

    /// ``object(from:children:)`` for one record of a read that maps many: `memo` carries what the previous
    /// records resolved.
    package static func object(from record: SampleRecord, children: [SampleRecord], memo: ReadMemo) throws(HKError) -> HKSample {
        // Quantity samples, most of what is read, are built straight from the record: see
        // ``SampleKindMapping/quantitySample(from:memo:)``.
        if record.kind == .quantity { return try SampleKindMapping.quantitySample(from: record, memo: memo) }
        let common = try CommonParts(record, memo: memo)
        switch record.kind {
        case .quantity: return try SampleKindMapping.quantitySample(from: record, memo: memo)
        case .category: return try SampleKindMapping.categorySample(from: record, common)
        case .correlation:
            var members = Set<HKSample>()
            for child in children { members.insert(try object(from: child, children: [], memo: memo)) }
            return HKCorrelation(type: try common.type(HKCorrelationType.self), start: common.start, end: common.end, objects: members,
                                 uuid: common.uuid, sourceRevision: common.revision, device: common.device, metadata: common.metadata)
        case .workout: return try WorkoutMapping.workout(from: record, common)
        case .document: return DocumentMapping.document(from: record, common)
        case .clinical: return try ClinicalMapping.clinicalRecord(from: record, common)
        case .verifiableRecord: return try ClinicalMapping.verifiableRecord(from: record, common)
        case .part: throw HKError(.errorInvalidArgument, "Record \(record.uuid) is a part of \(record.parent.map { "\($0)" } ?? "a record"), not an object")
        case .other:
            // Kind `other` is told apart by type: series samples, ECGs, states of mind and assessments, then elements kept from an export.
            switch record.type {
            case HKWorkoutRouteTypeIdentifier: return try RouteMapping.route(from: record, common)
            case HKDataTypeIdentifierHeartbeatSeries: return try HeartbeatMapping.series(from: record, common)
            case HKDataTypeIdentifierElectrocardiogram: return try ElectrocardiogramMapping.electrocardiogram(from: record, common)
            case HKDataTypeIdentifierStateOfMind: return try StateOfMindMapping.stateOfMind(from: record, common)
            case let type where ScoredAssessmentMapping.holds(type): return try ScoredAssessmentMapping.assessment(from: record, common)
            default: return try ElementSampleMapping.sample(from: record, common)
            }
        }
    }
}

/// What every kind of object shares, read from a record.
package struct CommonParts {
    /// The object's UUID.
    let uuid: UUID
    /// The record's type identifier.
    let typeIdentifier: String
    /// The start date.
    let start: Date
    /// The end date.
    let end: Date
    /// The source revision that wrote it.
    let revision: HKSourceRevision
    /// The device, if any.
    let device: HKDevice?
    /// The metadata, attributes left out.
    let metadata: [String: Any]?
    /// What the read resolved for earlier records (types, units, sources, devices).
    let memo: ReadMemo

    /// Reads the shared parts of `record`, through `memo`. Borrowing: an initializer takes its arguments owned by
    /// default, which copied every record mapped.
    init(_ record: borrowing SampleRecord, memo: ReadMemo = ReadMemo()) throws(HKError) {
        // The one step that can throw comes first, so the parts are built in place (throwing after some were set made
        // the compiler build them aside, then copy and destroy them: a twentieth of mapping 100 samples).
        metadata = try Self.metadata(of: record)
        uuid = record.uuid
        typeIdentifier = record.type
        start = record.startDate
        end = record.endDate
        revision = memo.revision(record.source)
        device = record.device.map(memo.device)
        self.memo = memo
    }

    /// The record's type as `T`, or an error naming the identifier.
    func type<T: HKObjectType>(_: T.Type) throws(HKError) -> T {
        try Self.type(T.self, of: typeIdentifier, uuid: uuid, memo: memo)
    }

    /// The object metadata of `record`'s fields, nil without fields.
    static func metadata(of record: borrowing SampleRecord) throws(HKError) -> [String: Any]? {
        record.fields.isEmpty ? nil : try MetadataMapping.metadata(from: record.fields)
    }

    /// The type named `identifier`, through `memo`, as `T`, or an error naming the identifier and record `uuid`.
    static func type<T: HKObjectType>(_: T.Type, of identifier: String, uuid: UUID, memo: ReadMemo) throws(HKError) -> T {
        guard let type = memo.type(named: identifier) as? T else {
            throw HKError(.errorInvalidArgument, "Record \(uuid) names \(identifier), which is not a known \(T.self)")
        }
        return type
    }
}
