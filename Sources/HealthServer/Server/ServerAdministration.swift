import Foundation
import HealthKitModel

// What `health users`, `health apps` and `health tokens` do to a server's data folder (the server may be running).
extension HealthServer {
    /// Adds an account (the first one administers the server) and returns its id. Throws with a sentence when the name
    /// or password is not acceptable or the name is taken.
    public func addPerson(name: String, password: String) async throws -> String {
        let name = name.trimmingCharacters(in: .whitespaces)
        if let problem = SessionRoutes.accountProblem(name: name, password: password) { throw ServerError.badRequest(problem) }
        let hash = try await SessionRoutes.hash(password, cost: services.configuration.bcryptCost)
        return try services.directory.addPerson(name: name, passwordHash: hash).id
    }

    /// Registers an app as an OAuth client with what a HealthKit app declares in its Info.plist.
    ///
    /// - Parameters:
    ///   - clientID: the client id, also the bundle identifier its saves carry (`com.example.steps`).
    ///   - name: the name the permission sheet shows.
    ///   - redirectURIs: where codes may be sent (exact match; `https://`, or `http://` on loopback).
    ///   - shareUsage: why it reads (`NSHealthShareUsageDescription`).
    ///   - updateUsage: why it writes (`NSHealthUpdateUsageDescription`).
    ///   - clinicalUsage: why it reads clinical records (`NSHealthClinicalHealthRecordsShareUsageDescription`); giving it
    ///     grants the clinical-records capability.
    ///   - requiredReadTypes: clinical types it requires (`NSHealthRequiredReadAuthorizationTypeIdentifiers`).
    public func registerApp(clientID: String, name: String, redirectURIs: [String], shareUsage: String?, updateUsage: String?,
                            clinicalUsage: String? = nil, requiredReadTypes: [String] = []) throws {
        guard !clientID.isEmpty, clientID.allSatisfy({ $0.isLetter || $0.isNumber || "-._".contains($0) }) else {
            throw ServerError.badRequest("the client id must be a bundle identifier such as com.example.steps")
        }
        guard !redirectURIs.isEmpty else { throw ServerError.badRequest("give at least one redirect URI") }
        for uri in redirectURIs {
            guard let url = URL(string: uri), let scheme = url.scheme?.lowercased(), url.host != nil, url.fragment == nil,
                  scheme == "https" || (scheme == "http" && ["127.0.0.1", "localhost", "::1"].contains(url.host ?? "")) else {
                throw ServerError.badRequest("redirect URI \(uri) must be https:// (or http:// on loopback) with no fragment")
            }
        }
        if !requiredReadTypes.isEmpty {
            let types = requiredReadTypes.compactMap { ClinicalTypeNames.clinical($0) }
            guard types.count == requiredReadTypes.count, types.count >= 3 else {
                throw ServerError.badRequest("required read types must be three or more clinical types")
            }
        }
        try services.directory.addApp(RegisteredApp(
            clientID: clientID, name: name, redirectURIs: redirectURIs, shareUsageDescription: shareUsage,
            updateUsageDescription: updateUsage, clinicalUsageDescription: clinicalUsage, clinicalAccess: clinicalUsage != nil,
            requiredReadTypes: requiredReadTypes.compactMap { ClinicalTypeNames.clinical($0) }))
    }

    /// Makes a personal access token for the person named `name` (owner access for their scripts) and returns it; only
    /// its digest is kept.
    public func createPersonalToken(for name: String, label: String) throws -> String {
        guard let person = try services.directory.person(named: name)?.person else {
            throw ServerError.notFound("no account is named \"\(name)\"")
        }
        return try services.directory.makePersonalToken(personID: person.id, label: label)
    }

    /// The names of every account, with whether each administers the server.
    public func people() throws -> [(name: String, isAdministrator: Bool)] {
        try services.directory.people().map { ($0.name, $0.isAdministrator) }
    }

    /// The registered apps' client ids and names.
    public func apps() throws -> [(clientID: String, name: String)] {
        try services.directory.apps().map { ($0.clientID, $0.name) }
    }
}
