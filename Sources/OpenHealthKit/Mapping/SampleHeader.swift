package import Foundation
package import HealthDatabase
import HealthKitModel

/// What every sample's record holds, whatever its kind: identity, type, interval, source, device and metadata.
///
/// The record-level entry point of the mapping: ``ObjectMapping/record(from:)`` reads a header from an object,
/// and a caller that has a quantity or category sample's parts but no object (the export importer, a million
/// records at a time) passes a header to ``ObjectMapping/quantityRecord(_:type:quantity:count:)`` or
/// ``ObjectMapping/categoryRecord(_:value:)``; both ways the same code makes the record.
package struct SampleHeader {
    /// The sample's UUID.
    package var uuid: UUID
    /// The sample type's identifier.
    package var type: String
    /// Start of the interval.
    package var start: Date
    /// End of the interval.
    package var end: Date
    /// The source revision's record (made by ``SourceMapping``).
    package var source: SourceRecord
    /// The device's record, if any (made by ``SourceMapping``).
    package var device: DeviceRecord?
    /// The metadata, as an object holds it (normalized as `HKObject` normalizes it: strings, `NSNumber`s, dates, quantities).
    package var metadata: [String: Any]?
    /// The columns of ``metadata`` when the caller has them already (the export importer remembers them for metadata
    /// that recurs from record to record); nil to work them out.
    package var columns: MetadataColumns?

    /// A header from its parts.
    package init(uuid: UUID, type: String, start: Date, end: Date, source: SourceRecord, device: DeviceRecord?, metadata: [String: Any]?) {
        self.uuid = uuid
        self.type = type
        self.start = start
        self.end = end
        self.source = source
        self.device = device
        self.metadata = metadata
    }

    /// The header of `sample`.
    init(of sample: HKSample) {
        self.init(uuid: sample.uuid, type: sample.sampleType.identifier, start: sample.startDate, end: sample.endDate,
                  source: SourceMapping.record(from: sample.sourceRevision), device: sample.device.map(SourceMapping.record(from:)),
                  metadata: sample.metadata)
    }

    /// The record's shared columns, kind `other` until a kind's mapper fills in the rest. Throws
    /// `HKError(.errorInvalidArgument)` for a metadata value the store cannot keep.
    func record() throws(HKError) -> SampleRecord {
        let columns: MetadataColumns
        if let known = self.columns { columns = known } else { columns = try MetadataColumns(metadata) }
        return SampleRecord(
            uuid: uuid, kind: .other, type: type, startDate: start, endDate: end, source: source, device: device,
            fields: columns.fields, syncIdentifier: columns.syncIdentifier, syncVersion: columns.syncVersion
        )
    }
}

/// What a record keeps of an object's metadata: its fields, and the sync identifier and version as columns.
package struct MetadataColumns {
    /// The fields (see ``MetadataMapping/fields(from:)``).
    package var fields: [String: FieldValue]
    /// `HKMetadataKeySyncIdentifier`'s value.
    package var syncIdentifier: String?
    /// `HKMetadataKeySyncVersion`'s value.
    package var syncVersion: Int64?

    /// The columns of `metadata`. Throws `HKError(.errorInvalidArgument)` for a value the store cannot keep.
    package init(_ metadata: [String: Any]?) throws(HKError) {
        fields = try MetadataMapping.fields(from: metadata)
        syncIdentifier = metadata?[HKMetadataKeySyncIdentifier] as? String
        syncVersion = (metadata?[HKMetadataKeySyncVersion] as? NSNumber)?.int64Value
    }
}
