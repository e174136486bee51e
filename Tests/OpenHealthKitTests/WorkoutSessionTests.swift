import Foundation
import HealthDatabase
import OpenHealthKit
import OpenHealthKitTestSupport
import Testing

/// Records what a workout session and its live builder tell their delegates.
final class SessionRecorder: NSObject, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate, @unchecked Sendable {
    private let log = EventRecorder<String>()
    private let lock = NSLock()
    private var failures: [HKError] = []
    /// The sessions and builders heard from, whose delegate queues ``wait(for:)`` drains.
    private var speakers: [ObjectIdentifier: any AnyObject & Sendable] = [:]

    /// Everything heard, in order: `prepared<-notStarted`, `event pause`, `collected HKQuantityTypeIdentifier…`, `builder event`.
    var heard: [String] { log.events }
    /// The errors the session reported.
    var errors: [HKError] { lock.withLock { failures } }

    private func note(_ line: String, from speaker: any AnyObject & Sendable) {
        lock.withLock { speakers[ObjectIdentifier(speaker)] = speaker }
        log.record(line)
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date) {
        note("\(toState)<-\(fromState)", from: workoutSession)
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
        lock.withLock { failures.append(HKError.from(error)) }
        note("failed", from: workoutSession)
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent) {
        note("event \(event.type)", from: workoutSession)
    }

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        note("collected " + collectedTypes.map(\.identifier).sorted().joined(separator: ","), from: workoutBuilder)
    }

    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) { note("builder event", from: workoutBuilder) }

    /// Waits (up to five seconds) until `count` lines were heard, then until the delegate calls already scheduled by
    /// the sessions and builders heard from have run, so that a line too many shows.
    func wait(for count: Int) async -> [String] {
        await log.wait(for: count)
        for speaker in lock.withLock({ Array(speakers.values) }) {
            (speaker as? HKWorkoutSession)?.settleDelegateCalls()
            (speaker as? HKLiveWorkoutBuilder)?.settleDelegateCalls()
        }
        return heard
    }
}

@Suite("Workout sessions: HKWorkoutSession's states, HKLiveWorkoutBuilder and HKLiveWorkoutDataSource")
struct WorkoutSessionTests {
    typealias W = WorkoutBuilderFixture

    static func running() -> HKWorkoutConfiguration {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        return configuration
    }

    @Test("every call in every state: HealthKit's transitions, ignored pauses and resumes, invalid calls")
    func machine() {
        typealias M = WorkoutSessionMachine
        let expected: [(M.Action, [HKWorkoutSessionState: M.Outcome])] = [
            (.prepare, [.notStarted: .move(.prepared)]),
            (.startActivity, [.notStarted: .move(.running), .prepared: .move(.running)]),
            (.pause, [.running: .move(.paused)]),
            (.resume, [.paused: .move(.running)]),
            (.stopActivity, [.running: .move(.stopped), .paused: .move(.stopped)]),
            (.end, [.notStarted: .move(.ended), .prepared: .move(.ended), .running: .move(.ended), .paused: .move(.ended),
                    .stopped: .move(.ended)]),
        ]
        for (action, moves) in expected {
            for state in HKWorkoutSessionState.allCases {
                let otherwise: M.Outcome = action == .pause || action == .resume ? .ignore : .invalid
                #expect(M.outcome(of: action, in: state) == moves[state] ?? otherwise, "\(action) in \(state)")
            }
        }
    }

