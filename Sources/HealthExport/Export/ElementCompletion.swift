import Foundation
import HealthDatabase
import OpenHealthKit

extension StoredElement {
    /// The element with the parts export.xml keeps in it but the store keeps in the record, for elements
    /// OpenHealthKit synthesised from objects apps saved: source, device and dates as attributes, metadata
    /// as `MetadataEntry` children. Attributes and metadata an imported element already has are kept as they
    /// are, so imported elements are written back unchanged.
    func completed(from record: SampleRecord) -> StoredElement {
        var element = self
        func fill(_ key: String, _ value: String?) {
            if element.attributes[key] == nil, let value { element.attributes[key] = value }
        }
        switch name {
        case "Audiogram":
            fill("sourceName", record.source.name)
            fill("sourceVersion", record.source.version)
            fill("device", record.device.map { SourceMapping.device(from: $0).description })
            fill("startDate", ExportFields.date(record.startDate))
            fill("endDate", ExportFields.date(record.endDate))
        case "VisionPrescription":
            fill("dateIssued", ExportFields.date(record.startDate))
            if record.endDate > record.startDate { fill("expirationDate", ExportFields.date(record.endDate)) }
        default: break
        }
        if !children.contains(where: { $0.name == "MetadataEntry" }) {
            let entries = ExportFields.metadata(record.fields).map { StoredElement(name: "MetadataEntry", attributes: ["key": $0.0, "value": $0.1]) }
            element.children = entries + children
        }
        return element
    }
}
