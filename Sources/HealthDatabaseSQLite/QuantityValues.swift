import Foundation
import GRDB
public import HealthDatabase

extension SQLiteHealthStorage {
    /// See ``SlotSumStorage/quantityValues(matching:type:starts:)``: seven columns a row, read straight through the C API
    /// (``StatementRows``); the user-entered flag is looked up only for samples that have fields (a `CASE`: SQLite runs
    /// both sides of `has_fields AND EXISTS (…)`, a seek into `field` for every row). A start range reads
    /// the `(type, start)` index (`INDEXED BY`): left to itself, SQLite may take a filter's `end` bound instead and
    /// walk every later sample of the type.
    public func quantityValues(matching filter: SampleFilter, type: String, starts: Range<Double>?) throws -> [QuantityValue] {
        do {
            return try writer.read { db in
                var condition = try FilterSQL.samples(filter, identities, db)
                var index = ""
                if let starts {
                    guard let typeID = try identities.typeIDs([type], db)[type] else { return [] }
                    index = "INDEXED BY sample_type_start"
                    condition = SQLPart("s.type = ? AND s.start >= ? AND s.start < ? AND (\(condition.sql))",
                                        [typeID, starts.lowerBound, starts.upperBound] + condition.arguments)
                }
                let sql = """
                    SELECT s.start, s.end, s.quantity, s.original_quantity, s.unit, s.source_id,
                           \(SlotSums.userEntered("s"))
                    FROM sample s \(index) WHERE \(condition.sql)
                    """
                var values: [QuantityValue] = []
                var strings = RecentStrings()
                // The sources met so far, by id: a read names a handful, often alternating row by row (a phone's and a
                // watch's samples interleave), and the shared cache's lock and hashing per row were a tenth of the read.
                var sources: [(id: Int64, bundle: String)] = []
                try StatementRows.forEach(db.filterStatement(sql: sql), arguments: condition.arguments, db) { row in
                    let sourceID = row.int64(5)
                    let source: String
                    if let known = sources.firstIndex(where: { $0.id == sourceID }) {
                        source = sources[known].bundle
                    } else {
                        source = try identities.source(sourceID, db).bundleIdentifier
                        if sources.count < 16 { sources.append((sourceID, source)) }
                    }
                    let original = row.optionalDouble(3).flatMap { value in row.text(4, &strings).map { (value, $0) } }
                    values.append(QuantityValue(start: row.double(0), end: row.double(1), quantity: row.double(2),
                                                original: original, source: source, userEntered: row.bool(6)))
                }
                return values
            }
        } catch let error as DatabaseError {
            throw StorageError.unavailable("quantity samples of \(path): \(error.message ?? error.description)")
        }
    }
}
