public import Foundation

/// What the per-object permission sheet shows: the samples of a type that needs per-object authorization
/// (vision prescriptions) matching the app's predicate, for the person to pick the ones the app may read.
///
/// OpenHealthKit extension. HealthKit shows the samples in a system sheet each time an app calls
/// `requestPerObjectReadAuthorization(for:predicate:completion:)`.
public struct PerObjectAuthorizationPromptRequest: @unchecked Sendable {
    /// The app asking.
    public let app: HKSource
    /// The type, one whose `requiresPerObjectAuthorization()` is true.
    public let objectType: HKObjectType
    /// The samples the person chooses from, by start date.
    public let objects: [HKSample]
    /// The UUIDs among `objects` the app may read already (the sheet shows them selected).
    public let previouslyAllowed: Set<UUID>

    /// Creates a request.
    public init(app: HKSource, objectType: HKObjectType, objects: [HKSample], previouslyAllowed: Set<UUID>) {
        self.app = app
        self.objectType = objectType
        self.objects = objects
        self.previouslyAllowed = previouslyAllowed
    }

    /// The answer of a prompt that decides types only: every object when it allows reading `objectType`
    /// in a type request, none otherwise. What prompts without their own per-object answer give.
    public func decidedByType(with prompt: some AuthorizationPrompt) throws -> Set<UUID> {
        let request = AuthorizationPromptRequest(app: app, typesToShare: [], typesToRead: [objectType])
        return try prompt.decide(request).allowedToRead.contains(objectType) ? Set(objects.map(\.uuid)) : []
    }
}
