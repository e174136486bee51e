import Foundation
import HealthDatabase
import HealthLocking

// What HealthKit's authorization methods (declared on HKHealthStore) do, and their throwing twins. The permission
// sheet is the store's `authorizationPrompt`.
extension HKHealthStore {
    /// The app's sharing status for `type`; `.notDetermined` also when the database cannot be read.
    func sharingStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        (try? decisions().sharingStatus(for: type)) ?? .notDetermined
    }

    /// What `requestAuthorization(toShare:read:completion:)` does: traps on an invalid request, then asks off the
    /// caller's thread.
    func requestAuthorizationOrTrap(share: Set<HKSampleType>, read: Set<HKObjectType>,
                                    completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        AuthorizationRules.validateOrTrap(share: share, read: read)
        dispatch({ try self.authorize(share: share, read: read) }, reporting: completion)
    }

    /// ``requestAuthorization(toShare:read:)`` that throws ``HKError/Code/errorInvalidArgument`` instead of
    /// trapping on an invalid request (OpenHealthKit extension, for the CLI and the server).
    public func checkedRequestAuthorization(toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>) async throws {
        try AuthorizationRules.validate(share: typesToShare, read: typesToRead)
        try await perform { try self.authorize(share: typesToShare, read: typesToRead) }
    }

    /// What `getRequestStatusForAuthorization(toShare:read:completion:)` does: traps on an invalid request, then
    /// answers off the caller's thread (`.unknown` and the error on failure).
    func requestStatusOrTrap(share: Set<HKSampleType>, read: Set<HKObjectType>,
                             completion: @escaping @Sendable (HKAuthorizationRequestStatus, (any Error)?) -> Void) {
        AuthorizationRules.validateOrTrap(share: share, read: read)
        dispatch({ try self.requestStatus(share: share, read: read) }) { completion((try? $0.get()) ?? .unknown, $0.error) }
    }

    /// ``statusForAuthorizationRequest(toShare:read:)`` that throws ``HKError/Code/errorInvalidArgument``
    /// instead of trapping (OpenHealthKit extension).
    public func checkedStatusForAuthorizationRequest(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    ) async throws -> HKAuthorizationRequestStatus {
        try AuthorizationRules.validate(share: typesToShare, read: typesToRead)
        return try await perform { try self.requestStatus(share: typesToShare, read: typesToRead) }
    }
}

// The request itself, run off the caller's thread.
extension HKHealthStore {
    /// What a request covers: the types to share and to read (required clinical types included) and
    /// which of them are undecided.
    private struct Pending {
        let share: Set<HKSampleType>
        let read: Set<HKObjectType>
        let required: Set<HKObjectType>

        init(share: Set<HKSampleType>, read: Set<HKObjectType>, required: Set<HKObjectType>, decisions: AuthorizationDecisions) {
            let required = read.contains { $0.kind == .clinical } ? required : []
            self.share = share.filter { decisions.share[$0.identifier] == nil }
            self.read = read.union(required).filter { decisions.read[$0.identifier] == nil }
            self.required = required
        }

        var isEmpty: Bool { share.isEmpty && read.isEmpty }
    }

    private func pending(share: Set<HKSampleType>, read: Set<HKObjectType>, in storage: any HealthStorage) throws -> Pending {
        let required = try authorizationSettings.current.requiredReadTypes.get()
        return Pending(share: share, read: read, required: required, decisions: try decisions(in: storage))
    }

    /// Asks the prompt about the undecided types, records the answers, and enforces required types.
    func authorize(share: Set<HKSampleType>, read: Set<HKObjectType>) throws {
        let perObject = read.filter { $0.requiresPerObjectAuthorization() }
        if !perObject.isEmpty {
            throw HKError.invalidArgument("Reading \(perObject.map(\.identifier).sorted().joined(separator: ", ")) requires per-object authorization: use requestPerObjectReadAuthorization(for:predicate:completion:)")
        }
        // A guest cannot authorize anything new: the request completes as if answered, and decides nothing.
        if isGuestUserSession { return }
        let storage = try storage()
        authorizationLock.lock()
        defer { authorizationLock.unlock() }
        let pending = try pending(share: share, read: read, in: storage)
        if !pending.isEmpty {
            let request = AuthorizationPromptRequest(
                app: app, typesToShare: pending.share, typesToRead: pending.read,
                requiredTypesToRead: pending.required.intersection(pending.read))
            let response = try authorizationPrompt.decide(request)
            let now = Date()
            let grants = pending.share.map { grant($0, .share, response.allowedToShare.contains($0), now) }
                + pending.read.map { grant($0, .read, response.allowedToRead.contains($0), now) }
            try storage.setGrants(grants)
        }
        let decisions = try decisions(in: storage)
        if pending.required.contains(where: { decisions.read[$0.identifier] != true }) {
            throw HKError(.errorRequiredAuthorizationDenied, "Authorization for required clinical record types was denied")
        }
    }

    private func grant(_ type: HKObjectType, _ access: AuthorizationGrant.Access, _ allowed: Bool, _ date: Date) -> AuthorizationGrant {
        AuthorizationGrant(app: app.bundleIdentifier, type: type.identifier, access: access, allowed: allowed, decidedAt: date)
    }

    /// `.shouldRequest` when any requested type (required clinical types included) is undecided.
    func requestStatus(share: Set<HKSampleType>, read: Set<HKObjectType>) throws -> HKAuthorizationRequestStatus {
        try pending(share: share, read: read, in: storage()).isEmpty ? .unnecessary : .shouldRequest
    }
}
