import ArgumentParser
import Foundation
import HealthDatabase
import OpenHealthKit

/// `health cards list` and `health cards show ID`: the SMART Health Cards the store holds (verifiable clinical records).
enum StoredCards {
    /// Every stored card, most recently issued first.
    static func all(in store: HKHealthStore) throws -> [HKVerifiableClinicalRecord] {
        do {
            let records = try store.storage().records(matching: .kinds([.verifiableRecord]), sort: [], limit: nil, includePayload: true)
            return try records.map { try ObjectMapping.object(from: $0) }.compactMap { $0 as? HKVerifiableClinicalRecord }
                .sorted { $0.issuedDate > $1.issuedDate }
        } catch {
            Console.error(StoreOptions.sentence(HKError.from(error).localizedDescription))
            throw HealthExitStatus.failure
        }
    }
}

/// `health cards list`.
struct CardsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the stored SMART Health Cards.",
        discussion: "Examples:\n  health cards list\n  health cards list --format json"
    )

    @OptionGroup var store: StoreOptions

    @Option(help: OutputFormat.help)
    var format: OutputFormat = .table

    func run() throws {
        let cards = try StoredCards.all(in: try store.openForReading())
        let rows = cards.map { card -> [String?] in
            [DateText.day(card.issuedDate), card.subject.fullName, card.recordTypes.joined(separator: ", "),
             card.itemNames.joined(separator: "; "), card.issuerIdentifier, card.uuid.uuidString]
        }
        Console.write(Table(columns: ["issued", "subject", "recordTypes", "items", "issuer", "uuid"], rows: rows).render(format))
    }
}

/// `health cards show ID`.
struct CardsShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one stored SMART Health Card.",
        discussion: "ID is the card's UUID (or its first characters) from `health cards list`.\nExample:\n  health cards show 3F2A"
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "The card's UUID, or enough of its first characters to tell it apart.")
    var id: String

    func run() throws {
        let cards = try StoredCards.all(in: try store.openForReading())
        let matches = cards.filter { $0.uuid.uuidString.lowercased().hasPrefix(id.lowercased()) }
        guard matches.count == 1, let card = matches.first else {
            if matches.isEmpty { throw badInput("no stored card has the UUID \"\(id)\"; `health cards list` shows them") }
            throw badInput("\(matches.count) cards start with \"\(id)\"; give more of the UUID")
        }
        let dates = ISO8601DateFormatter()
        var lines = ["uuid: \(card.uuid.uuidString)", "issuer: \(card.issuerIdentifier)", "subject: \(card.subject.fullName)"]
        lines.append("recordTypes: \(card.recordTypes.joined(separator: ", "))")
        lines.append("items: \(card.itemNames.joined(separator: "; "))")
        lines.append("issuedDate: \(dates.string(from: card.issuedDate))")
        lines.append("relevantDate: \(dates.string(from: card.relevantDate))")
        lines.append("expirationDate: \(card.expirationDate.map(dates.string(from:)) ?? "none")")
        lines.append("source: \(card.sourceRevision.source.name)")
        Console.write(lines.joined(separator: "\n") + "\n")
    }
}
