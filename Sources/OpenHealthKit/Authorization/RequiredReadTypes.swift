import Foundation
import HealthUnits
import HealthLocking

/// The store's authorization configuration: the prompt and the required clinical read types.
struct AuthorizationSettings {
    /// The prompt set with ``HKHealthStore/authorizationPrompt``, or `nil` for the environment's policy.
    var prompt: (any AuthorizationPrompt)?
    /// The required clinical read types, or why the declaration is invalid.
    var requiredReadTypes: Result<Set<HKObjectType>, HKError>

    init(environment: [String: String]) {
        let declared = environment[HKHealthStore.requiredReadTypesEnvironmentVariable] ?? ""
        requiredReadTypes = Result { () throws(HKError) in try RequiredReadTypes.parse(declared) }
    }
}

/// NSHealthRequiredReadAuthorizationTypeIdentifiers, OpenHealthKit's way: the clinical types an app
/// cannot work without.
enum RequiredReadTypes {
    /// Types named in `declaration`, separated by commas or spaces (identifiers or short names), validated.
    static func parse(_ declaration: String) throws(HKError) -> Set<HKObjectType> {
        let names = declaration.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        var types: Set<HKObjectType> = []
        for name in names {
            guard let type = HKObjectType.type(named: name) else {
                throw HKError.invalidArgument(
                    "\(HKHealthStore.requiredReadTypesEnvironmentVariable) names an unknown type: \(name)")
            }
            types.insert(type)
        }
        if let problem = problem(types) { throw HKError.invalidArgument(problem) }
        return types
    }

    /// Why `types` is not a valid declaration, or `nil`: it is empty (no requirement) or lists three or
    /// more clinical types and nothing else.
    static func problem(_ types: Set<HKObjectType>) -> String? {
        if types.isEmpty { return nil }
        let other = types.filter { $0.kind != .clinical }.map(\.identifier).sorted()
        if !other.isEmpty { return "Required read authorization types must be clinical types: \(other.joined(separator: ", "))" }
        if types.count < 3 { return "Required read authorization types must list three or more clinical types" }
        return nil
    }
}

// OpenHealthKit extensions: configuring the permission sheet and the required clinical types.
extension HKHealthStore {
    /// `"OPENHEALTHKIT_REQUIRED_READ_TYPES"`: the app's required clinical read types, comma-separated
    /// identifiers or short names (OpenHealthKit's NSHealthRequiredReadAuthorizationTypeIdentifiers).
    public static let requiredReadTypesEnvironmentVariable = "OPENHEALTHKIT_REQUIRED_READ_TYPES"

    /// The permission sheet asked about undecided types (OpenHealthKit extension).
    ///
    /// Defaults to the policy the store's environment selects (``AuthorizationPolicy``).
    public var authorizationPrompt: any AuthorizationPrompt {
        get {
            authorizationSettings.withLock { $0.prompt } ?? AuthorizationPolicy.prompt(environment: environment)
        }
        set { authorizationSettings.withLock { $0.prompt = newValue } }
    }

    /// The clinical types the app requires to read (OpenHealthKit's NSHealthRequiredReadAuthorizationTypeIdentifiers).
    ///
    /// OpenHealthKit extension. Empty when none are declared or the declaration in
    /// `OPENHEALTHKIT_REQUIRED_READ_TYPES` is invalid (requests then fail with ``HKError/Code/errorInvalidArgument``).
    /// When a request reads any clinical type, the required types join it; if the person denies any of them
    /// the request fails with ``HKError/Code/errorRequiredAuthorizationDenied``.
    public var requiredReadAuthorizationTypes: Set<HKObjectType> {
        (try? authorizationSettings.current.requiredReadTypes.get()) ?? []
    }

    /// Declares the required clinical read types; traps unless `types` is empty or three or more clinical types.
    ///
    /// OpenHealthKit extension; ``checkedSetRequiredReadAuthorizationTypes(_:)`` is its throwing twin.
    public func setRequiredReadAuthorizationTypes(_ types: Set<HKObjectType>) {
        if let problem = RequiredReadTypes.problem(types) { raiseInvalidArgument(problem) }
        authorizationSettings.withLock { $0.requiredReadTypes = .success(types) }
    }

    /// Declares the required clinical read types; throws ``HKError/Code/errorInvalidArgument`` unless
    /// `types` is empty or three or more clinical types (OpenHealthKit extension).
    public func checkedSetRequiredReadAuthorizationTypes(_ types: Set<HKObjectType>) throws {
        if let problem = RequiredReadTypes.problem(types) { throw HKError.invalidArgument(problem) }
        authorizationSettings.withLock { $0.requiredReadTypes = .success(types) }
    }
}
