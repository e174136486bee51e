import Foundation
import HealthDatabase
import HealthKitModel
import Hummingbird
import OpenHealthKit

/// `/v1/samples`: save a batch, query, delete; HealthKit's rules through the caller's store.
struct SampleRoutes: Sendable {
    let services: ServerServices

    /// Adds the routes to `router`.
    func add(to router: Router<BasicRequestContext>) {
        router.post("/v1/samples") { request, _ in try await save(request) }
        router.get("/v1/samples") { request, _ in try await query(request) }
        router.delete("/v1/samples") { request, _ in try await delete(request) }
    }

    /// A batch to save.
    struct SaveRequest: Decodable {
        var samples: [WireSample]
    }

    /// What a save did.
    struct SaveResponse: Encodable, JSONWritable {
        /// UUIDs stored by this request (top-level samples), in the request's order.
        var saved: [UUID]
        /// UUIDs the same source had already saved: left as they are (a retried batch is harmless).
        var alreadyStored: [UUID]

        func write(to json: inout JSONWriter) throws {
            try json.object { json in
                try json.field("alreadyStored", alreadyStored)
                try json.field("saved", saved)
            }
        }
    }

    /// `POST /v1/samples` with `{"samples": [...]}`: every sample is checked before anything is stored, and the batch
    /// is stored in one transaction (all or nothing). An app's samples are stamped with the app as their source and
    /// need its sharing permission; the person's own token may give each sample's `source` (a sync of a device's data).
    func save(_ request: Request) async throws -> Response {
        let access = try await APIAccess.resolve(request, services: services)
        try access.requireWriter()
        let body = try await RequestBody.json(SaveRequest.self, from: request, limit: services.configuration.maxBodyBytes)
        let limit = services.configuration.maxBatchSamples
        guard !body.samples.isEmpty else { throw ServerError.badRequest("samples is empty") }
        guard body.samples.count <= limit else {
            throw ServerError.badRequest("samples has \(body.samples.count) samples; at most \(limit) are saved at once")
        }
        var samples: [HKSample] = []
        var seen: Set<UUID> = []
        for (index, wire) in body.samples.enumerated() {
            let place = "samples[\(index)]"
            if wire.source != nil, !access.isOwner {
                throw ServerError.forbidden("\(place).source: an app's samples are saved with the app as their source; "
                    + "only the person's own token may save another source's samples")
            }
            // The person's own saves carry their source now (a given one, or the store's); an app's are stamped on saving.
            let revision = wire.source.map(WireMapping.revision) ?? (access.isOwner ? access.store.appRevision : nil)
            let sample = try WireMapping.sample(wire, place: place, revision: revision)
            try PayloadSaving.requireSavable(sample, place: place, access: access)
            for uuid in Self.uuids(of: sample) where !seen.insert(uuid).inserted {
                throw ServerError.badRequest("\(place): UUID \(uuid) appears more than once in the batch")
            }
            samples.append(sample)
        }
        let payloads = try PayloadSaving(body.samples, samples, access: access)
        // Reading what is stored and saving are blocking SQLite calls: off the cooperative pool.
        let checked = samples, parents = payloads.routeParents
        let existing = try await BlockingWork.run { try alreadyStored(checked, access: access, routeParents: parents) }
        let fresh = samples.filter { !existing.contains($0.uuid) }
        if !fresh.isEmpty {
            // The person's own saves keep their sources; an app's are HealthKit's save (stamped, its permissions).
            let records = try payloads.records(for: fresh), sharing = payloads.sharing(for: fresh)
            let rules: WriteRules = access.isOwner ? .validate : .app
            _ = try await BlockingWork.run { try access.store.writer.save(records, sharing: sharing, rules: rules) }
        }
        try access.log(.write, samples.map(\.sampleType))
        return try APIResponses.json(SaveResponse(saved: fresh.map(\.uuid), alreadyStored: samples.map(\.uuid).filter(existing.contains)))
    }

    /// The sample's UUID and its members'.
    private static func uuids(of sample: HKSample) -> [UUID] {
        [sample.uuid] + ((sample as? HKCorrelation)?.objects.map(\.uuid) ?? [])
    }

