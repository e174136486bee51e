import Foundation
import TestSupport
import Testing

@Suite("health types")
struct TypesCommandTests {
    @Test func quantityTypesCarryUnitsAndAggregationStyles() async throws {
        let rows = try HealthProcess.json(await HealthProcess.run(["types", "--kind", "quantity", "--format", "json"]))
        #expect(rows.count >= 100)
        #expect(rows.allSatisfy { $0["kind"] as? String == "quantity" })
        let steps = try #require(rows.first { $0["identifier"] as? String == "HKQuantityTypeIdentifierStepCount" })
        #expect(steps["name"] as? String == "stepCount")
        #expect(steps["unit"] as? String == "count")
        #expect(steps["aggregation"] as? String == "cumulative")
        let heart = try #require(rows.first { $0["name"] as? String == "heartRate" })
        #expect(heart["unit"] as? String == "count/s")
        #expect(heart["aggregation"] as? String == "discreteTemporallyWeighted")
        let audio = try #require(rows.first { $0["name"] as? String == "environmentalAudioExposure" })
        #expect(audio["aggregation"] as? String == "discreteEquivalentContinuousLevel")
    }

    @Test func kindsPartitionTheCatalog() async throws {
        let all = try HealthProcess.json(await HealthProcess.run(["types", "--format", "json"]))
        var total = 0
        for kind in ["quantity", "category", "characteristic", "correlation", "workout", "series", "document", "clinical", "other"] {
            total += try HealthProcess.json(await HealthProcess.run(["types", "--kind", kind, "--format", "json"])).count
        }
        #expect(total == all.count)
        let clinical = try HealthProcess.json(await HealthProcess.run(["types", "--kind", "clinical", "--format", "json"]))
        #expect(clinical.count == 9)
    }

    @Test func namesSelectTypesByShortNameOrIdentifier() async throws {
        let result = try await HealthProcess.run(["types", "vo2max", "HKCategoryTypeIdentifierSleepAnalysis", "--format", "csv"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\r\n").map(String.init)
        #expect(lines == [
            "name,identifier,kind,unit,aggregation,values",
            "vo2Max,HKQuantityTypeIdentifierVO2Max,quantity,mL/min·kg,discreteArithmetic,",
            "sleepAnalysis,HKCategoryTypeIdentifierSleepAnalysis,category,,,HKCategoryValueSleepAnalysis",
        ])
    }

    @Test func tableHasAHeaderAndAlignedColumns() async throws {
        let result = try await HealthProcess.run(["types", "stepCount", "bodyMass"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("name"))
        let unitColumn = try #require(lines[0].range(of: "unit")).lowerBound.utf16Offset(in: lines[0])
        #expect(lines[2].dropFirst(unitColumn).hasPrefix("kg"))
    }

    @Test func unknownTypeExitsWithStatus2() async throws {
        let result = try await HealthProcess.run(["types", "stepz"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("health: unknown type \"stepz\"; did you mean stepCount"))
    }
}
