import Foundation
public import HealthKitModel

extension VerifiedSmartHealthCard {
    /// The card as HealthKit shows it: credential types, issuer, subject, item names and dates; the JWS as
    /// `dataRepresentation`.
    public func verifiableClinicalRecord() -> HKVerifiableClinicalRecord {
        let resources = payload.vc.credentialSubject.fhirBundle.entry?.compactMap(\.resource) ?? []
        let patient = resources.first { $0.resourceType == "Patient" }
        let items = resources.filter { ["Immunization", "Observation", "DiagnosticReport"].contains($0.resourceType ?? "") }
        let issued = Date(timeIntervalSince1970: payload.nbf)
        let dates = items.compactMap { ($0.occurrenceDateTime ?? $0.effectiveDateTime).flatMap(CardDates.date(from:)) }
        return HKVerifiableClinicalRecord(
            recordTypes: payload.vc.type, issuerIdentifier: payload.iss,
            subject: HKVerifiableClinicalRecordSubject(fullName: Self.fullName(patient?.name?.first) ?? "",
                                                       dateOfBirthComponents: patient?.birthDate.flatMap(CardDates.components(from:))),
            issuedDate: issued, relevantDate: dates.max() ?? issued,
            expirationDate: payload.exp.map { Date(timeIntervalSince1970: $0) },
            itemNames: Self.itemNames(items), sourceType: .smartHealthCard, dataRepresentation: Data(jws.utf8))
    }

    /// Item names, without repeats, in order: vaccines for immunizations, codes for results.
    static func itemNames(_ items: [CardBundle.Resource]) -> [String] {
        var names: [String] = []
        for item in items {
            guard let concept = item.vaccineCode ?? item.code else { continue }
            let cvx = concept.coding?.first { $0.system == "http://hl7.org/fhir/sid/cvx" }?.code
            let name = concept.text ?? concept.coding?.lazy.compactMap(\.display).first ?? cvx.flatMap { CVXNames.names[$0] }
                ?? cvx.map { "CVX \($0)" } ?? concept.coding?.first?.code
            if let name, !names.contains(name) { names.append(name) }
        }
        return names
    }

    static func fullName(_ name: CardBundle.Name?) -> String? {
        guard let name else { return nil }
        if let text = name.text { return text }
        let parts = (name.given ?? []) + [name.family].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

/// FHIR dates in cards: `YYYY`, `YYYY-MM`, `YYYY-MM-DD` or a dateTime.
enum CardDates {
    /// Year, month and day as given.
    static func components(from text: String) -> DateComponents? {
        let parts = text.prefix(10).split(separator: "-").map { Int($0) }
        guard let year = parts.first ?? nil else { return nil }
        var components = DateComponents(year: year)
        if parts.count > 1 { components.month = parts[1] }
        if parts.count > 2 { components.day = parts[2] }
        return components
    }

    /// The instant: a dateTime as written, a date at midnight UTC.
    static func date(from text: String) -> Date? {
        if text.count > 10 {
            let formatter = ISO8601DateFormatter()
            if let date = formatter.date(from: text) { return date }
            formatter.formatOptions.insert(.withFractionalSeconds)
            return formatter.date(from: text)
        }
        guard let components = components(from: text) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: components.year, month: components.month ?? 1, day: components.day ?? 1))
    }
}

/// Names of the CVX vaccine codes seen on COVID-19 cards (CDC CVX table, short forms).
enum CVXNames {
    static let names: [String: String] = [
        "207": "Moderna COVID-19 Vaccine", "208": "Pfizer-BioNTech COVID-19 Vaccine",
        "210": "AstraZeneca COVID-19 Vaccine", "211": "Novavax COVID-19 Vaccine", "212": "Janssen COVID-19 Vaccine",
        "213": "COVID-19 Vaccine", "217": "Pfizer-BioNTech COVID-19 Vaccine", "218": "Pfizer-BioNTech COVID-19 Vaccine",
        "219": "Pfizer-BioNTech COVID-19 Vaccine", "221": "Moderna COVID-19 Vaccine", "228": "Moderna COVID-19 Vaccine",
        "229": "Moderna COVID-19 Vaccine, Bivalent", "230": "Moderna COVID-19 Vaccine, Bivalent",
        "300": "Pfizer-BioNTech COVID-19 Vaccine, Bivalent", "301": "Pfizer-BioNTech COVID-19 Vaccine, Bivalent",
        "88": "Influenza Vaccine", "141": "Influenza Vaccine", "150": "Influenza Vaccine", "115": "Tdap Vaccine",
    ]
}
