import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// A workout's `WorkoutRoute` children to `HKWorkoutRoute` records: locations from the GPX file a
/// `FileReference` names (workout-routes/*.gpx), or from embedded `Location` elements in very old exports.
enum RouteReader {
    /// The route records of a workout (children of `workout`), and the problems met; GPX files come from `routeFiles`.
    static func routes(in node: ExportNode, routeFiles: RouteLookahead, workout: SampleRecord,
                       sources: inout ExportSources) -> (records: [SampleRecord], problems: [ImportProblem]) {
        var records: [SampleRecord] = []
        var problems: [ImportProblem] = []
        for route in node.children(named: "WorkoutRoute") {
            var locations: [WorkoutRouteLocation] = route.children(named: "Location").compactMap(location)
            var path: String?
            var encoded: Result<RouteMapping.EncodedLocations, HKError>?
            if let reference = route.children(named: "FileReference").first?.attributes["path"] {
                path = reference
                switch routeFiles.outcome(for: reference) {
                case .file(.unreadable):
                    problems.append(ImportProblem(.missingFile, line: route.line, reference))
                    continue
                case .file(let problem):
                    problems.append(problem.importProblem(file: reference, line: route.line, what: "a route's GPX file"))
                    continue
                case .gpx(let problem):
                    problems.append(ImportProblem(problem.kind, line: problem.line, problem.detail, file: reference))
                    continue
                case .read(let read, let readEncoded):
                    // The file's encoding is the payload's only when there are no embedded points before them.
                    if locations.isEmpty { encoded = readEncoded }
                    locations += read
                }
            }
            let start = route.attributes["startDate"].flatMap(ExportValues.date) ?? locations.first?.timestamp ?? workout.startDate
            let end = max(route.attributes["endDate"].flatMap(ExportValues.date) ?? locations.last?.timestamp ?? workout.endDate, start)
            let source = sources.source(name: route.attributes["sourceName"] ?? workout.source.name, version: route.attributes["sourceVersion"])
            let device = route.attributes["device"].map { sources.device(text: $0) }?.device
            var hasher = IdentityHasher(kind: "WorkoutRoute")
            hasher.add(workout.uuid.halves)
            hasher.add(start.timeIntervalSince1970)
            hasher.add(end.timeIntervalSince1970)
            hasher.add(locations.count)
            let metadata = MetadataConverterBox.metadata(route.metadataEntries)
            let routeSample = HKWorkoutRoute(locations: locations, start: start, end: end, uuid: hasher.uuid(at: start),
                                             sourceRevision: source.revision, device: device, metadata: metadata)
            do { records.append(try RouteMapping.record(from: routeSample, workout: workout.uuid, file: path, encoded: encoded)) }
            catch { problems.append(ImportProblem(.invalidObject, line: route.line, "\(error)")) }
        }
        return (records, problems)
    }

    /// An embedded `<Location date= latitude= longitude= .../>`.
    private static func location(_ node: ExportNode) -> WorkoutRouteLocation? {
        let attributes = node.attributes
        guard let latitude = attributes["latitude"].flatMap(ExportValues.number),
              let longitude = attributes["longitude"].flatMap(ExportValues.number),
              let date = attributes["date"].flatMap(ExportValues.date) else { return nil }
        func number(_ key: String) -> Double { attributes[key].flatMap { ExportValues.number(String($0.prefix { $0 != " " })) } ?? -1 }
        return WorkoutRouteLocation(latitude: latitude, longitude: longitude, altitude: number("altitude"), timestamp: date,
                                      horizontalAccuracy: number("horizontalAccuracy"), verticalAccuracy: number("verticalAccuracy"),
                                      course: number("course"), speed: number("speed"))
    }
}

/// Metadata conversion where no converter state is at hand (rare elements).
enum MetadataConverterBox {
    static func metadata(_ entries: [(key: String, value: String)]) -> [String: Any]? {
        var converter = MetadataConverter()
        return converter.metadata(entries)
    }
}
