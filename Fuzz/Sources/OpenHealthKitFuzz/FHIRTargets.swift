import Foundation
@testable import HealthRecords

/// FHIR JSON and NDJSON, as `health records import` reads them (without a store).
enum FHIRTargets {
    /// `FHIRReader.read` on the input, then classification of every resource read.
    static let json = FuzzTarget(name: "fhir-json") { data in
        read(FHIRReader().read(data), from: data)
    }

    /// The input as an NDJSON file: lines cut by `NDJSONLines` (in its real 1 MB chunks), each read like a file.
    static let ndjson = FuzzTarget(name: "fhir-ndjson") { data in
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(getpid()).ndjson")
        guard (try? data.write(to: url)) != nil, let lines = try? NDJSONLines(url: url) else { return }
        while let (_, line) = (try? lines.next()) ?? nil { read(FHIRReader().read(line), from: data) }
    }

    private static func read(_ result: FHIRReadResult, from data: Data) {
        let names = FHIRClassifier.medicationNames(in: result.resources)
        for resource in result.resources {
            _ = FHIRClassifier.classify(resource.resource, medicationNames: names)
            if resource.identifier.isEmpty { violated("a resource without an identity", data) }
        }
    }
}
