import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// A `Record` element that passed every check: what its HealthKit sample and its storage record are both made from.
struct CheckedRecord {
    /// The sample's kind and value.
    enum Value {
        /// A quantity sample's type and quantity (count 1).
        case quantity(HKQuantityType, HKQuantity)
        /// A category sample's type and value.
        case category(HKCategoryType, Int)
    }

    /// The kind and value.
    let value: Value
    /// The content-hash UUID.
    let uuid: UUID
    /// The interval.
    let start: Date, end: Date
    /// Who wrote it.
    let source: ResolvedSource
    /// What measured it.
    let device: ResolvedDevice
    /// The typed metadata.
    let metadata: [String: Any]?
    /// The metadata's columns, when remembered with the metadata (nil: worked out when the record is made).
    var columns: MetadataColumns? = nil

    /// The HealthKit sample.
    var sample: HKSample {
        switch value {
        case .quantity(let type, let quantity):
            HKQuantitySample.make(type: type, quantity: quantity, count: 1, start: start, end: end, uuid: uuid,
                                  sourceRevision: source.revision, device: device.device, metadata: metadata)
        case .category(let type, let number):
            HKCategorySample(type: type, value: number, start: start, end: end, uuid: uuid,
                             sourceRevision: source.revision, device: device.device, metadata: metadata)
        }
    }

    /// The storage record the sample maps to, made by OpenHealthKit's record-level mapping without the sample.
    func record() throws(HKError) -> SampleRecord {
        switch value {
        case .quantity(let type, let quantity): try ObjectMapping.quantityRecord(header(type), type: type, quantity: quantity, count: 1)
        case .category(let type, let number): try ObjectMapping.categoryRecord(header(type), value: number)
        }
    }

    private func header(_ type: HKSampleType) -> SampleHeader {
        var header = SampleHeader(uuid: uuid, type: type.identifier, start: start, end: end, source: source.record,
                                  device: device.record, metadata: metadata)
        header.columns = columns
        return header
    }
}
