import Foundation
package import HealthDatabase

/// Which samples of a type an app's queries see (package access, for the query layer).
///
/// Read denial is invisible in HealthKit: an app without read access sees only the samples it saved, as
/// if nobody else had stored any.
package enum ReadScope: Sendable, Hashable {
    /// Every sample of the type, whoever saved it.
    case all
    /// Only the samples the app itself saved.
    case ownOnly
}

extension HKHealthStore {
    /// What the app's queries may see of `type` (package access).
    ///
    /// `.all` when the person allowed the app to read the type (a correlation type: any of its member
    /// types), `.ownOnly` otherwise, including when undecided or when the database cannot be read.
    package func readScope(for type: HKObjectType) -> ReadScope {
        guard let decisions = try? decisions() else { return .ownOnly }
        return decisions.mayRead(type) ? .all : .ownOnly
    }

    /// The restriction to AND with a query over `types` so it sees only what the app may read (package access).
    ///
    /// `.all` when every type is readable; otherwise records of the readable types, the objects of
    /// per-object types (vision prescriptions) the person picked for the app, or of the app itself.
    /// Throws (as `HKError`) when the database cannot be read.
    package func readRestriction(for types: some Sequence<HKObjectType>) throws -> SampleFilter {
        let decisions = try decisions()
        let types = Array(types)
        let readable = types.filter(decisions.mayRead)
        if readable.count == types.count { return .all }
        var allowed: [SampleFilter] = [.sources([app.bundleIdentifier])]
        if !readable.isEmpty { allowed.append(.types(Set(readable.map(\.identifier)))) }
        if let picked = try perObjectReadFilter(for: types, in: storage()) { allowed.append(picked) }
        return allowed.count == 1 ? allowed[0] : .or(allowed)
    }
}
