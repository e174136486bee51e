import Foundation
import HealthKitModel

/// A workout's route drawn as an SVG track on the server: no map tiles, no JavaScript.
///
/// Locations are projected onto a plane around the route's middle (longitude scaled by the cosine of the latitude, so
/// a kilometre east is as long as a kilometre north) and fitted into the drawing with the route's own proportions.
/// Each route is one `<polyline class="track">` (a workout may have several, such as one per segment after a pause);
/// the start is a `<circle class="start">`, the end a `<circle class="end">`. The `<svg>` is `role="img"` with an
/// `aria-label` saying how long the track is and between which times; all text is escaped.
struct RouteTrack: Sendable {
    /// The routes' locations, each route in time order.
    let routes: [[WorkoutRouteLocation]]

    /// The drawing's size in its own units (it scales to its container).
    static let width = 360.0, height = 240.0
    private static let margin = 12.0

    /// Every location.
    var locations: [WorkoutRouteLocation] { routes.flatMap { $0 } }

    /// The track's length in metres: the great-circle distances between consecutive locations of each route.
    var metres: Double {
        routes.reduce(0) { total, route in
            total + zip(route, route.dropFirst()).reduce(0) { $0 + Self.distance($1.0, $1.1) }
        }
    }

    /// The distance between two locations in metres (haversine, on a sphere of Earth's mean radius).
    static func distance(_ a: WorkoutRouteLocation, _ b: WorkoutRouteLocation) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * radians, dLon = (b.longitude - a.longitude) * radians
        let h = pow(sin(dLat / 2), 2) + cos(a.latitude * radians) * cos(b.latitude * radians) * pow(sin(dLon / 2), 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(h)))
    }

    /// The SVG element, or nil when there are no locations.
    func svg(timeText: (Date) -> String) -> String? {
        let all = locations
        guard let first = all.first, let last = all.last,
              let south = all.map(\.latitude).min(), let north = all.map(\.latitude).max(),
              let west = all.map(\.longitude).min(), let east = all.map(\.longitude).max() else { return nil }
        let scaleX = cos((south + north) / 2 * .pi / 180)
        let spanX = max((east - west) * scaleX, 1e-9), spanY = max(north - south, 1e-9)
        let room = min((Self.width - 2 * Self.margin) / spanX, (Self.height - 2 * Self.margin) / spanY)
        let offsetX = (Self.width - spanX * room) / 2, offsetY = (Self.height - spanY * room) / 2
        func point(_ location: WorkoutRouteLocation) -> (Double, Double) {
            (offsetX + (location.longitude - west) * scaleX * room, offsetY + (north - location.latitude) * room)
        }
        let label = "Route, \(ValueText.number(metres / 1000)) km, \(all.count) points, from \(timeText(first.timestamp)) "
            + "to \(timeText(last.timestamp))"
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart route\" viewBox=\"0 0 \(n(Self.width)) \(n(Self.height))\" "
            + "role=\"img\" aria-label=\"\(HTML.escape(label))\" data-points=\"\(all.count)\">\n"
        svg += "<rect x=\"0\" y=\"0\" width=\"\(n(Self.width))\" height=\"\(n(Self.height))\" fill=\"#f4f6f8\"/>\n"
        for route in routes where !route.isEmpty {
            let points = route.map(point).map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
            svg += "<polyline class=\"track\" points=\"\(points)\" fill=\"none\" stroke=\"#0a4ea3\" stroke-width=\"3\" "
                + "stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n"
        }
        let start = point(first), end = point(last)
        svg += "<circle class=\"start\" cx=\"\(n(start.0))\" cy=\"\(n(start.1))\" r=\"6\" fill=\"#2e6b1f\"><title>Start, "
            + "\(HTML.escape(timeText(first.timestamp)))</title></circle>\n"
        svg += "<circle class=\"end\" cx=\"\(n(end.0))\" cy=\"\(n(end.1))\" r=\"6\" fill=\"#a40000\"><title>End, "
            + "\(HTML.escape(timeText(last.timestamp)))</title></circle>\n"
        return svg + "</svg>"
    }

    /// A coordinate with at most two decimals.
    private func n(_ value: Double) -> String { ValueText.fixed(value, decimals: 2) }
}
