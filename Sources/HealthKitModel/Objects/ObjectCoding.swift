import Foundation

/// What HealthKit objects share when they archive with NSKeyedArchiver (OpenHealthKit internals): the classes an
/// archive of samples may hold, metadata as a property-list dictionary, types by identifier, arrays of parts.
enum ObjectCoding {
    /// Every class a sample archive may contain, for `decodeObject(of:forKey:)`.
    static let archivableClasses: [AnyClass] = [
        NSDictionary.self, NSArray.self, NSSet.self, NSString.self, NSNumber.self, NSDate.self, NSUUID.self,
        HKQuantity.self, HKUnit.self, HKSource.self, HKSourceRevision.self, HKDevice.self,
        HKQuantitySample.self, HKCumulativeQuantitySample.self, HKDiscreteQuantitySample.self, HKCategorySample.self,
        HKCorrelation.self, HKWorkout.self, HKWorkoutEvent.self, HKWorkoutActivity.self, HKWorkoutConfiguration.self,
        HKStatistics.self, HKWorkoutRoute.self, HKHeartbeatSeriesSample.self, HKElectrocardiogram.self, HKStateOfMind.self, HKGAD7Assessment.self, HKPHQ9Assessment.self, HKCDADocumentSample.self, HKClinicalRecord.self,
        HKVisionPrescription.self, HKGlassesPrescription.self, HKContactsPrescription.self, HKGlassesLensSpecification.self,
        HKContactsLensSpecification.self, HKVisionPrism.self, HKAudiogramSample.self, HKVerifiableClinicalRecord.self,
        HKAudiogramSensitivityPoint.self, HKAudiogramSensitivityTest.self, HKAudiogramSensitivityPointClampingRange.self, NSData.self,
    ]

    /// Metadata as an archivable dictionary (strings, numbers, dates, quantities).
    static func archived(_ metadata: [String: Any]?) -> NSDictionary? {
        guard let metadata else { return nil }
        let dictionary = NSMutableDictionary()
        for (key, value) in metadata {
            switch value {
            case let text as String: dictionary[key as NSString] = text as NSString
            case let date as Date: dictionary[key as NSString] = date as NSDate
            case let object as NSObject: dictionary[key as NSString] = object
            default: continue
            }
        }
        return dictionary
    }

    /// Metadata back from its archived dictionary.
    static func metadata(from dictionary: NSDictionary?) -> [String: Any]? {
        guard let dictionary else { return nil }
        var metadata: [String: Any] = [:]
        for (key, value) in dictionary {
            guard let key = key as? String ?? (key as? NSString).map({ $0 as String }) else { continue }
            switch value {
            case let text as NSString: metadata[key] = text as String
            case let date as NSDate: metadata[key] = date as Date
            default: metadata[key] = value
            }
        }
        return metadata
    }

    /// The objects of class `T` in the array archived under `key` (empty when there is none).
    static func array<T>(_ coder: NSCoder, forKey key: String) -> [T] {
        ((coder.decodeObject(of: archivableClasses, forKey: key) as? NSArray) ?? []).compactMap { $0 as? T }
    }

    /// The statistics archived under `key` as an array, keyed by their quantity type.
    static func statistics(_ coder: NSCoder, forKey key: String) -> [HKQuantityType: HKStatistics] {
        let all: [HKStatistics] = array(coder, forKey: key)
        return Dictionary(all.map { ($0.quantityType, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The sample type archived under `key` (by identifier; verifiable records' type is outside the catalog).
    static func sampleType(_ coder: NSCoder, forKey key: String) -> HKSampleType? {
        guard let identifier = coder.decodeObject(of: NSString.self, forKey: key) as String? else { return nil }
        if identifier == HKVerifiableClinicalRecord.sampleType.identifier { return HKVerifiableClinicalRecord.sampleType }
        return HKObjectType.type(forIdentifier: identifier) as? HKSampleType
    }

    /// Archives `value`, a Swift value part of a sample (route points, heartbeats), as property-list data under `key`.
    static func encode<T: Encodable>(_ value: T, _ coder: NSCoder, forKey key: String) {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        coder.encode((try? encoder.encode(value)).map { $0 as NSData }, forKey: key)
    }

    /// The value ``encode(_:_:forKey:)`` archived under `key`, or nil when it is missing or unreadable.
    static func decode<T: Decodable>(_ type: T.Type, _ coder: NSCoder, forKey key: String) -> T? {
        guard let data = coder.decodeObject(of: NSData.self, forKey: key) else { return nil }
        return try? PropertyListDecoder().decode(type, from: data as Data)
    }
}
