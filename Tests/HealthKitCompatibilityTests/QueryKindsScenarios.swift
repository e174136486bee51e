// The other query kinds written as Apple's documentation and apps use them: HKSourceQuery (who wrote
// this data), HKCorrelationQuery (blood pressure and food), HKDocumentQuery (CDA documents, delivered in
// batches until `done`), and health records read as "Accessing health records" describes.
import Foundation
import HealthKit
import Testing

private func careDocument(title: String, patient: (String, String), author: (String, String), custodian: String) -> Data {
    Data("""
    <?xml version="1.0" encoding="UTF-8"?>
    <ClinicalDocument xmlns="urn:hl7-org:v3">
      <title>\(title)</title>
      <recordTarget><patientRole><patient><name><given>\(patient.0)</given><family>\(patient.1)</family></name></patient></patientRole></recordTarget>
      <author><assignedAuthor><assignedPerson><name><given>\(author.0)</given><family>\(author.1)</family></name></assignedPerson></assignedAuthor></author>
      <custodian><assignedCustodian><representedCustodianOrganization><name>\(custodian)</name></representedCustodianOrganization></assignedCustodian></custodian>
    </ClinicalDocument>
    """.utf8)
}

@Suite("Query scenarios: sources, correlations, documents and health records")
struct QueryKindsScenarios {
    let morning = Date(timeIntervalSince1970: 1_710_057_600)
    let mmHg = HKUnit.millimeterOfMercury()

