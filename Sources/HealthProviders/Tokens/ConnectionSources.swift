import Crypto
import Foundation
import HealthKitModel
import HealthRecords

// One source per patient: the records of each connection live under their own HKSource, so removing one connection's
// records (or a full check finding them "no longer returned") never touches another patient's at the same institution.
extension ConnectionStore {
    /// The source bundle identifier for a new connection: the institution name's, unless another connection already
    /// uses that one; then the name's plus `.patient-<hash of endpoint and patient>`.
    func sourceBundleIdentifier(for connection: ProviderConnection, among others: [ProviderConnection]) -> String {
        let plain = ClinicalInstitution.defaultBundleIdentifier(name: connection.institution)
        return others.contains { $0.source.bundleIdentifier == plain } ? Self.patientSource(plain, connection) : plain
    }

    static func patientSource(_ base: String, _ connection: ProviderConnection) -> String {
        let digest = SHA256.hash(data: Data(connection.identity.utf8)).map { String(format: "%02x", $0) }.joined()
        return base + ".patient-" + digest.prefix(16)
    }

    /// Migration for connections made before sources were per patient: where several connections share a source
    /// (one institution, several patients), the oldest (then the lowest id) keeps it and each other gets its own; all of them are set for
    /// a full check, so the next syncs download each patient's records into their own source and remove the other
    /// patients' records from the shared one. Returns the connections given a new source.
    @discardableResult
    public func separateSharedSources() throws -> [ProviderConnection] {
        var moved: [ProviderConnection] = []
        let groups = Dictionary(grouping: try all(), by: { $0.source.bundleIdentifier })
        for (shared, members) in groups where members.count > 1 {
            for (index, member) in members.sorted(by: { ($0.created, $0.id) < ($1.created, $1.id) }).enumerated() {
                var next = member
                if index > 0 { next.sourceBundleIdentifier = Self.patientSource(shared, member) }
                next.lastFullCheck = nil
                next.checkpoints = [:]
                try update(next)
                if index > 0 { moved.append(next) }
            }
        }
        return moved
    }
}
