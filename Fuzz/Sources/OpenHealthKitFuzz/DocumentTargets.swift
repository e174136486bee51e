import Foundation
import HealthKitModel
import HealthRecords

/// CDA XML, as `HKCDADocumentSample(data:…)` and `health documents import` read it.
enum DocumentTargets {
    /// The input as one document, then as a file of concatenated documents; every document the file yields must be
    /// accepted on its own too.
    static let cda = FuzzTarget(name: "cda") { data in
        let date = Date(timeIntervalSince1970: 0)
        _ = try? HKCDADocumentSample(data: data, start: date, end: date, metadata: nil)
        guard let samples = try? CDADocumentFile.samples(in: data, fallbackDate: date) else { return }
        for sample in samples {
            guard let bytes = sample.document?.documentData,
                  (try? HKCDADocumentSample(data: bytes, start: date, end: date, metadata: nil)) != nil else {
                violated("a document cut from the file is refused on its own", data)
            }
        }
    }
}
