import Foundation
import HealthDatabase
import OpenHealthKit

/// One CSV file per type (`HKQuantityTypeIdentifierStepCount.csv`, ...): uuid, source, device, dates, value,
/// unit and the metadata as JSON. Workouts, correlations and other kinds get one row each with their main figure as
/// the value (see ``CSVValues``).
struct CSVExportWriter {
    let storage: any HealthStorage
    let selection: ExportSelection
    let folder: URL
    /// Told of the records written, page by page.
    var progress: ExportProgress.Counter? = nil

    /// Writes the files; returns rows written by type.
    func write() throws -> [String: Int] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var outputs: [String: XMLOutput] = [:]
        var counts: [String: Int] = [:]
        try StoreScan(storage: storage, filter: selection.filter, progress: progress).forEachPage { page in
            for record in page where record.type != "HKWorkoutActivity" {
                let output: XMLOutput
                if let open = outputs[record.type] {
                    output = open
                } else {
                    output = try XMLOutput(folder.appendingPathComponent("\(record.type).csv"), bufferSize: 64 << 10)
                    output.write("uuid,sourceName,sourceVersion,device,startDate,endDate,value,unit,parent,metadata\n")
                    outputs[record.type] = output
                }
                let metadata = Dictionary(ExportFields.metadata(record.fields), uniquingKeysWith: { $1 })
                let json = metadata.isEmpty ? "" : String(decoding: (try? JSONEncoder.sortedKeys.encode(metadata)) ?? Data(), as: UTF8.self)
                let (value, unit) = CSVValues.cells(record, storage: storage)
                let cells = [record.uuid.uuidString, record.source.name, record.source.version ?? "",
                             record.device.map { SourceMapping.device(from: $0).description } ?? "",
                             ExportFields.date(record.startDate), ExportFields.date(record.endDate), value, unit,
                             record.parent?.uuidString ?? "", json]
                output.write(cells.map(Self.cell).joined(separator: ",") + "\n")
                counts[record.type, default: 0] += 1
            }
        }
        for output in outputs.values { try output.close() }
        return counts
    }

    /// RFC 4180 quoting.
    static func cell(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
