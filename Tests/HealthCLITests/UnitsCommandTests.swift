import Foundation
import TestSupport
import Testing

@Suite("health units")
struct UnitsCommandTests {
    @Test func convertsKilometresToMiles() async throws {
        let result = try await HealthProcess.run(["units", "convert", "5", "km", "mi"])
        #expect(result.status == 0)
        #expect(result.stdout == "3.10686 mi\n")
    }

    @Test func convertsTemperaturesAndGlucose() async throws {
        #expect(try await HealthProcess.run(["units", "convert", "98.6", "degF", "degC"]).stdout == "37 degC\n")
        #expect(try await HealthProcess.run(["units", "convert", "--", "-40", "degC", "degF"]).stdout == "-40 degF\n")
        let glucose = try await HealthProcess.run(["units", "convert", "5.5", "mmol<180.15588000005408>/L", "mg/dl"])
        #expect(glucose.stdout == "99.0857 mg/dL\n")
    }

    @Test func jsonKeepsFullPrecision() async throws {
        let rows = try HealthProcess.json(await HealthProcess.run(["units", "convert", "1", "mi", "m", "--format", "json"]))
        #expect(rows.count == 1)
        #expect(rows.first?["converted"] as? Double == 1609.34)
        #expect(rows.first?["unit"] as? String == "mi")
    }

    @Test func precisionOptionControlsDigits() async throws {
        let result = try await HealthProcess.run(["units", "convert", "1", "lb", "kg", "--precision", "3"])
        #expect(result.stdout == "0.454 kg\n")
    }

    @Test func showsNormalisedStringDimensionAndFactor() async throws {
        let result = try await HealthProcess.run(["units", "show", "ml/(kg*min)"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "unit       mL/min·kg")
        #expect(lines.contains("dimension  mass^-1·length^3·time^-1"))
        // 1 mL/(kg·min) = 1e-6 m³ / (1 kg · 60 s).
        let rows = try HealthProcess.json(await HealthProcess.run(["units", "show", "ml/(kg*min)", "--format", "json"]))
        let factor = try #require(rows.first?["factor"] as? Double)
        #expect(abs(factor - 1e-6 / 60) < 1e-22)
    }

    @Test func temperatureShowsItsOffset() async throws {
        let result = try await HealthProcess.run(["units", "show", "degC"])
        #expect(result.stdout.contains("offset     273.15"))
    }

    @Test func badUnitIsOneLineOnStandardErrorWithStatus2() async throws {
        let result = try await HealthProcess.run(["units", "show", "mg/xyz"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("health: unknown unit \"xyz\" at offset 3 in \"mg/xyz\""))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func incompatibleUnitsExitWithStatus2() async throws {
        let result = try await HealthProcess.run(["units", "convert", "5", "km", "kg"])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("km") && result.stderr.contains("kg"))
    }

    @Test func malformedCommandLineUsesTheUsageStatus() async throws {
        #expect(try await HealthProcess.run(["units", "convert", "five", "km", "mi"]).status == 64)
    }
}
