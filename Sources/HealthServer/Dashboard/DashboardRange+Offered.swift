import Foundation

extension DashboardRange {
    /// `self` when it is one of the `offered` ranges of a page; otherwise a 400 whose sentence starts with `what`
    /// ("workouts are listed by") and names them.
    func offered(_ offered: [DashboardRange], _ what: String) throws -> DashboardRange {
        guard offered.contains(self) else {
            throw ServerError.badRequest("range: \(what) \(offered.map(\.rawValue).joined(separator: ", "))")
        }
        return self
    }
}
