public import Foundation

/// What the permission sheet shows: the app and the types it asks for that the person has not decided yet.
///
/// OpenHealthKit extension.
public struct AuthorizationPromptRequest: Sendable {
    /// The app asking.
    public let app: HKSource
    /// Undecided types the app asks to share (save).
    public let typesToShare: Set<HKSampleType>
    /// Undecided types the app asks to read.
    public let typesToRead: Set<HKObjectType>
    /// Clinical types the app declared it requires (a subset of `typesToRead`); denying any of them fails
    /// the request with ``HKError/Code/errorRequiredAuthorizationDenied``.
    public let requiredTypesToRead: Set<HKObjectType>

    /// Creates a request.
    public init(app: HKSource, typesToShare: Set<HKSampleType>, typesToRead: Set<HKObjectType>,
                requiredTypesToRead: Set<HKObjectType> = []) {
        self.app = app
        self.typesToShare = typesToShare
        self.typesToRead = typesToRead
        self.requiredTypesToRead = requiredTypesToRead
    }
}

/// The person's answer: the types allowed. Every other type in the request is denied.
///
/// OpenHealthKit extension.
public struct AuthorizationPromptResponse: Sendable {
    /// The types the app may share; types of the request not in this set are denied.
    public var allowedToShare: Set<HKSampleType>
    /// The types the app may read; types of the request not in this set are denied.
    public var allowedToRead: Set<HKObjectType>

    /// Creates a response.
    public init(allowedToShare: Set<HKSampleType>, allowedToRead: Set<HKObjectType>) {
        self.allowedToShare = allowedToShare
        self.allowedToRead = allowedToRead
    }

    /// Allows everything in `request`.
    public static func allowAll(_ request: AuthorizationPromptRequest) -> Self {
        Self(allowedToShare: request.typesToShare, allowedToRead: request.typesToRead)
    }

    /// Denies everything ("Don't Allow").
    public static let denyAll = Self(allowedToShare: [], allowedToRead: [])
}

/// The permission sheet: asked, during `requestAuthorization`, about the types the person has not yet decided.
///
/// OpenHealthKit extension. HealthKit shows a system sheet; OpenHealthKit asks whichever prompt the store
/// is given: ``TerminalAuthorizationPrompt``, ``FixedAuthorizationPrompt`` (allow or deny everything,
/// for CI and servers) or ``ClosureAuthorizationPrompt``. The store records every type of the request as
/// allowed or denied according to the response. Throwing (for example ``HKError/Code/errorUserCanceled``)
/// records nothing, and the request completes with that error.
///
/// The store calls the prompt on a background thread, one request at a time per store; it may block.
public protocol AuthorizationPrompt: Sendable {
    /// Asks the person about `request` and returns what they allowed.
    func decide(_ request: AuthorizationPromptRequest) throws -> AuthorizationPromptResponse

    /// Asks the person which of `request.objects` the app may read and returns their UUIDs; the others
    /// are not readable afterwards. OpenHealthKit extension, asked by `requestPerObjectReadAuthorization`. The default answers by type (``PerObjectAuthorizationPromptRequest/decidedByType(with:)``).
    func decideObjects(_ request: PerObjectAuthorizationPromptRequest) throws -> Set<UUID>
}

extension AuthorizationPrompt {
    /// Answers by type: every object when ``decide(_:)`` allows reading the type, none otherwise.
    public func decideObjects(_ request: PerObjectAuthorizationPromptRequest) throws -> Set<UUID> {
        try request.decidedByType(with: self)
    }
}

/// A prompt that answers every request the same way, without asking anyone.
///
/// OpenHealthKit extension; what `OPENHEALTHKIT_AUTHORIZATION=allow` and `=deny` select.
public struct FixedAuthorizationPrompt: AuthorizationPrompt {
    /// Whether every type is allowed (`true`) or denied (`false`).
    public let allows: Bool

    /// Creates a prompt that allows (`true`) or denies (`false`) everything.
    public init(allows: Bool) { self.allows = allows }

    /// Allows or denies every type of `request`.
    public func decide(_ request: AuthorizationPromptRequest) throws -> AuthorizationPromptResponse {
        allows ? .allowAll(request) : .denyAll
    }
}

/// A prompt that calls a closure: for tests, and for servers that ask the person some other way.
///
/// OpenHealthKit extension.
public struct ClosureAuthorizationPrompt: AuthorizationPrompt {
    private let body: @Sendable (AuthorizationPromptRequest) throws -> AuthorizationPromptResponse
    private let objects: (@Sendable (PerObjectAuthorizationPromptRequest) throws -> Set<UUID>)?

    /// Creates a prompt that answers type requests with `body` and per-object requests with `objects`
    /// (by type, through `body`, when nil).
    public init(_ body: @escaping @Sendable (AuthorizationPromptRequest) throws -> AuthorizationPromptResponse,
                objects: (@Sendable (PerObjectAuthorizationPromptRequest) throws -> Set<UUID>)? = nil) {
        self.body = body
        self.objects = objects
    }

    /// Returns `body(request)`.
    public func decide(_ request: AuthorizationPromptRequest) throws -> AuthorizationPromptResponse {
        try body(request)
    }

    /// Returns `objects(request)`, or answers by type when there is no `objects` closure.
    public func decideObjects(_ request: PerObjectAuthorizationPromptRequest) throws -> Set<UUID> {
        try objects?(request) ?? request.decidedByType(with: self)
    }
}
