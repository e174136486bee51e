import Foundation
import HealthKitModel
import HTTPTypes
import Hummingbird
import NIOCore
import OpenHealthKit
import ServiceLifecycle

/// `/v1/changes`: HealthKit's anchored object query over HTTP, once or as a Server-Sent Events stream.
///
/// The anchor is the store's change position, as a decimal string: it never expires, and every sample saved or
/// deleted after it is reported, however late it was written (a time cursor would lose those).
struct ChangeRoutes: Sendable {
    let services: ServerServices

    /// The header a reconnecting event-stream client sends with the last `id` it saw.
    private static let lastEventID = HTTPField.Name("Last-Event-ID")!

    /// Adds the routes to `router`.
    func add(to router: Router<BasicRequestContext>) {
        router.get("/v1/changes") { request, _ in try await changes(request) }
        router.get("/v1/changes/stream") { request, _ in try await stream(request) }
    }

    /// One batch of changes.
    struct ChangePage: Encodable, JSONWritable {
        /// Samples saved (still present) after the anchor.
        var samples: [WireSample]
        /// Samples deleted after the anchor.
        var deletedObjects: [DeletedObject]
        /// The anchor to send next time.
        var anchor: String
        /// Whether the limit was reached (ask again at once with the new anchor).
        var more: Bool

        func write(to json: inout JSONWriter) throws {
            try json.object { json in
                try json.field("anchor", anchor)
                try json.field("deletedObjects", deletedObjects)
                try json.field("more", more)
                try json.field("samples", samples)
            }
        }
    }

    /// A deleted object: its UUID and the metadata it had (its sync identifier, for instance).
    struct DeletedObject: Encodable, JSONWritable {
        var uuid: UUID
        var metadata: [String: WireMetadataValue]?

        func write(to json: inout JSONWriter) throws {
            try json.object { json in
                try json.field("metadata", metadata)
                try json.field("uuid", uuid)
            }
        }
    }

    /// `GET /v1/changes?type=…&anchor=…&limit=…`: the changes to samples of the types (and the filter parameters)
    /// after `anchor` (from the beginning when absent), at most `limit` (1–10,000, default 1,000).
    func changes(_ request: Request) async throws -> Response {
        let access = try await APIAccess.resolve(request, services: services)
        let (descriptors, anchor, limit) = try arguments(request)
        let result = try await QueryRunner.changes(access.store, descriptors: descriptors, anchor: anchor, limit: limit)
        try access.log(.read, descriptors.map(\.sampleType))
        return try APIResponses.json(page(result, after: anchor, limit: limit))
    }

    private func arguments(_ request: Request) throws -> ([HKQueryDescriptor], HKQueryAnchor?, Int) {
        let parameters = QueryParameters(request)
        let predicate = try parameters.predicate()
        let descriptors = try parameters.sampleTypes().map { HKQueryDescriptor(sampleType: $0, predicate: predicate) }
        let text = parameters.one("anchor") ?? request.headers[Self.lastEventID]
        let anchor = try text.map { text in
            guard let value = Int64(text), value >= 0 else { throw ServerError.badRequest("anchor: \"\(text)\" is not an anchor this server gave") }
            return HKQueryAnchor(rawValue: value)
        }
        return (descriptors, anchor, try parameters.integer("limit", in: 1...10_000, fallback: 1_000))
    }

    private func page(_ result: (samples: [HKSample], deleted: [HKDeletedObject], anchor: HKQueryAnchor?),
                      after anchor: HKQueryAnchor?, limit: Int) -> ChangePage {
        let next = result.anchor?.rawValue ?? anchor?.rawValue ?? 0
        return ChangePage(samples: result.samples.map(WireMapping.wire),
                          deletedObjects: result.deleted.map { DeletedObject(uuid: $0.uuid, metadata: WireMapping.metadata($0.metadata)) },
                          anchor: String(next), more: result.samples.count + result.deleted.count >= limit)
    }

    /// `GET /v1/changes/stream?type=…&anchor=…`: Server-Sent Events. The first event holds the changes after the anchor
    /// (none when it is current), then one `change` event per commit that touches the types, as an
    /// `HKAnchoredObjectQuery` with an update handler delivers them; each event's `id` is the new anchor, so a client
    /// that reconnects with `Last-Event-ID` misses nothing. A comment line every 15 seconds keeps the connection open; the
    /// server's graceful shutdown ends the stream.
    func stream(_ request: Request) async throws -> Response {
        let access = try await APIAccess.resolve(request, services: services)
        let (descriptors, anchor, limit) = try arguments(request)
        let (events, continuation) = AsyncStream.makeStream(of: ChangePage.self, bufferingPolicy: .unbounded)
        let handler: HKAnchoredObjectQuery.Handler = { _, samples, deleted, newAnchor, error in
            if error != nil { continuation.finish(); return }
            let result = (samples: samples ?? [], deleted: deleted ?? [], anchor: newAnchor)
            continuation.yield(page(result, after: anchor, limit: limit))
        }
        let query = HKAnchoredObjectQuery(queryDescriptors: descriptors, anchor: anchor, limit: limit, resultsHandler: handler)
        query.updateHandler = handler
        let store = access.store
        try access.log(.read, descriptors.map(\.sampleType))
        store.execute(query)
        let body = ResponseBody { writer in
            defer { store.stop(query); continuation.finish() }
            let heartbeat = Task {
                while !Task.isCancelled {
                    try await Task.sleep(for: .seconds(15))
                    continuation.yield(ChangePage(samples: [], deletedObjects: [], anchor: "", more: false))
                }
            }
            defer { heartbeat.cancel() }
            // A graceful shutdown (SIGTERM) ends the stream, so the server does not wait for the client to leave; a
            // client that reconnects with `Last-Event-ID` misses nothing.
            try await withGracefulShutdownHandler {
                for await page in events {
                    try await writer.write(ByteBuffer(string: try Self.event(page)))
                }
            } onGracefulShutdown: {
                continuation.finish()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
    }

    /// One event's text; a page with no anchor is the heartbeat comment.
    private static func event(_ page: ChangePage) throws -> String {
        guard !page.anchor.isEmpty else { return ": keep-alive\n\n" }
        let data = String(buffer: try JSONWriter.bytes(page))
        return "id: \(page.anchor)\nevent: change\ndata: \(data)\n\n"
    }
}
