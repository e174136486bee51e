// Query test doubles as apps write them: subclasses of each HealthKit query class that call `super.init` with
// HealthKit's initialisers, keep their own copies of the arguments (named as the app likes: `anchor`, `limit`,
// `calendar`) and expose the handler so the test can call it.
import HealthKit

final class SampleQueryDouble: HKSampleQuery, @unchecked Sendable {
    let handler: (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    let queryDescriptors: [HKQueryDescriptor]

    init(descriptors: [HKQueryDescriptor], limit: Int, handler: @escaping (HKSampleQuery, [HKSample]?, (any Error)?) -> Void) {
        self.handler = handler
        self.queryDescriptors = descriptors
        super.init(queryDescriptors: descriptors, limit: limit, resultsHandler: handler)
    }
}

final class AnchoredQueryMock: HKAnchoredObjectQuery, @unchecked Sendable {
    let anchor: HKQueryAnchor?
    let limit: Int
    let queryDescriptors: [HKQueryDescriptor]

    init(type: HKSampleType, anchor: HKQueryAnchor?,
         handler: @escaping (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?) -> Void) {
        self.anchor = anchor
        self.limit = HKObjectQueryNoLimit
        self.queryDescriptors = [HKQueryDescriptor(sampleType: type, predicate: nil)]
        super.init(type: type, predicate: nil, anchor: anchor, limit: HKObjectQueryNoLimit, resultsHandler: handler)
    }

    override var updateHandler: ((HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?) -> Void)? {
        get { super.updateHandler }
        set { super.updateHandler = newValue }
    }
}

final class ObserverQueryMock: HKObserverQuery, @unchecked Sendable {
    let queryDescriptors: [HKQueryDescriptor]

    init(type: HKSampleType, handler: @escaping (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void) {
        queryDescriptors = [HKQueryDescriptor(sampleType: type, predicate: nil)]
        super.init(sampleType: type, predicate: nil, updateHandler: handler)
    }
}

final class StatisticsQueryMock: HKStatisticsQuery, @unchecked Sendable {
    let quantityType: HKQuantityType
    let options: HKStatisticsOptions

    init(type: HKQuantityType, options: HKStatisticsOptions) {
        quantityType = type
        self.options = options
        super.init(quantityType: type, quantitySamplePredicate: nil, options: options) { _, _, _ in }
    }
}

final class StatisticsCollectionQueryMock: HKStatisticsCollectionQuery, @unchecked Sendable {
    let calendar = Calendar(identifier: .gregorian)
    let quantityType: HKQuantityType

    init(type: HKQuantityType, anchor: Date) {
        quantityType = type
        super.init(quantityType: type, quantitySamplePredicate: nil, options: .cumulativeSum, anchorDate: anchor,
                   intervalComponents: DateComponents(day: 1))
    }
}

final class SourceQueryMock: HKSourceQuery, @unchecked Sendable {
    init(type: HKSampleType) {
        super.init(sampleType: type, samplePredicate: nil) { _, _, _ in }
    }
}

final class CorrelationQueryMock: HKCorrelationQuery, @unchecked Sendable {
    init(type: HKCorrelationType) {
        super.init(type: type, predicate: nil, samplePredicates: nil) { _, _, _ in }
    }
}

final class ActivitySummaryQueryMock: HKActivitySummaryQuery, @unchecked Sendable {
    init() {
        super.init(predicate: nil) { _, _, _ in }
    }
}

final class DocumentQueryMock: HKDocumentQuery, @unchecked Sendable {
    init() {
        super.init(documentType: HKObjectType.documentType(forIdentifier: .CDA)!, predicate: nil, limit: 1, sortDescriptors: nil,
                   includeDocumentData: false) { _, _, _, _ in }
    }
}

final class QuantitySeriesQueryMock: HKQuantitySeriesSampleQuery, @unchecked Sendable {
    init(type: HKQuantityType) {
        super.init(quantityType: type, predicate: nil) { _, _, _, _, _, _ in }
    }
}

final class VerifiableRecordQueryMock: HKVerifiableClinicalRecordQuery, @unchecked Sendable {
    let recordKinds: [String]

    init(recordTypes: [String]) {
        recordKinds = recordTypes
        super.init(recordTypes: recordTypes, predicate: nil) { _, _, _ in }
    }
}

final class EffortQueryMock: HKWorkoutEffortRelationshipQuery, @unchecked Sendable {
    let anchor: HKQueryAnchor?
    let options: HKWorkoutEffortRelationshipQueryOptions

    init(anchor: HKQueryAnchor?) {
        self.anchor = anchor
        options = .mostRelevant
        super.init(predicate: nil, anchor: anchor, options: .mostRelevant) { _, _, _, _ in }
    }
}

final class RouteQueryMock: HKWorkoutRouteQuery, @unchecked Sendable {
    static let batchSize = 5

    init(route: HKWorkoutRoute) {
        super.init(route: route) { _, _, _, _ in }
    }
}
