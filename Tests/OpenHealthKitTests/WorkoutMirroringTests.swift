import Foundation
import OpenHealthKit
import OpenHealthKitTestSupport
import Testing

/// Workout session mirroring (iOS 17): there is no companion device, so nothing is mirrored and sending data fails.
@Suite struct WorkoutMirroringTests {
    typealias F = StoreFixture

    private func session() throws -> HKWorkoutSession {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        return try HKWorkoutSession(healthStore: try F.store(), configuration: configuration)
    }

    @Test func sendingToTheRemoteSessionFailsWithoutACompanionDevice() async throws {
        let session = try session()
        let reports = EventRecorder<(Bool, HKError.Code?)>()
        session.sendToRemoteWorkoutSession(data: Data("lap".utf8)) { success, error in
            reports.record((success, (error as? HKError)?.code))
        }
        let report = try #require(await reports.wait(for: 1).first)
        #expect(report.0 == false && report.1 == .errorHealthDataUnavailable)
        await #expect { try await session.sendToRemoteWorkoutSession(data: Data()) } throws: { error in
            (error as? HKError)?.code == .errorHealthDataUnavailable && "\(error)".contains("not mirrored")
        }
    }

    @Test func aSubclassThatSendsIsReachedByTheAsyncForm() async throws {
        final class Connected: HKWorkoutSession, @unchecked Sendable {
            let sent = EventRecorder<Data>()
            override func sendToRemoteWorkoutSession(data: Data, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
                sent.record(data)
                completion(true, nil)
            }
        }
        let session = try Connected(healthStore: try F.store(), configuration: HKWorkoutConfiguration())
        #expect(try await session.sendToRemoteWorkoutSession(data: Data([1, 2])))
        #expect(session.sent.events == [Data([1, 2])])
    }

    @Test func theMirroringStartHandlerIsKeptAndNeverCalled() async throws {
        let store = try F.store()
        #expect(store.workoutSessionMirroringStartHandler == nil)
        let started = EventRecorder<HKWorkoutSessionState>()
        store.workoutSessionMirroringStartHandler = { session in started.record(session.state) }
        #expect(store.workoutSessionMirroringStartHandler != nil)
        // Running a workout session of this device's own does not count as a mirrored one.
        let session = try HKWorkoutSession(healthStore: store, configuration: HKWorkoutConfiguration())
        session.startActivity(with: Date())
        session.end()
        session.settleDelegateCalls()
        #expect(started.events.isEmpty)
        store.workoutSessionMirroringStartHandler = nil
        #expect(store.workoutSessionMirroringStartHandler == nil)
    }

    @Test func delegatesMayImplementTheRemoteCallbacks() throws {
        final class Delegate: NSObject, HKWorkoutSessionDelegate {
            var received: [Data] = []
            func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                                from fromState: HKWorkoutSessionState, date: Date) {}
            func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}
            func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data]) {
                received += data
            }
        }
        let delegate = Delegate()
        let session = try HKWorkoutSession(healthStore: try F.store(), configuration: HKWorkoutConfiguration())
        let requirement: any HKWorkoutSessionDelegate = delegate
        requirement.workoutSession(session, didReceiveDataFromRemoteWorkoutSession: [Data([7])])
        requirement.workoutSession(session, didDisconnectFromRemoteDeviceWithError: nil)
        #expect(delegate.received == [Data([7])], "the delegate's own implementation is the protocol's requirement")
    }
}
