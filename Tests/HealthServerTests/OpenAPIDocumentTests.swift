import Foundation
@testable import HealthServer
import Testing

/// The API description served at /openapi.json matches the server.
@Suite struct OpenAPIDocumentTests {
    @Test("every API route and method the server has is described, and nothing else; type names are the library's")
    func describesTheRoutes() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let reply = try await harness.send("GET", "/openapi.json")
        #expect(reply.status == 200)
        let document = reply.json
        #expect((document["openapi"] as? String)?.hasPrefix("3.1") == true)
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var described: [String: Set<String>] = [:]
        for (path, operations) in paths { described[path] = Set(operations.keys.map { $0.uppercased() }) }
        let api = RouteTable.methods.filter { $0.key.hasPrefix("/v1/") || ["/healthz", "/oauth/token"].contains($0.key) }
        #expect(described == api.mapValues(Set.init))
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        let quantityTypes = try #require(schemas["QuantityTypeName"]?["enum"] as? [String])
        #expect(quantityTypes.contains("HKQuantityTypeIdentifierStepCount") && quantityTypes.contains("stepCount"))
        #expect(!quantityTypes.contains("sleepAnalysis"))
    }

    @Test("every field of the samples of every kind with fields of its own, at every depth, is described in Sample and NewSample")
    func describesEveryPayloadField() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let document = try await harness.send("GET", "/openapi.json").json
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        let body = try #require(try JSONSerialization.jsonObject(with: Data(SampleKindFixtures.batch(SampleKindFixtures.all()).utf8)) as? [String: Any])
        let samples = try #require(body["samples"] as? [[String: Any]])
        for name in ["Sample", "NewSample"] {
            let schema = try #require(schemas[name])
            for sample in samples {
                #expect(Self.undescribed(sample, schema, schemas, at: name).isEmpty, "\(name): \(Self.undescribed(sample, schema, schemas, at: name))")
            }
        }
    }

    /// The paths of the fields in `value` that `schema` (its `$ref`s and non-null `anyOf` branch followed) does not describe.
    static func undescribed(_ value: Any, _ schema: [String: Any], _ schemas: [String: [String: Any]], at path: String) -> [String] {
        if let target = (schema["$ref"] as? String)?.split(separator: "/").last, let resolved = schemas[String(target)] {
            return undescribed(value, resolved, schemas, at: path)
        }
        if let branches = schema["anyOf"] as? [[String: Any]], let branch = branches.first(where: { $0["type"] as? String != "null" }) {
            return undescribed(value, branch, schemas, at: path)
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            return array.enumerated().flatMap { undescribed($0.element, items, schemas, at: "\(path)[\($0.offset)]") }
        }
        guard let object = value as? [String: Any], let properties = schema["properties"] as? [String: Any] else { return [] }
        return object.flatMap { key, field in
            guard let described = properties[key] as? [String: Any] else { return ["\(path).\(key)"] }
            return undescribed(field, described, schemas, at: "\(path).\(key)")
        }
    }

    @Test("a method the path does not have is 405 with Allow, not 404")
    func methodNotAllowed() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let reply = try await harness.send("PUT", "/v1/samples")
        #expect(reply.status == 405)
        #expect(reply.header("Allow") == "DELETE, GET, POST")
        #expect(try await harness.send("GET", "/v1/nothing").status == 404)
    }
}
