import Foundation
import HealthKitModel

/// A file of CDA documents: one ClinicalDocument, or several concatenated as in Apple's `export_cda.xml`.
public enum CDADocumentFile {
    /// The ClinicalDocument elements in `data`, each as its own bytes (an XML declaration before the first
    /// is dropped). Throws `HKError(.errorInvalidArgument)` when there is none or one is not closed.
    public static func documents(in data: Data) throws -> [Data] {
        let bytes = [UInt8](data)
        let open = Array("<ClinicalDocument".utf8), close = Array("</ClinicalDocument>".utf8)
        var documents: [Data] = [], index = 0
        while let start = find(open, in: bytes, from: index) {
            guard let end = find(close, in: bytes, from: start + open.count) else {
                throw HKError(.errorInvalidArgument,
                              "ClinicalDocument \(documents.count + 1) (byte \(start)) has no closing </ClinicalDocument>")
            }
            documents.append(Data(bytes[start..<(end + close.count)]))
            index = end + close.count
        }
        guard !documents.isEmpty else {
            throw HKError(.errorInvalidArgument, "no <ClinicalDocument> element found: not a CDA document")
        }
        return documents
    }

    /// One sample per document in `data`, validated by `HKCDADocumentSample(data:start:end:metadata:)`; each
    /// dated by its `effectiveTime` (else `fallbackDate`). Throws naming the document (1-based) that fails.
    public static func samples(in data: Data, fallbackDate: Date = Date()) throws -> [HKCDADocumentSample] {
        try documents(in: data).enumerated().map { index, document in
            let date = effectiveTime(in: document) ?? fallbackDate
            do {
                return try HKCDADocumentSample(data: document, start: date, end: date, metadata: nil)
            } catch let error as HKError {
                let detail = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String ?? error.localizedDescription
                throw HKError(.errorInvalidArgument, "document \(index + 1): \(detail)")
            }
        }
    }

    /// The document's own `effectiveTime` (the first one, which belongs to the ClinicalDocument header):
    /// `YYYYMMDD[HHMM[SS]][±ZZZZ]`.
    static func effectiveTime(in document: Data) -> Date? {
        let bytes = [UInt8](document.prefix(16_384))
        guard let tag = find(Array("<effectiveTime".utf8), in: bytes, from: 0),
              let value = find(Array("value=\"".utf8), in: bytes, from: tag) else { return nil }
        let start = value + 7
        let text = String(decoding: bytes[start...].prefix { $0 != UInt8(ascii: "\"") }, as: UTF8.self)
        let digits = text.prefix { $0.isNumber }
        guard digits.count >= 8 else { return nil }
        let offset = text.dropFirst(digits.count)
        let padded = String(digits.prefix(14)).padding(toLength: 14, withPad: "0", startingAt: 0)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = offset.isEmpty ? "yyyyMMddHHmmss" : "yyyyMMddHHmmssZ"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.date(from: padded + offset)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
