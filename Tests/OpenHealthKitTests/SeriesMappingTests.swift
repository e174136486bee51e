import Foundation
import HealthDatabase
import HealthDatabaseSQLite
@testable import OpenHealthKit
import Testing
import CoreLocation

@Suite("Series records: payload formats, stores written before series were objects, export beat lists")
struct SeriesMappingTests {
    typealias S = SeriesFixture

    /// 2020-12-06 23:59:58 -0800.
    static let lateEvening = Date(timeIntervalSince1970: 1_607_327_998)
    static let list: [HeartbeatMapping.ListEntry] = [("60", "11:59:58.50 PM"), ("61", "11:59:59.40 PM"), ("62", "12:00:00.30 AM"),
                                                      ("63", "12:00:01.20 AM"), ("40", "12:00:04.20 AM")]

    static let source = SourceRecord(bundleIdentifier: "com.apple.health.watch", name: "Watch")

    @Test("a store written before series were objects still reads: the bare beat list and the route payload give HealthKit objects")
    func legacyStore() async throws {
        let path = StoreFixture.temporaryDatabasePath()
        let storage = try SQLiteHealthStorage(path: path)
        let hrv = SampleRecord(uuid: UUID(), kind: .quantity, type: HKQuantityTypeIdentifier.heartRateVariabilitySDNN.rawValue,
                               startDate: Self.lateEvening, endDate: Self.lateEvening.addingTimeInterval(60), quantity: 0.03, unit: "ms",
                               originalQuantity: 30, source: Self.source)
        // The payloads exactly as the importer wrote them before.
        let legacyBeats = Data(#"[{"bpm":"60","time":"11:59:58.50 PM"},{"bpm":"61","time":"11:59:59.40 PM"},{"bpm":"62","time":"12:00:00.30 AM"},{"bpm":"63","time":"12:00:01.20 AM"},{"bpm":"40","time":"12:00:04.20 AM"}]"#.utf8)
        let beats = SampleRecord(uuid: UUID(), kind: .other, type: HKDataTypeIdentifierHeartbeatSeries, startDate: hrv.startDate,
                                 endDate: hrv.endDate, source: Self.source, parent: hrv.uuid, payload: legacyBeats)
        let workout = try ObjectMapping.record(from: HKWorkout(activityType: .running, start: S.start, end: S.start.addingTimeInterval(60)))
        let legacyRoute = Data(#"{"file":"\/workout-routes\/route_1.gpx","locations":[{"altitude":31,"course":-1,"horizontalAccuracy":-1,"latitude":52.5,"longitude":13.25,"speed":-1,"timestamp":721411200,"verticalAccuracy":-1}]}"#.utf8)
        let route = SampleRecord(uuid: UUID(), kind: .other, type: HKWorkoutRouteTypeIdentifier, startDate: S.start, endDate: S.start,
                                 source: Self.source, fields: ["HKMetadataKeySyncIdentifier": .text("r")], parent: workout.uuid, payload: legacyRoute)
        _ = try storage.save([hrv, beats, workout, route])

        let store = HKHealthStore.owner(storage: storage)
        let series = try #require(try await QueryFixture.samples(store, S.heartbeat).first as? HKHeartbeatSeriesSample)
        #expect(series.uuid == beats.uuid && series.count == 5)
        let calls = await S.beatCalls(store, series)
        #expect(calls.map(\.time) == [0.5, 1.4, 2.3, 3.2, 6.2])
        #expect(calls.map(\.gap) == [false, false, false, false, true])
        #expect(HeartbeatMapping.list(of: beats).map(\.time) == Self.list.map(\.time))

        let stored = try #require(try await QueryFixture.samples(store, S.route).first as? HKWorkoutRoute)
        #expect(stored.uuid == route.uuid && RouteMapping.file(of: route) == "/workout-routes/route_1.gpx")
        let locations = await S.routeBatches(store, stored).flatMap { $0.locations ?? [] }
        #expect(locations.map(\.coordinate.latitude) == [52.5] && locations.map(\.coordinate.longitude) == [13.25])
        #expect(locations.first?.timestamp == Date(timeIntervalSinceReferenceDate: 721_411_200))
    }

    @Test("beat list times: the first beat within 7.5 minutes of the start in any quarter-hour zone; counting goes on past midnight")
    func listTimes() {
        let late = HeartbeatList.heartbeats(Self.list, start: Self.lateEvening)
        #expect(late.map(\.timeIntervalSinceStart) == [0.5, 1.4, 2.3, 3.2, 6.2])
        #expect(late.map(\.precededByGap) == [false, false, false, false, true])
        // Kathmandu (+05:45): 2020-12-06 11:26:00 +0545 is 05:41:00 UTC.
        let kathmandu = Date(timeIntervalSince1970: 1_607_233_260)
        let beats = HeartbeatList.heartbeats([("58", "11:26:02.34 AM"), ("58", "11:26:03.37 AM")], start: kathmandu)
        #expect(beats.map(\.timeIntervalSinceStart) == [2.34, 3.37])
        // An unreadable time follows the previous beat by one beat interval.
        let unreadable = HeartbeatList.heartbeats([("60", "11:26:02 AM"), ("120", "??"), ("60", "11:26:04 AM")], start: kathmandu)
        #expect(unreadable.map(\.timeIntervalSinceStart) == [2, 2.5, 4])
    }

    @Test("wall-clock times: 12-hour with AM/PM, 24-hour, decimal comma; nonsense is nil")
    func clockTimes() {
        #expect(HeartbeatList.secondsOfDay("12:00:01.20 AM") == 1.2)
        #expect(HeartbeatList.secondsOfDay("12:30:00 PM") == 45_000)
        #expect(HeartbeatList.secondsOfDay("1:05:00.5 pm") == 47_100.5)
        #expect(HeartbeatList.secondsOfDay("23:15:00,5") == 83_700.5)
        #expect(HeartbeatList.secondsOfDay("13:00:00 PM") == nil)
        #expect(HeartbeatList.secondsOfDay("later") == nil)
    }

    @Test("HKHealthStore.save and delete of series an app made itself, like any sample")
    func saveAndDelete() async throws {
        let store = try S.store()
        try await S.authorize(store)
        let route = HKWorkoutRoute(locations: [WorkoutRouteLocation(S.locations(1)[0])], start: S.start, end: S.start)
        try await store.save(route)
        let read = try #require(try await QueryFixture.samples(store, S.route).first as? HKWorkoutRoute)
        #expect(read.locations == route.locations && read.count == 1)
        try await store.delete(read)
        #expect(try await QueryFixture.samples(store, S.route).isEmpty)
    }
}
