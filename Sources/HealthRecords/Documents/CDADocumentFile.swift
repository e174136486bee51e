public import Foundation
public import HealthKitModel

/// A file of CDA documents: one ClinicalDocument, or several concatenated as in Apple's `export_cda.xml`.
public enum CDADocumentFile {
    /// The largest file accepted, in bytes (256 MiB); one document in it may be at most 64 MiB.
    public static let maximumFileBytes = 256 << 20

    /// The ClinicalDocument elements in `data`, each as its own UTF-8 bytes (from its start tag to its end tag).
    ///
    /// The whole file is read as XML (the strict reader of `HKCDADocumentSample`: encoding from the byte-order mark or
    /// declaration, well-formedness checked, comments and CDATA sections skipped, no entity expanded): root elements
    /// follow one another, with only white space, comments, processing instructions and XML declarations between
    /// them. Throws `HKError(.errorInvalidArgument)` naming the document and the line and column of the first problem.
    public static func documents(in data: Data) throws -> [Data] {
        guard data.count <= maximumFileBytes else {
            throw HKError(.errorInvalidArgument, "the file is \(data.count) bytes; at most \(maximumFileBytes) are accepted")
        }
        let bytes: [UInt8]
        do { bytes = try XMLEncoding.utf8(data).bytes } catch { throw HKError(.errorInvalidArgument, "\(error)") }
        var documents: [Data] = [], start = 0
        do {
            var scanner = XMLScanner(utf8: bytes, severalRoots: true)
            while let event = try scanner.next() {
                switch event {
                case .start(let name, _) where scanner.depth == 1:
                    guard name == "ClinicalDocument" || name.hasSuffix(":ClinicalDocument") else {
                        throw scanner.problem("the root element <\(name)> is not a ClinicalDocument")
                    }
                    start = scanner.eventStart
                case .end where scanner.depth == 0:
                    documents.append(Data(bytes[start..<scanner.eventEnd]))
                default:
                    break
                }
            }
        } catch {
            throw HKError(.errorInvalidArgument, "ClinicalDocument \(documents.count + 1): \(error)")
        }
        return documents
    }

    /// The bytes of the file at `url`, refusing a file over ``maximumFileBytes`` before reading it.
    public static func contents(of url: URL) throws -> Data {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        if let size, size > maximumFileBytes {
            throw HKError(.errorInvalidArgument, "the file is \(size) bytes; at most \(maximumFileBytes) are accepted")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else { throw HKError(.errorInvalidArgument, "cannot read the file") }
        return data
    }

    /// One sample per document in `data`, validated by `HKCDADocumentSample(data:start:end:metadata:)`; each
    /// dated by its header `effectiveTime` (else `fallbackDate`). Throws naming the document (1-based) that fails.
    public static func samples(in data: Data, fallbackDate: Date = Date()) throws -> [HKCDADocumentSample] {
        try documents(in: data).enumerated().map { index, document in
            do {
                let date = effectiveTime(try CDAFields.read(document).effectiveTime) ?? fallbackDate
                return try HKCDADocumentSample(data: document, start: date, end: date, metadata: nil)
            } catch let error as HKError {
                let detail = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String ?? error.localizedDescription
                throw HKError(.errorInvalidArgument, "ClinicalDocument \(index + 1): \(detail)")
            }
        }
    }

    /// The date of an HL7 `TS` value: `YYYYMMDD[HHMM[SS[.S...]]][±ZZZZ]`; nil when it is not one.
    static func effectiveTime(_ text: String) -> Date? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 8 else { return nil }
        let offset = text.dropFirst(digits.count).drop { $0 == "." || ($0.isASCII && $0.isNumber) }
        guard offset.isEmpty || (offset.count == 5 && (offset.first == "+" || offset.first == "-")) else { return nil }
        let padded = String(digits.prefix(14)).padding(toLength: 14, withPad: "0", startingAt: 0)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = offset.isEmpty ? "yyyyMMddHHmmss" : "yyyyMMddHHmmssZ"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.date(from: padded + offset)
    }
}