    @Test func whichAppsWroteStepsWithASourceQuery() async throws {
        let device = try ScenarioDevice()
        let stepType = HKQuantityType(.stepCount)
        let coach = device.healthStore(app: ScenarioDevice.coachApp)
        let counter = device.healthStore()
        try await coach.requestAuthorization(toShare: [stepType], read: [stepType])
        try await counter.requestAuthorization(toShare: [stepType], read: [stepType])
        try await coach.save(HKQuantitySample(type: stepType, quantity: HKQuantity(unit: .count(), doubleValue: 10), start: morning, end: morning))
        try await counter.save(HKQuantitySample(type: stepType, quantity: HKQuantity(unit: .count(), doubleValue: 20),
                                                start: morning.addingTimeInterval(7200), end: morning.addingTimeInterval(7200)))

        let sources: Set<HKSource> = try await withCheckedThrowingContinuation { continuation in
            let query = HKSourceQuery(sampleType: stepType, samplePredicate: nil) { _, sourcesOrNil, errorOrNil in
                if let error = errorOrNil { continuation.resume(throwing: error) } else { continuation.resume(returning: sourcesOrNil ?? []) }
            }
            counter.execute(query)
        }
        #expect(Set(sources.map(\.bundleIdentifier)) == [ScenarioDevice.coachApp, ScenarioDevice.stepCounterApp])

        // Then show only one source's data, as a "filter by app" screen does.
        let coachSource = try #require(sources.first { $0.bundleIdentifier == ScenarioDevice.coachApp })
        let fromCoach = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: stepType, predicate: HKQuery.predicateForObjects(from: coachSource))],
            sortDescriptors: []).result(for: counter)
        #expect(fromCoach.map { $0.quantity.doubleValue(for: .count()) } == [10])
        let explicitSource = NSPredicate(format: "%K == %@", HKPredicateKeyPathSource, coachSource)
        let viaFormat = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: stepType, predicate: explicitSource)],
                                                          sortDescriptors: []).result(for: counter)
        #expect(viaFormat.count == 1)

        // Sources of samples in a window only: the afternoon has only the counter's.
        let afternoon = HKQuery.predicateForSamples(withStart: morning.addingTimeInterval(3600), end: morning.addingTimeInterval(10_800))
        let later = try await HKSourceQueryDescriptor(predicate: .quantitySample(type: stepType, predicate: afternoon)).result(for: counter)
        #expect(later.map(\.bundleIdentifier) == [ScenarioDevice.stepCounterApp])

        // An app that may not read steps only learns about itself.
        let writer = device.healthStore(app: "com.example.scenarios.writer")
        try await writer.requestAuthorization(toShare: [stepType], read: [])
        try await writer.save(HKQuantitySample(type: stepType, quantity: HKQuantity(unit: .count(), doubleValue: 5), start: morning, end: morning))
        let seenByWriter = try await HKSourceQueryDescriptor(predicate: .quantitySample(type: stepType)).result(for: writer)
        #expect(seenByWriter.map(\.bundleIdentifier) == ["com.example.scenarios.writer"])
    }

    private func bloodPressure(_ systolic: Double, _ diastolic: Double, at date: Date) -> HKCorrelation {
        let high = HKQuantitySample(type: HKQuantityType(.bloodPressureSystolic), quantity: HKQuantity(unit: mmHg, doubleValue: systolic),
                                    start: date, end: date)
        let low = HKQuantitySample(type: HKQuantityType(.bloodPressureDiastolic), quantity: HKQuantity(unit: mmHg, doubleValue: diastolic),
                                   start: date, end: date)
        return HKCorrelation(type: HKCorrelationType(.bloodPressure), start: date, end: date, objects: [high, low])
    }

    @Test func bloodPressureReadingsWithACorrelationQuery() async throws {
        let device = try ScenarioDevice()
        let healthStore = device.healthStore()
        let members: Set<HKSampleType> = [HKQuantityType(.bloodPressureSystolic), HKQuantityType(.bloodPressureDiastolic)]
        try await healthStore.requestAuthorization(toShare: members, read: Set(members.map { $0 as HKObjectType }))
        #expect(healthStore.authorizationStatus(for: HKCorrelationType(.bloodPressure)) == .sharingAuthorized)

        try await healthStore.save([bloodPressure(118, 76, at: morning), bloodPressure(142, 91, at: morning.addingTimeInterval(3600)),
                                    bloodPressure(131, 85, at: morning.addingTimeInterval(7200))])

        func readings(_ samplePredicates: [HKSampleType: NSPredicate]?) async throws -> [HKCorrelation] {
            try await withCheckedThrowingContinuation { continuation in
                let query = HKCorrelationQuery(type: HKCorrelationType(.bloodPressure), predicate: nil,
                                               samplePredicates: samplePredicates) { _, correlations, error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: correlations ?? []) }
                }
                healthStore.execute(query)
            }
        }
        func pairs(_ correlations: [HKCorrelation]) -> [[Double]] {
            correlations.map { reading in
                [HKQuantityType(.bloodPressureSystolic), HKQuantityType(.bloodPressureDiastolic)].map {
                    (reading.objects(for: $0).first as? HKQuantitySample)?.quantity.doubleValue(for: mmHg) ?? -1
                }
            }.sorted { $0[0] < $1[0] }
        }
        #expect(pairs(try await readings(nil)) == [[118, 76], [131, 85], [142, 91]])

        // Stage 1 or above on the systolic value: 130 mmHg and up.
        let elevated = HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: mmHg, doubleValue: 130))
        #expect(pairs(try await readings([HKQuantityType(.bloodPressureSystolic): elevated])) == [[131, 85], [142, 91]])
        // Both members constrained: systolic ≥ 130 and diastolic ≥ 90.
        let diastolicHigh = HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: mmHg, doubleValue: 90))
        #expect(pairs(try await readings([HKQuantityType(.bloodPressureSystolic): elevated,
                                          HKQuantityType(.bloodPressureDiastolic): diastolicHigh])) == [[142, 91]])

        // The members are ordinary samples too.
        let systolics = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.bloodPressureSystolic))],
                                                          sortDescriptors: [SortDescriptor(\.startDate)]).result(for: healthStore)
        #expect(systolics.map { $0.quantity.doubleValue(for: mmHg) } == [118, 142, 131])

        // A systolic value saved on its own is the only one outside any correlation.
        let lone = HKQuantitySample(type: HKQuantityType(.bloodPressureSystolic), quantity: HKQuantity(unit: mmHg, doubleValue: 125),
                                    start: morning.addingTimeInterval(10_800), end: morning.addingTimeInterval(10_800))
        try await healthStore.save(lone)
        let standalone = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: HKQuantityType(.bloodPressureSystolic), predicate: HKQuery.predicateForObjectsWithNoCorrelation())],
            sortDescriptors: []).result(for: healthStore)
        #expect(standalone.map(\.uuid) == [lone.uuid])

        // Deleting a reading deletes its members.
        let all = try await readings(nil)
        let highest = try #require(all.first { ($0.objects(for: HKQuantityType(.bloodPressureSystolic)).first as? HKQuantitySample)?
            .quantity.doubleValue(for: mmHg) == 142 })
        try await healthStore.delete(highest)
        #expect(pairs(try await readings(nil)) == [[118, 76], [131, 85]])
        let remaining = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.bloodPressureSystolic))],
                                                          sortDescriptors: [SortDescriptor(\.startDate)]).result(for: healthStore)
        #expect(remaining.map { $0.quantity.doubleValue(for: mmHg) } == [118, 131, 125])
    }

    @Test func aFoodEntryWithItsNutrients() async throws {
        let device = try ScenarioDevice()
        let healthStore = device.healthStore()
        let energy = HKQuantityType(.dietaryEnergyConsumed), protein = HKQuantityType(.dietaryProtein), carbs = HKQuantityType(.dietaryCarbohydrates)
        try await healthStore.requestAuthorization(toShare: [energy, protein, carbs], read: [energy, protein, carbs])
        func meal(_ name: String, kcal: Double, proteinGrams: Double, carbGrams: Double, at date: Date) -> HKCorrelation {
            let metadata = [HKMetadataKeyFoodType: name]
            let nutrients: Set<HKSample> = [
                HKQuantitySample(type: energy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: kcal), start: date, end: date, metadata: metadata),
                HKQuantitySample(type: protein, quantity: HKQuantity(unit: .gram(), doubleValue: proteinGrams), start: date, end: date, metadata: metadata),
                HKQuantitySample(type: carbs, quantity: HKQuantity(unit: .gram(), doubleValue: carbGrams), start: date, end: date, metadata: metadata),
            ]
            return HKCorrelation(type: HKCorrelationType(.food), start: date, end: date, objects: nutrients, metadata: metadata)
        }
        try await healthStore.save([meal("Oatmeal", kcal: 310, proteinGrams: 11, carbGrams: 54, at: morning),
                                    meal("Lentil soup", kcal: 420, proteinGrams: 24, carbGrams: 60, at: morning.addingTimeInterval(5 * 3600))])

        let lunchtime = HKQuery.predicateForSamples(withStart: morning.addingTimeInterval(4 * 3600), end: morning.addingTimeInterval(6 * 3600))
        let meals: [HKCorrelation] = try await withCheckedThrowingContinuation { continuation in
            healthStore.execute(HKCorrelationQuery(type: HKCorrelationType(.food), predicate: lunchtime, samplePredicates: nil) { _, results, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: results ?? []) }
            })
        }
        let lunch = try #require(meals.first)
        #expect(meals.count == 1)
        #expect(lunch.metadata?[HKMetadataKeyFoodType] as? String == "Lentil soup")
        #expect(lunch.objects.count == 3)
        #expect((lunch.objects(for: protein).first as? HKQuantitySample)?.quantity.doubleValue(for: .gram()) == 24)

        // Meals of at least 400 kcal, by a member predicate.
        let big = HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 400))
        let bigMeals: [HKCorrelation] = try await withCheckedThrowingContinuation { continuation in
            healthStore.execute(HKCorrelationQuery(type: HKCorrelationType(.food), predicate: nil, samplePredicates: [energy: big]) { _, results, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: results ?? []) }
            })
        }
        #expect(bigMeals.map { $0.metadata?[HKMetadataKeyFoodType] as? String } == ["Lentil soup"])

        // Total energy of the day, from the nutrient samples themselves.
        let kcal = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: energy)], sortDescriptors: []).result(for: healthStore)
        #expect(kcal.map { $0.quantity.doubleValue(for: .kilocalorie()) }.reduce(0, +) == 730)
    }

    @Test func cdaDocumentsWithADocumentQuery() async throws {
        let device = try ScenarioDevice()
        let healthStore = device.healthStore()
        let cdaType = HKObjectType.documentType(forIdentifier: .CDA)!
        try await healthStore.requestAuthorization(toShare: [cdaType], read: [cdaType])
        let visit = try HKCDADocumentSample(data: careDocument(title: "Annual Checkup", patient: ("Jane", "Appleseed"), author: ("John", "Carter"),
                                                               custodian: "Good Health Clinic"),
                                            start: morning, end: morning, metadata: nil)
        let followUp = try HKCDADocumentSample(data: careDocument(title: "Follow-up Visit", patient: ("Jane", "Appleseed"), author: ("Ana", "Silva"),
                                                                  custodian: "Good Health Clinic"),
                                               start: morning.addingTimeInterval(86_400), end: morning.addingTimeInterval(86_400), metadata: nil)
        try await healthStore.save([visit, followUp])

        // Documents arrive in batches; the last call says done.
        func documents(_ predicate: NSPredicate?, includeData: Bool) async throws -> [HKCDADocumentSample] {
            let collected = Deliveries<HKCDADocumentSample>()
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let query = HKDocumentQuery(documentType: cdaType, predicate: predicate, limit: HKObjectQueryNoLimit,
                                            sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)],
                                            includeDocumentData: includeData) { _, results, done, error in
                    if let error {
                        continuation.resume(throwing: error)
                        return
                    }
                    for case let sample as HKCDADocumentSample in results ?? [] { collected.append(sample) }
                    if done { continuation.resume() }
                }
                healthStore.execute(query)
            }
            return collected.all
        }

        let all = try await documents(nil, includeData: true)
        #expect(all.map { $0.document?.title } == ["Annual Checkup", "Follow-up Visit"])
        let first = try #require(all.first?.document)
        #expect(first.patientName.contains("Appleseed"))
        #expect(first.authorName.contains("Carter"))
        #expect(first.custodianName == "Good Health Clinic")
        #expect(first.documentData != nil)

        // Without the data, the summary fields are still there.
        let summaries = try await documents(nil, includeData: false)
        #expect(summaries.count == 2)
        #expect(summaries.allSatisfy { $0.document?.documentData == nil })
        #expect(summaries.last?.document?.authorName.contains("Silva") == true)

        // By title and by author, with the CDA key paths.
        let byTitle = NSPredicate(format: "%K == %@", HKPredicateKeyPathCDATitle, "Follow-up Visit")
        #expect(try await documents(byTitle, includeData: false).map(\.uuid) == [followUp.uuid])
        let byAuthor = NSPredicate(format: "%K CONTAINS %@", HKPredicateKeyPathCDAAuthorName, "Carter")
        let byCarter = try await documents(byAuthor, includeData: false)
        #expect(byCarter.map(\.uuid) == [visit.uuid])
        let byCustodian = NSPredicate(format: "%K == %@", HKPredicateKeyPathCDACustodianName, "Good Health Clinic")
        #expect(try await documents(byCustodian, includeData: false).count == 2)
        let afterTheCheckup = HKQuery.predicateForSamples(withStart: morning.addingTimeInterval(3600), end: nil)
        #expect(try await documents(afterTheCheckup, includeData: false).map(\.uuid) == [followUp.uuid])
    }

    @Test func healthRecordsAsTheAccessingHealthRecordsArticleReadsThem() async throws {
        let device = try ScenarioDevice()
        let allergyJSON = Data(#"{"resourceType":"AllergyIntolerance","id":"allergy-1","code":{"text":"Penicillin"},"patient":{"reference":"Patient/1"}}"#.utf8)
        let conditionJSON = Data(#"{"resourceType":"Condition","id":"condition-1","code":{"text":"Seasonal allergic rhinitis"},"subject":{"reference":"Patient/1"}}"#.utf8)
        let allergy = HKClinicalRecord(type: HKClinicalType(.allergyRecord), displayName: "Penicillin",
                                       fhirResource: try HKFHIRResource.resource(jsonData: allergyJSON, fhirVersion: .primaryR4()),
                                       start: morning, end: morning, sourceRevision: ScenarioDevice.providerRevision)
        let condition = HKClinicalRecord(type: HKClinicalType(.conditionRecord), displayName: "Seasonal allergic rhinitis",
                                         fhirResource: try HKFHIRResource.resource(jsonData: conditionJSON, fhirVersion: .primaryR4()),
                                         start: morning, end: morning, sourceRevision: ScenarioDevice.providerRevision)
        try device.downloadHealthRecords([allergy, condition])

        let healthStore = device.healthStore()
        #expect(healthStore.supportsHealthRecords())
        guard let allergyType = HKObjectType.clinicalType(forIdentifier: .allergyRecord),
              let conditionType = HKObjectType.clinicalType(forIdentifier: .conditionRecord) else {
            Issue.record("clinical types missing")
            return
        }
        // Before the app asks, it sees nothing.
        let unasked = try await HKSampleQueryDescriptor(predicates: [.clinicalRecord(type: allergyType)], sortDescriptors: []).result(for: healthStore)
        #expect(unasked.isEmpty)

        try await healthStore.requestAuthorization(toShare: [], read: [allergyType, conditionType])
        let records: [HKClinicalRecord] = try await withCheckedThrowingContinuation { continuation in
            let query = HKSampleQuery(sampleType: allergyType, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil) { _, samples, error in
                guard let records = samples as? [HKClinicalRecord] else {
                    continuation.resume(throwing: error ?? HKError(.errorInvalidArgument))
                    return
                }
                continuation.resume(returning: records)
            }
            healthStore.execute(query)
        }
        let record = try #require(records.first)
        #expect(records.count == 1)
        #expect(record.displayName == "Penicillin")
        #expect(record.clinicalType == allergyType)
        let resource = try #require(record.fhirResource)
        #expect(resource.resourceType == .allergyIntolerance)
        #expect(resource.identifier == "allergy-1")
        let json = try JSONSerialization.jsonObject(with: resource.data) as? [String: Any]
        #expect((json?["code"] as? [String: Any])?["text"] as? String == "Penicillin")

        // By FHIR resource type.
        let conditions = try await HKSampleQueryDescriptor(
            predicates: [.clinicalRecord(type: conditionType,
                                         predicate: HKQuery.predicateForClinicalRecords(withFHIRResourceType: .condition))],
            sortDescriptors: []).result(for: healthStore)
        #expect(conditions.map(\.displayName) == ["Seasonal allergic rhinitis"])
        let wrongType = try await HKSampleQueryDescriptor(
            predicates: [.clinicalRecord(type: conditionType, predicate: HKQuery.predicateForClinicalRecords(withFHIRResourceType: .observation))],
            sortDescriptors: []).result(for: healthStore)
        #expect(wrongType.isEmpty)

        // By source, type and identifier, as a "find this record again" screen does.
        let again = try await HKSampleQueryDescriptor(
            predicates: [.clinicalRecord(type: allergyType, predicate: HKQuery.predicateForClinicalRecords(
                from: record.sourceRevision.source, fhirResourceType: .allergyIntolerance, identifier: "allergy-1"))],
            sortDescriptors: []).result(for: healthStore)
        #expect(again.map(\.uuid) == [allergy.uuid])

        // Apps never write records.
        #expect(healthStore.authorizationStatus(for: allergyType) == .sharingDenied)
    }
}
