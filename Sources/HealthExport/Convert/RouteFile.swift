import Foundation
import HealthKitModel
import OpenHealthKit

/// A workout route's GPX file as read for an import: its points and their stored encoding, or why it could not be read.
/// Made on whichever thread reads the file (``RouteLookahead``'s worker, or the parsing thread).
enum RouteFile {
    /// What reading a route file gave.
    enum Outcome {
        /// The file is missing, unreadable or too large.
        case file(ExportFileProblem)
        /// The file is not a GPX file this reader reads (the problem's line is in the file).
        case gpx(ImportProblem)
        /// The points, and their payload encoding (or the error encoding met: a number that is not finite).
        case read([WorkoutRouteLocation], encoded: Result<RouteMapping.EncodedLocations, HKError>)
    }

    /// The folder of the route files, beside export.xml.
    static let folder = "workout-routes"

    /// Reads the file at `path` (as a `FileReference` names it) among `files`.
    static func read(_ path: String, files: ExportFiles) -> Outcome {
        let data: Data
        switch files.data(at: path, limit: GPXReader.maximumFileBytes) {
        case .success(let bytes): data = bytes
        case .failure(let problem): return .file(problem)
        }
        switch GPXReader.locations(in: data) {
        case .failure(let problem): return .gpx(problem)
        case .success(let locations):
            do throws(HKError) { return .read(locations, encoded: .success(try RouteMapping.encode(locations))) }
            catch { return .read(locations, encoded: .failure(error)) }
        }
    }

    /// The key `path` is known by: without leading slashes (`/workout-routes/a.gpx` and `workout-routes/a.gpx` name
    /// the same file).
    static func key(_ path: String) -> Substring { path.drop { $0 == "/" } }
}
