import Foundation
import HealthDatabase

/// An app's recorded decisions, by type identifier: `true` allowed, `false` denied, absent undecided.
struct AuthorizationDecisions {
    private(set) var share: [String: Bool] = [:]
    private(set) var read: [String: Bool] = [:]
    /// The person's own access: every shareable type may be shared and every type read.
    private(set) var allowsEverything = false

    /// The decisions of the person's own access (``HKHealthStore/owner(storage:app:)``).
    static let owner: AuthorizationDecisions = {
        var decisions = AuthorizationDecisions([])
        decisions.allowsEverything = true
        return decisions
    }()

    /// Indexes `app`'s grants.
    init(_ grants: [AuthorizationGrant]) {
        for grant in grants {
            switch grant.access {
            case .share: share[grant.type] = grant.allowed
            case .read: read[grant.type] = grant.allowed
            }
        }
    }

    /// The sharing status HealthKit reports for `type`.
    ///
    /// Read-only types are `.notDetermined` until their read access is decided and `.sharingDenied` after
    /// (apps can never save them). A correlation type is authorized when any member type is, denied when
    /// a member type is decided and none is authorized, and undecided otherwise.
    func sharingStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        if allowsEverything { return AuthorizationRules.isShareable(type) || type.kind == .correlation ? .sharingAuthorized : .sharingDenied }
        if type.kind == .correlation {
            let members = Self.memberTypes(of: type).map { share[$0.identifier] }
            if members.contains(true) { return .sharingAuthorized }
            return members.contains(false) ? .sharingDenied : .notDetermined
        }
        guard AuthorizationRules.isShareable(type) else {
            return read[type.identifier] == nil ? .notDetermined : .sharingDenied
        }
        switch share[type.identifier] {
        case true?: return .sharingAuthorized
        case false?: return .sharingDenied
        case nil: return .notDetermined
        }
    }

    /// Whether the app may read every sample of `type` (a correlation: any of its member types). Never for
    /// a type that requires per-object authorization: apps read only the objects the person picked.
    func mayRead(_ type: HKObjectType) -> Bool {
        if allowsEverything { return true }
        if type.requiresPerObjectAuthorization() { return false }
        if type.kind == .correlation { return Self.memberTypes(of: type).contains { read[$0.identifier] == true } }
        return read[type.identifier] == true
    }

    /// The member types of a correlation type (none for any other type).
    private static func memberTypes(of type: HKObjectType) -> [HKSampleType] {
        (type as? HKCorrelationType)?.memberTypes ?? []
    }
}

extension HKHealthStore {
    /// The app's recorded decisions in `storage`.
    func decisions(in storage: any HealthStorage) throws -> AuthorizationDecisions {
        if isOwner { return .owner }
        return AuthorizationDecisions(try storage.grants(for: app.bundleIdentifier))
    }

    /// The app's recorded decisions.
    func decisions() throws -> AuthorizationDecisions {
        try decisions(in: storage())
    }
}
