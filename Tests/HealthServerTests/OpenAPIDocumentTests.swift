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
