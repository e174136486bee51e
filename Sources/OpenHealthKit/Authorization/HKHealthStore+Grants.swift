import Foundation
public import HealthDatabase

// OpenHealthKit extensions: the person's view of every app's grants, as the Health app's Sources tab
// shows them (`health permissions`, `health authorize`, `health revoke`). No prompt, no authorization:
// these are for the person's own tools, not for apps.
extension HKHealthStore {
    /// Every recorded decision of `app` (a bundle identifier), or of every app when `nil` (OpenHealthKit extension).
    public func authorizationGrants(forApp app: String? = nil) throws -> [AuthorizationGrant] {
        do { return try storage().grants(for: app) } catch { throw HKError.from(error) }
    }

    /// Records that `app` may (or may not) share and read these types, replacing earlier decisions.
    ///
    /// OpenHealthKit extension. Throws ``HKError/Code/errorInvalidArgument`` with HealthKit's message for
    /// read-only types to share or correlation types, as a request would.
    public func setAuthorization(forApp app: String, toShare: Set<HKSampleType>, read: Set<HKObjectType>, allowed: Bool) throws {
        try AuthorizationRules.validate(share: toShare, read: read)
        let now = Date()
        let grants = toShare.map { AuthorizationGrant(app: app, type: $0.identifier, access: .share, allowed: allowed, decidedAt: now) }
            + read.map { AuthorizationGrant(app: app, type: $0.identifier, access: .read, allowed: allowed, decidedAt: now) }
        do { try storage().setGrants(grants) } catch { throw HKError.from(error) }
    }

    /// Forgets `app`'s decisions for `types` (all of them when `nil`), so its next request asks again.
    ///
    /// OpenHealthKit extension.
    public func revokeAuthorization(forApp app: String, types: Set<HKObjectType>? = nil) throws {
        do { try storage().removeGrants(for: app, types: types.map { Set($0.map(\.identifier)) }) }
        catch { throw HKError.from(error) }
    }
}
