import Foundation
import HealthKitModel
import OpenHealthKit

/// An OAuth scope naming HealthKit types: `read:HKQuantityTypeIdentifierStepCount share:stepCount …`, and the rules an
/// app's declarations put on it, as HealthKit applies its Info.plist keys.
struct AuthorizationScope: Sendable {
    /// Types to share (write).
    var share: Set<HKSampleType> = []
    /// Types to read.
    var read: Set<HKObjectType> = []

    /// Parses `text`; throws a sentence naming the first item that is wrong.
    init(_ text: String) throws {
        let items = text.split(whereSeparator: { $0 == " " || $0 == "+" }).map(String.init)
        guard !items.isEmpty else { throw ServerError.badRequest("scope is empty: name types as read:TYPE and share:TYPE") }
        for item in items {
            let parts = item.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[0] == "read" || parts[0] == "share" else {
                throw ServerError.badRequest("scope item \"\(item)\" must be read:TYPE or share:TYPE")
            }
            guard let type = HKObjectType.type(named: parts[1]) else {
                throw ServerError.badRequest("scope item \"\(item)\": \(parts[1]) is not a type HealthKit knows")
            }
            if parts[0] == "read" {
                read.insert(type)
            } else {
                guard let sampleType = type as? HKSampleType else {
                    throw ServerError.badRequest("scope item \"\(item)\": \(type.identifier) cannot be shared (it is read-only)")
                }
                share.insert(sampleType)
            }
        }
    }

    /// The clinical types among those to read.
    var clinicalRead: Set<HKObjectType> { read.filter { $0.kind == .clinical } }

    /// The scope as text, identifiers sorted.
    var text: String {
        (share.map { "share:" + $0.identifier } + read.map { "read:" + $0.identifier }).sorted().joined(separator: " ")
    }

    /// Why `app` may not ask for this scope, as HealthKit refuses a request whose Info.plist lacks a usage
    /// description or whose entitlements lack clinical records; nil when it may.
    func problem(for app: RegisteredApp) -> String? {
        if !share.isEmpty, (app.updateUsageDescription ?? "").isEmpty {
            return "NSHealthUpdateUsageDescription must be set (the app's update usage description) to request write authorization for "
                + share.map(\.identifier).sorted().joined(separator: ", ")
        }
        if !read.subtracting(clinicalRead).isEmpty, (app.shareUsageDescription ?? "").isEmpty {
            return "NSHealthShareUsageDescription must be set (the app's share usage description) to request read authorization"
        }
        if !clinicalRead.isEmpty {
            if !app.clinicalAccess { return "the app does not have the clinical health records capability" }
            if (app.clinicalUsageDescription ?? "").isEmpty {
                return "NSHealthClinicalHealthRecordsShareUsageDescription must be set (the app's clinical usage description) to request clinical records"
            }
        }
        return nil
    }
}

/// Names people read: `stepCount` → "Step Count".
enum TypeNames {
    /// The words of `type`'s short name, capitalised.
    static func title(_ type: HKObjectType) -> String {
        var words: [String] = []
        var current = ""
        for character in type.shortName {
            if character.isUppercase, !current.isEmpty, !(current.last?.isUppercase ?? false) {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}

/// Clinical type names as apps declare them.
enum ClinicalTypeNames {
    /// The identifier of the clinical type `name` names (identifier or short name), or nil.
    static func clinical(_ name: String) -> String? {
        guard let type = HKObjectType.type(named: name), type.kind == .clinical else { return nil }
        return type.identifier
    }
}