    @Test("prepare, start, pause, resume, stop, end: the delegate hears each change and the pause and resume events")
    func lifecycle() async throws {
        let store = try await W.store()
        let session = try HKWorkoutSession(healthStore: store, configuration: Self.running())
        let recorder = SessionRecorder()
        session.delegate = recorder
        #expect(session.state == .notStarted && session.type == .primary)
        session.prepare()
        let start = Date()
        session.startActivity(with: start)
        session.pause()
        session.resume()
        session.stopActivity(with: nil)
        session.end()
        #expect(session.state == .ended)
        #expect(session.startDate == start && session.endDate != nil)
        let heard = await recorder.wait(for: 8)
        #expect(heard == ["prepared<-notStarted", "running<-prepared", "paused<-running", "event pause",
                          "running<-paused", "event resume", "stopped<-running", "ended<-stopped"])
        #expect(recorder.errors.isEmpty)
    }

    @Test("invalid calls leave the state and report errorInvalidArgument; a second session ends the first")
    func invalidTransitionsAndReplacement() async throws {
        let store = try await W.store()
        let session = try HKWorkoutSession(healthStore: store, configuration: Self.running())
        let recorder = SessionRecorder()
        session.delegate = recorder
        session.pause()                       // not running: ignored
        session.startActivity(with: nil)
        session.startActivity(with: nil)      // invalid
        session.prepare()                     // invalid
        #expect(session.state == .running)
        let heard = await recorder.wait(for: 3)
        #expect(heard == ["running<-notStarted", "failed", "failed"])
        #expect(recorder.errors.map(\.code) == [.errorInvalidArgument, .errorInvalidArgument])

        let second = try HKWorkoutSession(healthStore: store, configuration: Self.running())
        second.startActivity(with: nil)
        #expect(session.state == .ended && second.state == .running)
        let after = await recorder.wait(for: 5)
        #expect(after.suffix(2) == ["failed", "ended<-running"])
        #expect(recorder.errors.last?.code == .errorAnotherWorkoutSessionStarted)
        session.end()                         // already ended: invalid
        #expect(await recorder.wait(for: 6).last == "failed")

        let swim = Self.running()
        swim.lapLength = HKQuantity(unit: .meter(), doubleValue: 25)
        #expect(throws: HKError.self) { try HKWorkoutSession(healthStore: store, configuration: swim) }
    }

    @Test("the live builder records the session's pause and resume, reports added samples, and saves the workout")
    func liveBuilder() async throws {
        let store = try await W.store()
        let session = try HKWorkoutSession(healthStore: store, configuration: Self.running())
        let builder = session.associatedWorkoutBuilder()
        #expect(builder === session.associatedWorkoutBuilder() && builder.workoutSession === session)
        let recorder = SessionRecorder()
        builder.delegate = recorder
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: session.workoutConfiguration)

        let start = Date()
        session.startActivity(with: start)
        try await builder.beginCollection(at: start)
        let energy = HKQuantitySample(type: W.energyType, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 12),
                                      start: start, end: start.addingTimeInterval(0.1))
        try await builder.addSamples([energy])
        session.pause()
        // A real pause: the session stamps its events with the system's time, and the workout's duration must leave it out.
        try await Task.sleep(nanoseconds: 400_000_000)
        session.resume()
        #expect(await recorder.wait(for: 3) == ["collected HKQuantityTypeIdentifierActiveEnergyBurned", "builder event", "builder event"])
        #expect(builder.workoutEvents.map(\.type) == [.pause, .resume])
        session.end()
        let end = Date()
        try await builder.endCollection(at: end)
        let workout = try #require(try await builder.finishWorkout())
        #expect(workout.workoutActivityType == .running && workout.workoutEvents?.map(\.type) == [.pause, .resume])
        #expect(workout.duration < end.timeIntervalSince(start) - 0.35)
        #expect(workout.statistics(for: W.energyType)?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 12)
        let stored = try await QueryFixture.samples(store, .workoutType())
        #expect(stored.map(\.uuid) == [workout.uuid])
    }

    @Test("without shouldCollectWorkoutEvents the builder ignores the session's events; the data source's types follow the activity")
    func eventsOffAndDataSource() async throws {
        let store = try await W.store()
        let session = try HKWorkoutSession(healthStore: store, configuration: Self.running())
        let builder = session.associatedWorkoutBuilder()
        builder.shouldCollectWorkoutEvents = false
        session.startActivity(with: nil)
        try await builder.beginCollection(at: Date())
        session.pause()
        session.resume()
        // The session hands its events to the builder before pause() and resume() return.
        #expect(builder.workoutEvents.isEmpty)

        let source = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: Self.running())
        #expect(source.typesToCollect.contains(HKQuantityType(.distanceWalkingRunning)) && source.typesToCollect.contains(HKQuantityType(.heartRate)))
        source.disableCollection(for: HKQuantityType(.heartRate))
        source.enableCollection(for: HKQuantityType(.stepCount), predicate: nil)
        #expect(!source.typesToCollect.contains(HKQuantityType(.heartRate)) && source.typesToCollect.contains(HKQuantityType(.stepCount)))
        let cycling = HKWorkoutConfiguration()
        cycling.activityType = .cycling
        #expect(HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: cycling).typesToCollect.contains(HKQuantityType(.distanceCycling)))
    }
}
