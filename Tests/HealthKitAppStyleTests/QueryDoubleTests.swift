// Query doubles subclass every query class and call HealthKit's initialisers through super.init; their own
// `anchor`, `limit`, `options`, `calendar` do not clash with anything HealthKit's classes lack. A subclass that
// overrides nothing behaves as its class on a real store.
import HealthKit
import Testing

@Suite("Subclassing the query classes")
struct QueryDoubleTests {
    let steps = HKQuantityType(.stepCount)

    @Test func everyQueryClassCanBeSubclassed() throws {
        let anchor = HKQueryAnchor(fromValue: 3)
        let anchored = AnchoredQueryMock(type: steps, anchor: anchor) { _, _, _, _, _ in }
        #expect(anchored.anchor == anchor && anchored.limit == HKObjectQueryNoLimit)
        #expect(anchored.objectType == steps)
        let observer = ObserverQueryMock(type: steps) { _, done, _ in done() }
        #expect(observer.queryDescriptors.first?.sampleType == steps)
        let statistics = StatisticsQueryMock(type: steps, options: .cumulativeSum)
        #expect(statistics.quantityType == steps && statistics.options == .cumulativeSum)
        let collection = StatisticsCollectionQueryMock(type: steps, anchor: Date(timeIntervalSince1970: 0))
        #expect(collection.calendar.identifier == .gregorian && collection.intervalComponents.day == 1)
        #expect(collection.options == .cumulativeSum && collection.anchorDate == Date(timeIntervalSince1970: 0))
        #expect(SourceQueryMock(type: steps).objectType == steps)
        let pressure = try #require(HKObjectType.correlationType(forIdentifier: .bloodPressure))
        #expect(CorrelationQueryMock(type: pressure).correlationType == pressure)
        #expect(ActivitySummaryQueryMock().predicate == nil)
        #expect(DocumentQueryMock().limit == 1)
        #expect(QuantitySeriesQueryMock(type: steps).includeSample == false)
        let cards = VerifiableRecordQueryMock(recordTypes: ["https://smarthealth.cards#immunization"])
        #expect(cards.recordTypes == cards.recordKinds)
        #expect(EffortQueryMock(anchor: anchor).anchor == anchor)
        let route = HKWorkoutRoute(locations: [], start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 60))
        #expect(RouteQueryMock(route: route).objectType == HKSeriesType.workoutRoute())
        #expect(RouteQueryMock.batchSize == 5)
    }

    @Test func sampleQueryDoubleKeepsItsDescriptors() {
        let descriptor = HKQueryDescriptor(sampleType: steps, predicate: nil)
        let query = SampleQueryDouble(descriptors: [descriptor], limit: 7) { _, _, _ in }
        #expect(query.limit == 7 && query.queryDescriptors == [descriptor] && query.objectType == steps)
    }

    @Test func subclassedAnchoredQueryRunsOnTheRealStore() async throws {
        let store = try HKHealthStore(databasePath: temporaryStorePath(), app: testApp, environment: allowEverything)
        try await store.requestAuthorization(toShare: [steps], read: [steps])
        let sample = HKQuantitySample(type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 40),
                                      start: Date(timeIntervalSince1970: 1_700_000_000), end: Date(timeIntervalSince1970: 1_700_000_060))
        try await store.save(sample)
        let (added, next): ([HKSample], HKQueryAnchor?) = try await withCheckedThrowingContinuation { continuation in
            let query = AnchoredQueryMock(type: steps, anchor: nil) { _, added, _, next, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: (added ?? [], next)) }
            }
            store.execute(query)
        }
        #expect(added.map(\.uuid) == [sample.uuid])
        #expect(next != nil && next != HKQueryAnchor(fromValue: 0))
    }
}
