import Foundation
import OpenHealthKit
import SmartHealthCards

/// How `health cards` prints a verified card.
enum CardText {
    /// The verdict and the card's contents, as HealthKit's verifiable record shows them.
    static func describe(_ card: VerifiedSmartHealthCard) -> String {
        let record = card.verifiableClinicalRecord()
        let dates = ISO8601DateFormatter()
        var lines = ["verified: SMART Health Card from \(record.issuerIdentifier) (key \(card.key.kid ?? "?"))"]
        lines.append("  subject: \(record.subject.fullName)" + (birth(record.subject.dateOfBirthComponents).map { ", born \($0)" } ?? ""))
        lines.append("  recordTypes: \(record.recordTypes.joined(separator: ", "))")
        lines.append("  items: \(record.itemNames.joined(separator: "; "))")
        lines.append("  relevantDate: \(dates.string(from: record.relevantDate))")
        lines.append("  issuedDate: \(dates.string(from: record.issuedDate))")
        lines.append("  expirationDate: \(record.expirationDate.map(dates.string(from:)) ?? "none")")
        for warning in card.warnings { lines.append("  warning: \(warning)") }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func birth(_ components: DateComponents?) -> String? {
        guard let components, let year = components.year else { return nil }
        return [year, components.month, components.day].compactMap { $0 }.enumerated()
            .map { $0.offset == 0 ? String($0.element) : String(format: "%02d", $0.element) }.joined(separator: "-")
    }
}
