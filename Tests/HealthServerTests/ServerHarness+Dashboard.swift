import Foundation
import HealthDatabase
@testable import HealthServer
import HealthKitModel
import OpenHealthKit
import OpenHealthKitSQLite
import TestSupport

// What the dashboard tests add to the harness: the person's store file (or PostgreSQL URL), opened directly as the CLI would, and
// pages' parts read out of HTML.
extension ServerHarness {
    /// The path of the store file of the person named `name` (on PostgreSQL, TestEngine: their store's URL).
    func storePath(of name: String) throws -> String {
        guard let person = try server.services.directory.person(named: name)?.person else { throw URLError(.fileDoesNotExist) }
        if TestEngine.current == .postgres { return try TestEngine.postgresStoreURL(owner: person.id) }
        return server.services.stores.path(for: person.id)
    }

    /// The person's storage, the instance the server itself uses.
    func storage(of name: String) throws -> any HealthStorage {
        guard let person = try server.services.directory.person(named: name)?.person else { throw URLError(.fileDoesNotExist) }
        return try server.services.stores.storage(for: person.id)
    }

    /// The person's own store on their file, saving as `app`.
    func ownerStore(of name: String, app: HKSource = .healthApp) throws -> HKHealthStore {
        let path = try storePath(of: name)
        if TestEngine.current == .sqlite {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        }
        return try HKHealthStore.owner(databasePath: path, app: app)
    }

    /// The CSRF token in a page's forms.
    static func csrf(in html: String) -> String? {
        firstMatch(#"name="csrf" value="([^"]+)""#, in: html).first
    }

    /// The first capture group of every match of `pattern` in `text`.
    static func firstMatch(_ pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            String(text[Range(match.range(at: 1), in: text)!])
        }
    }

    /// Every `<svg …>…</svg>` element in a page.
    static func svgs(in html: String) -> [String] {
        firstMatch(#"(<svg .*?</svg>)"#, in: html)
    }
}
