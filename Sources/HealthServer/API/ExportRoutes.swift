import Foundation
import HealthExport
import Hummingbird
import OpenHealthKit

/// `GET /v1/exports?format=apple|csv|fhir`: the person's store written by the library's exporter, as `health export`
/// writes it: Apple's `export.zip` (which imports back with the same UUIDs), the CSV files (one per type) zipped, or a
/// FHIR R4 Bundle. `type` (repeatable), `start` and `end` narrow it as `health export --type --from --to` do.
///
/// The person's own (their token or session): an export reads every record whatever its source, which HealthKit lets
/// no app do, so an app's token is 403 and a guest's session too.
struct ExportRoutes: Sendable {
    let services: ServerServices

    /// Where exports are written before they are sent (`DIR/exports`); what a stopped server left there is removed.
    var folder: URL { services.configuration.dataFolder.appendingPathComponent("exports") }

    /// Adds the route to `router`.
    func add(to router: Router<BasicRequestContext>) {
        try? FileManager.default.removeItem(at: folder)
        router.get("/v1/exports") { request, _ in try await export(request) }
    }

    /// `GET /v1/exports`.
    func export(_ request: Request) async throws -> Response {
        let access = try APIAccess.resolve(request, services: services)
        try access.requireOwner("exports")
        let parameters = QueryParameters(request)
        let name = parameters.one("format") ?? HealthExporter.Format.apple.rawValue
        guard let format = HealthExporter.Format(rawValue: name) else {
            throw ServerError.badRequest("format must be apple, csv or fhir, not \"\(name)\"")
        }
        var selection = ExportSelection()
        if !parameters.all("type").isEmpty { selection.types = Set(try parameters.sampleTypes().map(\.identifier)) }
        selection.from = try parameters.date("start")
        selection.to = try parameters.date("end")
        if let from = selection.from, let to = selection.to, to <= from { throw ServerError.badRequest("end must be after start") }
        let download = try await ExportDownload.make(format, selection: selection, storage: try access.store.storage(), under: folder)
        return try download.response()
    }
}
