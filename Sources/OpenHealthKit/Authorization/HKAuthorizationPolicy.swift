public import Foundation

/// How a store answers authorization requests when nobody configured a prompt: the
/// `OPENHEALTHKIT_AUTHORIZATION` environment variable.
///
/// OpenHealthKit extension.
/// - `allow`: every undecided type is allowed, without asking (CI, trusted servers).
/// - `deny`: every undecided type is denied, without asking.
/// - `ask`: the terminal prompt asks the person on `/dev/tty`; without a terminal the request fails with
///   ``HKError/Code/errorUserCanceled`` and decides nothing (the sheet could not be shown).
/// - unset or empty: `ask` when the process has a terminal, otherwise `deny`.
/// - anything else: requests fail with ``HKError/Code/errorInvalidArgument`` and decide nothing.
public enum AuthorizationPolicy: String, Sendable, CaseIterable {
    /// Allow every undecided type.
    case allow
    /// Deny every undecided type.
    case deny
    /// Ask the person on the terminal.
    case ask

    /// `"OPENHEALTHKIT_AUTHORIZATION"`.
    public static let environmentVariable = "OPENHEALTHKIT_AUTHORIZATION"

    /// The prompt this policy answers with.
    public var prompt: any AuthorizationPrompt {
        switch self {
        case .allow: FixedAuthorizationPrompt(allows: true)
        case .deny: FixedAuthorizationPrompt(allows: false)
        case .ask: TerminalAuthorizationPrompt()
        }
    }

    /// The prompt `environment` selects; `hasTerminal` decides the default when the variable is unset.
    public static func prompt(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        hasTerminal: @autoclosure () -> Bool = TerminalAuthorizationPrompt.isTerminalAvailable()
    ) -> any AuthorizationPrompt {
        let value = environment[environmentVariable]?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        if value.isEmpty { return hasTerminal() ? AuthorizationPolicy.ask.prompt : AuthorizationPolicy.deny.prompt }
        guard let policy = AuthorizationPolicy(rawValue: value) else {
            let message = "\(environmentVariable) must be allow, deny or ask, not '\(value)'"
            return ClosureAuthorizationPrompt { _ in throw HKError.invalidArgument(message) }
        }
        return policy.prompt
    }
}
