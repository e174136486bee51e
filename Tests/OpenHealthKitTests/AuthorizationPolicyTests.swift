import Foundation
@testable import OpenHealthKit
import Testing

@Suite struct AuthorizationPolicyTests {
    typealias F = StoreFixture

    static let request = AuthorizationPromptRequest(app: F.app(), typesToShare: [F.stepCount, F.bodyMass], typesToRead: [F.heartRate])

    static func answer(_ environment: [String: String], hasTerminal: Bool) throws -> AuthorizationPromptResponse {
        try AuthorizationPolicy.prompt(environment: environment, hasTerminal: hasTerminal).decide(request)
    }

    @Test func allowAndDenyDecideEverythingWithoutAsking() throws {
        let allowed = try Self.answer(["OPENHEALTHKIT_AUTHORIZATION": "allow"], hasTerminal: true)
        #expect(allowed.allowedToShare == Self.request.typesToShare && allowed.allowedToRead == Self.request.typesToRead)
        let denied = try Self.answer(["OPENHEALTHKIT_AUTHORIZATION": "DENY"], hasTerminal: true)
        #expect(denied.allowedToShare.isEmpty && denied.allowedToRead.isEmpty)
    }

    @Test func unsetWithoutATerminalDenies() throws {
        let denied = try Self.answer([:], hasTerminal: false)
        #expect(denied.allowedToShare.isEmpty && denied.allowedToRead.isEmpty)
        #expect(AuthorizationPolicy.prompt(environment: [:], hasTerminal: true) is TerminalAuthorizationPrompt)
        #expect(AuthorizationPolicy.prompt(environment: ["OPENHEALTHKIT_AUTHORIZATION": "ask"], hasTerminal: false)
                is TerminalAuthorizationPrompt)
    }

    @Test func anUnknownPolicyDecidesNothing() {
        #expect(throws: HKError.self) { try Self.answer(["OPENHEALTHKIT_AUTHORIZATION": "maybe"], hasTerminal: true) }
    }

    @Test func theStoreUsesItsEnvironmentsPolicy() async throws {
        let store = HKHealthStore(storage: try HealthDatabaseFixture.memory(), app: F.app(),
                                  environment: ["OPENHEALTHKIT_AUTHORIZATION": "deny"])
        try await store.requestAuthorization(toShare: [F.stepCount], read: [])
        #expect(store.authorizationStatus(for: F.stepCount) == .sharingDenied)
    }

    @Test func theTerminalPromptAsksPerGroupOrPerType() throws {
        let answers = ScriptedLines(["e", "y", "n", "y"])
        let output = ScriptedLines([])
        let prompt = TerminalAuthorizationPrompt(readLine: { answers.next() }, write: { output.append($0) })
        let response = try prompt.decide(Self.request)
        // Share types are asked in short-name order: bodyMass (y), stepCount (n); then all reads (y).
        #expect(response.allowedToShare == [F.bodyMass])
        #expect(response.allowedToRead == [F.heartRate])
        #expect(output.joined.contains(F.appID))
    }

    @Test func theTerminalPromptDeniesOnEndOfInput() throws {
        let prompt = TerminalAuthorizationPrompt(readLine: { nil }, write: { _ in })
        let response = try prompt.decide(Self.request)
        #expect(response.allowedToShare.isEmpty && response.allowedToRead.isEmpty)
    }
}

/// Lines fed to, or collected from, the terminal prompt.
final class ScriptedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String]
    init(_ lines: [String]) { self.lines = lines }
    func next() -> String? { lock.withLock { lines.isEmpty ? nil : lines.removeFirst() } }
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var joined: String { lock.withLock { lines.joined() } }
}
