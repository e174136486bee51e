import Foundation
import GRDB

/// A person's own access token as their tokens page lists it: never the secret, which is shown once when made.
struct PersonalTokenInfo: Sendable, Hashable {
    /// The first 16 hexadecimal digits of the secret's SHA-256 digest: names the token in the revoke form without
    /// revealing it.
    var id: String
    /// What the person called it.
    var label: String
    /// When it was made.
    var created: Date
}

// Personal access tokens (owner access for a person's own scripts), made with `health tokens create` or on the
// dashboard's tokens page.
extension ServerDirectory {
    /// Makes a personal token for `personID` labelled `label`; returns the secret (stored only as its digest).
    func makePersonalToken(personID: String, label: String) throws -> String {
        let secret = TokenSecret.make(prefix: "ohk_p_")
        try addToken(secret: secret, TokenGrant(kind: .personal, personID: personID, clientID: nil, scope: []), label: label, expires: nil)
        return secret
    }

    /// `personID`'s personal tokens, newest first.
    func personalTokens(personID: String) throws -> [PersonalTokenInfo] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT digest, label, created_at FROM token WHERE person_id = ? AND kind = ? ORDER BY created_at DESC
                """, arguments: [personID, TokenGrant.Kind.personal.rawValue]).map { row in
                let digest: String = row["digest"]
                return PersonalTokenInfo(id: String(digest.prefix(16)), label: row["label"], created: Date(timeIntervalSince1970: row["created_at"]))
            }
        }
    }

    /// Revokes `personID`'s personal token named `id` (``PersonalTokenInfo/id``); whether there was one. Another
    /// person's token, or any other kind, is never touched.
    func revokePersonalToken(personID: String, id: String) throws -> Bool {
        guard id.count == 16, id.allSatisfy(\.isHexDigit) else { return false }
        return try database.write { db in
            try db.execute(sql: "DELETE FROM token WHERE person_id = ? AND kind = ? AND substr(digest, 1, 16) = ?",
                           arguments: [personID, TokenGrant.Kind.personal.rawValue, id.lowercased()])
            return db.changesCount > 0
        }
    }
}
