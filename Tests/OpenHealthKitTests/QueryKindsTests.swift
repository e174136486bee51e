import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import OpenHealthKitTestSupport
import Testing

@Suite struct QueryKindsTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture

    @Test func sourceQueryReturnsDistinctSourcesWithinReadScope() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let mine = try await Q.store(storage: storage)
        let other = try await Q.store(app: F.otherAppID, storage: storage)
        try await mine.save([Q.steps(1), Q.steps(2)])
        try await other.save(Q.steps(3))
        let sources = EventRecorder<Set<String>>()
        mine.execute(HKSourceQuery(sampleType: F.stepCount, samplePredicate: nil) { _, found, _ in
            sources.record(Set(found?.map(\.bundleIdentifier) ?? []))
        })
        #expect(await sources.wait(for: 1).first == [F.appID, F.otherAppID])
        let denied = try F.store(app: "org.example.third", storage: storage, prompt: FixedAuthorizationPrompt(allows: false))
        let scoped = try await HKSourceQueryDescriptor(predicate: .quantitySample(type: F.stepCount)).result(for: denied)
        #expect(scoped.isEmpty)
    }

    @Test func correlationQueryFiltersByMemberPredicates() async throws {
        let store = try await Q.store()
        let morning = Date(timeIntervalSince1970: 1_700_000_000)
        try await store.save([F.bloodPressureReading(at: morning), Self.reading(systolic: 150, at: morning.addingTimeInterval(60))])
        let high = HKQuery.predicateForQuantitySamples(with: .greaterThan, quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: 140))
        let found = EventRecorder<[HKCorrelation]>()
        store.execute(HKCorrelationQuery(type: F.bloodPressure, predicate: nil, samplePredicates: [F.systolic: high]) { _, correlations, error in
            found.record(correlations ?? [])
        })
        let result = try #require(await found.wait(for: 1).first)
        #expect(result.count == 1)
        #expect(result.first?.objects.count == 2)
        let all = EventRecorder<Int>()
        store.execute(HKCorrelationQuery(type: F.bloodPressure, predicate: nil, samplePredicates: nil) { _, correlations, _ in
            all.record(correlations?.count ?? -1)
        })
        #expect(await all.wait(for: 1) == [2])
    }

    @Test func documentQueryDeliversBatchesThenAnEmptyFinalCall() async throws {
        let cda = HKDocumentType(.CDA)
        let store = try await Q.store(types: [cda])
        let documents = (0..<3).map { _ in Self.document() }
        try await store.save(documents)
        for includeData in [true, false] {
            let calls = EventRecorder<([HKDocumentSample], Bool)>()
            store.execute(HKDocumentQuery(documentType: cda, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil,
                                          includeDocumentData: includeData) { _, samples, done, _ in
                calls.record((samples ?? [], done))
            })
            let events = await calls.wait { $0.last?.1 == true }
            #expect(events.last.map { $0.0.isEmpty && $0.1 } == true)
            let delivered = events.flatMap(\.0).compactMap { $0 as? HKCDADocumentSample }
            #expect(delivered.count == 3)
            #expect(delivered.allSatisfy { ($0.document?.documentData != nil) == includeData })
            #expect(delivered.allSatisfy { $0.document?.title == "Visit" })
        }
    }

    @Test func activitySummariesAreStoredPerDayAndQueriedByDateComponents() async throws {
        let store = try await Q.store(types: [F.stepCount])
        try await store.requestAuthorization(toShare: [], read: [HKObjectType.activitySummaryType()])
        try await store.saveActivitySummaries([Self.summary(day: 1, energy: 300), Self.summary(day: 2, energy: 450), Self.summary(day: 3, energy: 500)])
        try await store.saveActivitySummaries([Self.summary(day: 2, energy: 480)])
        let between = HKQuery.predicate(forActivitySummariesBetweenStart: DateComponents(year: 2024, month: 3, day: 2),
                                        end: DateComponents(year: 2024, month: 3, day: 3))
        let summaries = try await HKActivitySummaryQueryDescriptor(predicate: between).result(for: store)
        #expect(summaries.map { $0.activeEnergyBurned.doubleValue(for: .kilocalorie()) } == [480, 500])
        let components = summaries.first?.dateComponents(for: Calendar(identifier: .gregorian))
        #expect(components?.year == 2024 && components?.month == 3 && components?.day == 2)
        let one = try await HKActivitySummaryQueryDescriptor(predicate: HKQuery.predicateForActivitySummary(with: DateComponents(year: 2024, month: 3, day: 1)))
            .result(for: store)
        #expect(one.count == 1)
    }

    @Test func activitySummaryPayloadHasItsKeysSorted() throws {
        // A dictionary's order follows the process's hash seed: unsorted, two imports of one export stored different bytes.
        let summary = Self.summary(day: 4, energy: 320)
        summary.exerciseTimeGoal = HKQuantity(unit: .minute(), doubleValue: 30)
        summary.standHoursGoal = HKQuantity(unit: .count(), doubleValue: 12)
        let source = SourceRecord(bundleIdentifier: "com.example.fitness", name: "Fitness")
        let payload = try #require(try ActivitySummaryMapping.record(from: summary, source: source).payload)
        let text = String(decoding: payload, as: UTF8.self)
        // Every other piece between quotes is a quoted string: the keys, and the unit strings.
        let keys = text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        let names = ["activeEnergyBurned", "activeEnergyBurnedGoal", "appleExerciseTime", "appleMoveTime", "appleMoveTimeGoal",
                     "appleStandHours", "exerciseTimeGoal", "standHoursGoal"]
        #expect(keys.filter(names.contains) == names)
        #expect(keys.filter(["isPaused", "moveMode", "values"].contains) == ["isPaused", "moveMode", "values"])
        #expect(try ActivitySummaryMapping.record(from: summary, source: source).payload == payload)
    }

    @Test func activitySummaryUpdatesArriveUntilStopped() async throws {
        let store = try await Q.store(types: [F.stepCount])
        let batches = EventRecorder<Int>()
        let query = HKActivitySummaryQuery(predicate: nil) { _, summaries, _ in batches.record(summaries?.count ?? -1) }
        query.updateHandler = { _, summaries, _ in batches.record(summaries?.count ?? -1) }
        store.execute(query)
        #expect(await batches.wait(for: 1) == [0])
        try await store.saveActivitySummaries([Self.summary(day: 5, energy: 100)])
        #expect(await batches.wait(for: 2) == [0, 1])
        store.stop(query)
        let driven = try DrivenMonitor(store)
        try await store.saveActivitySummaries([Self.summary(day: 6, energy: 100)])
        driven.step()
        #expect(batches.events == [0, 1])
    }

    static func reading(systolic: Double, at date: Date) -> HKCorrelation {
        let unit = HKUnit.millimeterOfMercury()
        let high = HKQuantitySample(type: F.systolic, quantity: HKQuantity(unit: unit, doubleValue: systolic), start: date, end: date)
        let low = HKQuantitySample(type: F.diastolic, quantity: HKQuantity(unit: unit, doubleValue: 90), start: date, end: date)
        return HKCorrelation(type: F.bloodPressure, start: date, end: date, objects: [high, low])
    }

    static func document() -> HKCDADocumentSample {
        let document = HKCDADocument(documentData: Data("<ClinicalDocument/>".utf8), title: "Visit", patientName: "Ada Lovelace",
                                     authorName: "Dr. Who", custodianName: "Clinic")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        return HKCDADocumentSample(document: document, start: date, end: date, uuid: UUID(), sourceRevision: nil, device: nil, metadata: nil)
    }

    static func summary(day: Int, energy: Double) -> HKActivitySummary {
        let summary = HKActivitySummary()
        summary.day = DateComponents(era: 1, year: 2024, month: 3, day: day)
        summary.activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: energy)
        summary.activeEnergyBurnedGoal = HKQuantity(unit: .kilocalorie(), doubleValue: 400)
        return summary
    }
}