    /// The top-level UUIDs of `samples` already stored by the same source (the person's own access: by anyone);
    /// a UUID another source stored, or a child of another object than the batch gives it (a member of another
    /// correlation, a route of another workout), is a conflict.
    private func alreadyStored(_ samples: [HKSample], access: APIAccess, routeParents: [UUID: UUID]) throws -> Set<UUID> {
        var parents = routeParents
        for case let correlation as HKCorrelation in samples {
            for member in correlation.objects { parents[member.uuid] = correlation.uuid }
        }
        let storage = try access.store.storage()
        let all = Set(samples.flatMap(Self.uuids))
        let found = try storage.records(matching: .uuids(all), sort: [], limit: nil, includePayload: false)
        var mine: Set<UUID> = []
        for record in found {
            let sameSource = access.isOwner || record.source.bundleIdentifier == access.store.app.bundleIdentifier
            guard sameSource, record.parent == nil || record.parent == parents[record.uuid] else {
                throw ServerError.conflict("UUID \(record.uuid) is already used by another object; give each new sample a new UUID")
            }
            mine.insert(record.uuid)
        }
        return mine
    }

    /// `GET /v1/samples?type=…`: an `HKSampleQuery` with the filter parameters (see ``QueryParameters``), `sort`
    /// (`startDate`, `-startDate`, `endDate`, `-endDate`; default `startDate`), `limit` (1–10,000, default 1,000) and
    /// `offset` for the next page (`nextOffset` in the answer while more may follow).
    func query(_ request: Request) async throws -> Response {
        let access = try await APIAccess.resolve(request, services: services)
        let parameters = QueryParameters(request)
        let type = try parameters.sampleType()
        let predicate = try parameters.predicate()
        let limit = try parameters.integer("limit", in: 1...10_000, fallback: 1_000)
        let offset = try parameters.integer("offset", in: 0...1_000_000, fallback: 0)
        let sort = try Self.sort(parameters.one("sort") ?? "startDate")
        let samples = try await QueryRunner.samples(access.store, type: type, predicate: predicate, limit: offset + limit, sort: sort)
        let page = Array(samples.dropFirst(offset))
        let more = samples.count == offset + limit
        try access.log(.read, [type])
        return try APIResponses.json(SamplePage(samples: page.map(WireMapping.wire), nextOffset: more ? offset + limit : nil))
    }

    /// A page of samples.
    struct SamplePage: Encodable, JSONWritable {
        var samples: [WireSample]
        var nextOffset: Int?

        func write(to json: inout JSONWriter) throws {
            try json.object { json in
                try json.field("nextOffset", nextOffset)
                try json.field("samples", samples)
            }
        }
    }

    private static func sort(_ text: String) throws -> [NSSortDescriptor] {
        let descending = text.hasPrefix("-")
        let key = descending ? String(text.dropFirst()) : text
        let identifiers = ["startDate": HKSampleSortIdentifierStartDate, "endDate": HKSampleSortIdentifierEndDate]
        guard let identifier = identifiers[key] else {
            throw ServerError.badRequest("sort: \"\(text)\" must be startDate, -startDate, endDate or -endDate")
        }
        return [NSSortDescriptor(key: identifier, ascending: !descending)]
    }

    /// `DELETE /v1/samples?type=…` with filter parameters (at least one: a store is never emptied by accident), as
    /// `deleteObjects(of:predicate:)`: only the caller's own samples go, unless the person themself asks.
    func delete(_ request: Request) async throws -> Response {
        let access = try await APIAccess.resolve(request, services: services)
        try access.requireWriter()
        let parameters = QueryParameters(request)
        let type = try parameters.sampleType()
        guard let predicate = try parameters.predicate() else {
            throw ServerError.badRequest("give a filter (uuid, start, end or source) to say which samples to delete")
        }
        let count = try await access.store.deleteObjects(of: type, predicate: predicate)
        try access.log(.delete, [type])
        return try APIResponses.json(["deleted": count])
    }
}
