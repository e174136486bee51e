import Foundation
import HealthDatabase
import HealthKitModel

/// Quantity and category samples: the value columns of a record.
package enum SampleKindMapping {
    /// A series sample's values, as its payload: `{"series": [{"v": value in the record's unit, "s": start, "e": end}]}`.
    private struct SeriesPayload: Codable {
        var series: [QuantitySeriesValue]
    }

    /// Sets the quantity columns: the value in the type's canonical unit (what filters and aggregates use),
    /// the unit and value as given, and the count; a series sample's values go in the payload.
    static func fill(_ record: inout SampleRecord, type: HKQuantityType, quantity: HKQuantity, count: Int,
                     seriesValues: [QuantitySeriesValue] = []) throws(HKError) {
        record.kind = .quantity
        do {
            record.quantity = try quantity.checkedDoubleValue(for: type.canonicalUnit)
        } catch {
            throw HKError(.errorInvalidArgument, "\(quantity) does not fit \(type.identifier): \(error)")
        }
        record.unit = quantity.originalUnit.unitString
        record.originalQuantity = quantity.originalValue
        record.count = count
        if !seriesValues.isEmpty { record.payload = try PayloadCoding.encode(SeriesPayload(series: seriesValues)) }
    }

    /// Sets the category value column.
    static func fill(_ record: inout SampleRecord, value: Int) {
        record.kind = .category
        record.categoryValue = value
    }

    /// Rebuilds the concrete quantity sample class (cumulative or discrete) in the unit it was saved in, straight from
    /// the record and `memo`, without ``CommonParts``: each part is made once and moved into the sample (through
    /// ``CommonParts`` every part was copied into the sample, then released with the parts, a retain and a release a
    /// part for every sample read).
    static func quantitySample(from record: borrowing SampleRecord, memo: ReadMemo) throws(HKError) -> HKQuantitySample {
        let metadata = try CommonParts.metadata(of: record)
        let type = try CommonParts.type(HKQuantityType.self, of: record.type, uuid: record.uuid, memo: memo)
        let quantity: HKQuantity
        if let unitString = record.unit, let value = record.originalQuantity {
            do {
                quantity = HKQuantity(unit: try memo.unit(unitString), doubleValue: value)
            } catch {
                throw HKError(.errorInvalidArgument, "Record \(record.uuid) has an invalid unit \"\(unitString)\": \(error)")
            }
        } else if let value = record.quantity {
            quantity = HKQuantity(unit: type.canonicalUnit, doubleValue: value)
        } else {
            throw HKError(.errorInvalidArgument, "Quantity record \(record.uuid) has no value")
        }
        let series = record.payload == nil ? [] : try PayloadCoding.decode(SeriesPayload.self, from: record).series
        return HKQuantitySample.make(type: type, quantity: quantity, count: record.count, start: record.startDate, end: record.endDate,
                                     uuid: record.uuid, sourceRevision: memo.revision(record.source),
                                     device: record.device.map { memo.device($0) }, metadata: metadata, seriesValues: series)
    }

    /// Rebuilds a category sample.
    static func categorySample(from record: SampleRecord, _ common: CommonParts) throws(HKError) -> HKCategorySample {
        guard let value = record.categoryValue else {
            throw HKError(.errorInvalidArgument, "Category record \(record.uuid) has no value")
        }
        return HKCategorySample(type: try common.type(HKCategoryType.self), value: value, start: common.start, end: common.end,
                                uuid: common.uuid, sourceRevision: common.revision, device: common.device, metadata: common.metadata)
    }
}
