import Foundation
import Hummingbird
import OpenHealthKit
import SmartHealthCards

/// `/v1/health-cards`: SMART Health Cards verified against the server's trusted issuers, and stored as the person's
/// verifiable clinical records.
///
/// - `POST /v1/health-cards/verify` `{"cards": ["shc:/…"]}`: the verdict and the cards' contents; nothing is read or
///   stored, so any credential may ask.
/// - `POST /v1/health-cards/import`: verifies, then stores every card (none unless all verify; a card already stored
///   is left as it is). The person's own (HealthKit lets no app write verifiable records).
/// - `GET /v1/health-cards`: the person's stored cards (their own; on a device an app gets them only through a sheet
///   per query, which the API has no way to show).
///
/// A card that fails is a 400 whose message names the check that failed (`signature check failed: …`).
struct HealthCardRoutes: Sendable {
    let services: ServerServices

    /// The body: the contents of each input (QR text, a `.smart-health-card` file, or a JWS).
    struct CardsRequest: Decodable {
        var cards: [String]
    }

    /// Adds the routes to `router`.
    func add(to router: Router<BasicRequestContext>) {
        router.post("/v1/health-cards/verify") { request, _ in try await verify(request) }
        router.post("/v1/health-cards/import") { request, _ in try await store(request) }
        router.get("/v1/health-cards") { request, _ in try await list(request) }
    }

    /// The body limit: card input is read up to 4 MiB, which JSON escaping may double.
    static let bodyLimit = 8 << 20

    /// `POST /v1/health-cards/verify`.
    func verify(_ request: Request) async throws -> Response {
        _ = try await APIAccess.resolve(request, services: services)
        let body = try await RequestBody.json(CardsRequest.self, from: request, limit: Self.bodyLimit)
        let cards = try CardVerification.verify(body.cards, trust: services.configuration.cardTrust)
        return try APIResponses.json(["cards": cards.map { WireCard($0.verifiableClinicalRecord(), stored: false) }])
    }

    /// What an import did.
    struct ImportResponse: Encodable, JSONWritable {
        /// Cards newly stored.
        var added: Int
        /// Cards that were already stored.
        var alreadyStored: Int
        /// The cards.
        var cards: [WireCard]

        func write(to json: inout JSONWriter) throws {
            try json.object { json in
                try json.field("added", added)
                try json.field("alreadyStored", alreadyStored)
                try json.field("cards", cards)
            }
        }
    }

    /// `POST /v1/health-cards/import`.
    func store(_ request: Request) async throws -> Response {
        let access = try await APIAccess.owner(request, services: services, for: "storing health cards")
        let body = try await RequestBody.json(CardsRequest.self, from: request, limit: Self.bodyLimit)
        let cards = try CardVerification.verify(body.cards, trust: services.configuration.cardTrust)
        let outcome = try CardVerification.store(cards, in: access.store)
        return try APIResponses.json(ImportResponse(added: outcome.added, alreadyStored: outcome.unchanged,
                                                    cards: cards.map { WireCard($0.verifiableClinicalRecord(), stored: false) }))
    }

    /// `GET /v1/health-cards`.
    func list(_ request: Request) async throws -> Response {
        let access = try await APIAccess.owner(request, services: services, for: "health cards")
        let stored = try await CardVerification.stored(in: access.store)
        return try APIResponses.json(["cards": stored.map { WireCard($0, stored: true) }])
    }
}
