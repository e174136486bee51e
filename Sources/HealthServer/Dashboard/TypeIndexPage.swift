import Foundation
import HealthKitModel
import Hummingbird

/// `/types`: every quantity type HealthKit knows, by name, each linking to its page.
struct TypeIndexPage: Sendable {
    /// Who is looking.
    let viewer: DashboardViewer
    /// The day and time zone links keep.
    let day: DashboardDay

    /// The page.
    func response() -> Response {
        let types = HKObjectType.allQuantityTypes.sorted { TypeNames.title($0) < TypeNames.title($1) }
        var body = "<h1>Types</h1>\n<ul class=\"types\">\n"
        for type in types {
            body += "<li><a href=\"\(day.link("/types/" + type.shortName))\">\(HTML.escape(TypeNames.title(type)))</a></li>\n"
        }
        body += "</ul>\n"
        return DashboardLayout.page(title: "Types", viewer: viewer, section: .types, body: body)
    }
}
