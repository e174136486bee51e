import ArgumentParser
import Foundation
import HealthRecords
import OpenHealthKit
import SmartHealthCards

/// `health cards`: SMART Health Cards.
struct CardsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cards",
        abstract: "Verify, import, list and show SMART Health Cards.",
        discussion: "Cards are shc:/ QR content, .smart-health-card files or JWS.",
        subcommands: [CardsVerifyCommand.self, CardsImportCommand.self, CardsListCommand.self, CardsShowCommand.self]
    )
}

/// The card inputs and trust options `verify` and `import` share.
struct CardOptions: ParsableArguments {
    @Argument(help: "Card files: shc:/ QR text (several files for the chunks of one QR), .smart-health-card, or a JWS.")
    var files: [String]

    @Option(help: "Trusted issuer keys, for the card's issuer: a JWKS file, or a folder with .well-known/jwks.json and .well-known/crl/KID.json; repeatable.")
    var keys: [String] = []

    @Option(help: "A trusted issuer directory snapshot (VCI format: issuerInfo[].issuer.iss and keys).")
    var directory: String?

    @Flag(help: "Fetch <iss>/.well-known/jwks.json when the issuer is not trusted locally.")
    var fetch = false

    /// Verifies every card in the files; the first failure prints one line and exits with status 2.
    func verifiedCards() async throws -> [VerifiedSmartHealthCard] {
        let trust = try TrustStore.loading(keys: keys, directory: directory)
        var texts: [String] = []
        do {
            for file in files { texts.append(try SmartHealthCardInput.contents(ofFile: file)) }
        } catch {
            throw badInput("\(error)")
        }
        let verifier = SmartHealthCardVerifier(trustStore: trust)
        var cards: [VerifiedSmartHealthCard] = []
        do {
            for jws in try SmartHealthCardInput.jwsList(from: texts) {
                cards.append(try await verify(jws, with: verifier))
            }
        } catch let error as SmartHealthCardError {
            Console.write("not verified: \(error)\n")
            throw badInput("\(files.joined(separator: " ")): \(error)")
        }
        return cards
    }

    private func verify(_ jws: String, with verifier: SmartHealthCardVerifier) async throws -> VerifiedSmartHealthCard {
        let issuer = SmartHealthCardVerifier.claimedIssuer(of: jws) ?? ""
        guard fetch, verifier.trustStore.keys(for: issuer).isEmpty, !issuer.isEmpty else { return try verifier.verify(jws: jws) }
        var fetching = verifier
        do { try await fetching.trustStore.fetchIssuer(issuer) } catch { throw badInput("fetching the keys of \(issuer) failed: \(error)") }
        return try fetching.verify(jws: jws)
    }
}

extension TrustStore {
    /// The issuers `--keys` (JWKS files or issuer folders, trusted for any issuer) and `--directory` (a VCI snapshot)
    /// name, for `health cards` and `health serve`; a file that cannot be used exits 2 naming it.
    static func loading(keys: [String], directory: String?) throws -> TrustStore {
        var trust = TrustStore()
        do {
            for path in keys { try trust.load(keysAt: URL(fileURLWithPath: path)) }
            if let directory { try trust.load(directorySnapshotAt: URL(fileURLWithPath: directory)) }
        } catch {
            throw badInput("\(error)")
        }
        return trust
    }
}

/// `health cards verify FILE...`: the verdict and the card's contents; exit 0 only when every card verifies.
struct CardsVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify SMART Health Cards and print their contents.",
        usage: "health cards verify <files> ... [--keys <keys> ...] [options]",
        discussion: """
            Exit status 0 only when every card verifies; 2 names the failed check otherwise.
            Examples:
              health cards verify card.smart-health-card --keys issuer/
              health cards verify qr-1.txt qr-2.txt qr-3.txt --keys jwks.json
            """
    )

    @OptionGroup var options: CardOptions

    func run() async throws {
        for card in try await options.verifiedCards() { Console.write(CardText.describe(card)) }
    }
}

/// `health cards import FILE...`: verifies and stores the cards.
struct CardsImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Verify SMART Health Cards and store them as verifiable clinical records.",
        usage: "health cards import <files> ... [--keys <keys> ...] [options]",
        discussion: "Nothing is stored unless every card verifies. Importing a card again does not duplicate it."
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var options: CardOptions

    func run() async throws {
        let cards = try await options.verifiedCards()
        let healthStore = try store.openForWriting()
        let outcome = try await healthCall { try SmartHealthCardImporter.store(cards, in: healthStore) }
        for card in cards { Console.write(CardText.describe(card)) }
        Console.write("\(cards.count) cards: \(outcome.added) added, \(outcome.unchanged) already stored\n")
    }
}
