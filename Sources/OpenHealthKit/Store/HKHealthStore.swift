public import Foundation
public import HealthDatabase
import HealthLocking

/// The access point to the person's health data: saving, deleting, authorization and queries.
///
/// Thread-safe: share one store across threads and tasks. Completion handlers run on a global
/// concurrent queue, never on the caller's thread, as in HealthKit.
///
/// `HKHealthStore()` opens the default database (``defaultDatabasePath(environment:)``) for the calling
/// app (``HKSource/default()``). It cannot throw: if the database cannot be opened, the store still exists
/// and every operation fails with ``HKError/Code/errorDatabaseInaccessible`` whose message names the path
/// and the reason (``authorizationStatus(for:)`` answers `.notDetermined`). Use ``init(databasePath:app:)``
/// or ``init(storage:app:environment:)`` (OpenHealthKit extensions) to choose both explicitly and see
/// failures at once.
///
/// ## Subclassing
/// As on Apple platforms, where it is an Objective-C class, `HKHealthStore` is `open`: test doubles subclass it
/// and override any HealthKit method declared here (every one below is `open`). The async forms call their
/// completion-handler forms, as Apple's async forms are bridges to them: a subclass that overrides only
/// `save(_:withCompletion:)` is called by `try await store.save(object)` too. A subclass that overrides only an
/// async form changes what async callers get; callers of the completion form still reach HealthKit's behaviour.
/// Overriding both is allowed; neither calls the other once overridden. OpenHealthKit's own additions (the
/// `checked` twins, ``owner(databasePath:app:)``, sync and source priority) are not overridable.
/// See docs/Compatibility.md.
open class HKHealthStore: NSObject, @unchecked Sendable {
    /// What the store is: its database, the app it acts for, its policies (see ``StoreCore``).
    ///
    /// The class has exactly two designated initialisers, both public, so that a subclass which declares none
    /// inherits every initialiser, the convenience ones included, as it would from Apple's class.
    let core: StoreCore

    /// What `workoutSessionMirroringStartHandler` holds.
    private let mirroringStartHandler = Locked<((HKWorkoutSession) -> Void)?>(nil)

    /// Opens the default store for the calling app.
    ///
    /// The database is `OPENHEALTHKIT_DATABASE`, else the platform's data directory (see
    /// ``defaultDatabasePath(environment:)``); the app is ``HKSource/default()``; the engine is the linked
    /// ``DefaultStorageEngine`` (SQLite, with the `HealthKit` or `OpenHealthKitSQLite` product), or, when
    /// `OPENHEALTHKIT_DATABASE` is a `postgres://…?owner=NAME` URL, the linked ``ServerStorageEngine``
    /// (`OpenHealthKitPostgres`).
    public override init() {
        let environment = ProcessInfo.processInfo.environment
        let path = Self.defaultDatabasePath(environment: environment)
        let opened = Result { () throws(HKError) in try DefaultStorageEngineLookup.open(path: path) }
        core = StoreCore(opened: opened, app: .default(), environment: environment, isOwner: false)
        super.init()
    }

    /// A store over any storage engine, acting for `app` (OpenHealthKit extension).
    ///
    /// - Parameters:
    ///   - storage: the person's store (``SQLiteHealthStorage``, or another engine).
    ///   - app: the app the store acts for.
    ///   - environment: where the authorization policy (`OPENHEALTHKIT_AUTHORIZATION`), the required
    ///     clinical read types (`OPENHEALTHKIT_REQUIRED_READ_TYPES`) and Guest User mode
    ///     (`OPENHEALTHKIT_GUEST_USER`, ``isGuestUserSession``) are read from.
    public init(
        storage: any HealthStorage, app: HKSource,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        core = StoreCore(opened: .success(storage), app: app, environment: environment, isOwner: false)
        super.init()
    }

    // MARK: Availability

    /// Whether HealthKit is available: always `true` in OpenHealthKit.
    open class func isHealthDataAvailable() -> Bool { true }

    /// Whether the store supports clinical records: always `true` in OpenHealthKit.
    open func supportsHealthRecords() -> Bool { true }

    /// The earliest date a saved sample may end on: 1900-01-01 00:00:00 UTC.
    ///
    /// Saving a sample that ends earlier fails with ``HKError/Code/errorInvalidArgument``.
    open func earliestPermittedSampleDate() -> Date { Self.earliestPermittedDate }

    // MARK: Authorization

    /// The app's permission to save data of `type`; read permission is never reported.
    ///
    /// `.notDetermined` also when the database cannot be read.
    open func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        sharingStatus(for: type)
    }

    /// Asks the person, if any requested type is undecided, to allow sharing and reading the types.
    ///
    /// Traps with HealthKit's message on an empty request, a read-only type to share, or a correlation type.
    /// `success` is `true` when the request completed (nothing to ask, or the person answered): it says
    /// nothing about what was allowed. `completion` runs on a background queue.
    open func requestAuthorization(
        toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        requestAuthorizationOrTrap(share: typesToShare ?? [], read: typesToRead ?? [], completion: completion)
    }

    /// Asks the person, if any requested type is undecided, to allow sharing and reading the types.
    ///
    /// Traps like ``requestAuthorization(toShare:read:completion:)``; returning says nothing about what was allowed.
    open func requestAuthorization(toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>) async throws {
        try await bridge { requestAuthorization(toShare: typesToShare, read: typesToRead, completion: $0) }
    }

    /// The async form the Objective-C method itself imports as (Apple refines it for Swift, hence the underscores);
    /// apps that back-deploy async code to iOS 13 and 14 call it. Returns the handler's `success`: `true` when the
    /// request completed, saying nothing about what was allowed.
    @discardableResult
    open func __requestAuthorization(toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?) async throws -> Bool {
        try await bridge { requestAuthorization(toShare: typesToShare, read: typesToRead, completion: $0) }
        return true
    }

    /// Whether requesting these types would ask the person (`.shouldRequest`) or not (`.unnecessary`).
    ///
    /// Traps like ``requestAuthorization(toShare:read:completion:)``. On error: `.unknown` and the error.
    open func getRequestStatusForAuthorization(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>,
        completion: @escaping @Sendable (HKAuthorizationRequestStatus, (any Error)?) -> Void
    ) {
        requestStatusOrTrap(share: typesToShare, read: typesToRead, completion: completion)
    }

    /// Whether requesting these types would ask the person (`.shouldRequest`) or not (`.unnecessary`).
    open func statusForAuthorizationRequest(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    ) async throws -> HKAuthorizationRequestStatus {
        try await bridge { getRequestStatusForAuthorization(toShare: typesToShare, read: typesToRead, completion: $0) }
    }

    /// Asks the person which samples of `objectType` matching `predicate` the app may read (iOS 16).
    ///
    /// As in HealthKit the person is asked every time, and the samples they pick replace the app's earlier
    /// choice among those shown. `success` is `true` when the person answered; it says nothing about what
    /// was allowed. Fails with ``HKError/Code/errorInvalidArgument`` for a type that does not require
    /// per-object authorization. `completion` runs on a background queue.
    open func requestPerObjectReadAuthorization(
        for objectType: HKObjectType, predicate: NSPredicate?, completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        requestObjectAuthorization(for: objectType, predicate: predicate, completion: completion)
    }

    /// Asks the person which samples of `objectType` matching `predicate` the app may read.
    open func requestPerObjectReadAuthorization(for objectType: HKObjectType, predicate: NSPredicate?) async throws {
        try await bridge { requestPerObjectReadAuthorization(for: objectType, predicate: predicate, completion: $0) }
    }

    /// Shows the permission sheet an app extension asked for (iOS 9). There are no app extensions here, so there is
    /// never a pending request: the handler gets `true` (the call completed) on a background queue.
    open func handleAuthorizationForExtension(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ () }, reporting: completion)
    }

    /// Completes like `handleAuthorizationForExtension(completion:)`.
    open func handleAuthorizationForExtension() async throws {
        try await bridge { handleAuthorizationForExtension(completion: $0) }
    }

    // MARK: Saving and deleting

    /// Saves one object. See `save(_ objects:withCompletion:)`.
    open func save(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ try self.store([object]) }, reporting: completion)
    }

    /// Saves `objects` atomically: all of them or none.
    ///
    /// The app needs sharing authorization for every object's type (a correlation: its members' types):
    /// ``HKError/Code/errorAuthorizationNotDetermined`` if undecided, ``HKError/Code/errorAuthorizationDenied``
    /// if denied. Each object is stored with the app's source revision and keeps its UUID; a UUID already
    /// stored (or given twice), or a sample ending before ``earliestPermittedSampleDate()``, fails with
    /// ``HKError/Code/errorInvalidArgument``. An object whose sync identifier the app already stored with an
    /// equal or higher sync version is not stored, and the save still succeeds (see docs/Store.md).
    /// `completion` runs on a background queue.
    open func save(_ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ try self.store(objects) }, reporting: completion)
    }

    /// Saves one object; throws as `save(_ objects:withCompletion:)` reports.
    open func save(_ object: HKObject) async throws {
        try await bridge { save(object, withCompletion: $0) }
    }

    /// Saves `objects` atomically; throws as `save(_ objects:withCompletion:)` reports.
    open func save(_ objects: [HKObject]) async throws {
        try await bridge { save(objects, withCompletion: $0) }
    }

    /// Deletes one object the app saved. See `delete(_ objects:withCompletion:)`.
    open func delete(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ try self.remove([object]) }, reporting: completion)
    }

    /// Deletes objects the app saved, atomically; each leaves a deleted object for anchored queries.
    ///
    /// An empty array fails with ``HKError/Code/errorInvalidArgument``. The app needs sharing authorization
    /// for each object's type (errors as for saving). An object another source saved fails the whole
    /// request with ``HKError/Code/errorAuthorizationDenied``; objects not in the store are skipped.
    /// Deleting a correlation or workout deletes the samples it holds.
    open func delete(_ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ try self.remove(objects) }, reporting: completion)
    }

    /// Deletes one object the app saved; throws as `delete(_ objects:withCompletion:)` reports.
    open func delete(_ object: HKObject) async throws {
        try await bridge { delete(object, withCompletion: $0) }
    }

    /// Deletes objects the app saved; throws as `delete(_ objects:withCompletion:)` reports.
    open func delete(_ objects: [HKObject]) async throws {
        try await bridge { delete(objects, withCompletion: $0) }
    }

    /// Deletes the app's objects of `objectType` matching `predicate`; `completion` gets how many.
    ///
    /// Objects other sources saved are left alone (they do not count). The app needs sharing
    /// authorization for `objectType`. A predicate the store cannot evaluate fails with
    /// ``HKError/Code/errorInvalidArgument``.
    open func deleteObjects(
        of objectType: HKObjectType, predicate: NSPredicate,
        withCompletion completion: @escaping @Sendable (Bool, Int, (any Error)?) -> Void
    ) {
        removeObjects(of: objectType, predicate: predicate, completion: completion)
    }

    /// Deletes the app's objects of `objectType` matching `predicate` and returns how many.
    open func deleteObjects(of objectType: HKObjectType, predicate: NSPredicate) async throws -> Int {
        try await bridgeCount { deleteObjects(of: objectType, predicate: predicate, withCompletion: $0) }
    }

    // MARK: Queries

    /// Runs `query`: its handlers are called on a background queue with the results.
    ///
    /// A query runs once: executing it again traps, as HealthKit raises `NSInvalidArgumentException`
    /// (``checkedExecute(_:)`` throws instead). When the store's database cannot be opened, the query's
    /// handler receives ``HKError/Code/errorDatabaseInaccessible``.
    open func execute(_ query: HKQuery) {
        do {
            try checkedExecute(query)
        } catch {
            raiseInvalidArgument(error.localizedDescription)
        }
    }

    /// Stops `query`: a long-running query delivers nothing more, and a one-shot query that has not answered
    /// yet never will. Stopping a query that is not running does nothing.
    open func stop(_ query: HKQuery) {
        query.execution.finish()
    }

    // MARK: Background delivery

    /// Bounds how often observer queries report changes to `type` (see docs/Store.md, "Background delivery").
    open func enableBackgroundDelivery(
        for type: HKObjectType, frequency: HKUpdateFrequency,
        withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        updateDelivery(frequency, for: [type.identifier], completion: completion)
    }

    /// Bounds how often observer queries report changes to `type` (async form).
    open func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency) async throws {
        try await bridge { enableBackgroundDelivery(for: type, frequency: frequency, withCompletion: $0) }
    }

    /// Removes the bound on observer notifications for `type`.
    open func disableBackgroundDelivery(
        for type: HKObjectType, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        updateDelivery(nil, for: [type.identifier], completion: completion)
    }

    /// Removes the bound on observer notifications for `type` (async form).
    open func disableBackgroundDelivery(for type: HKObjectType) async throws {
        try await bridge { disableBackgroundDelivery(for: type, withCompletion: $0) }
    }

    /// Removes every background-delivery registration of the app.
    open func disableAllBackgroundDelivery(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        updateDelivery(nil, for: nil, completion: completion)
    }

    /// Removes every background-delivery registration of the app (async form).
    open func disableAllBackgroundDelivery() async throws {
        try await bridge { disableAllBackgroundDelivery(completion: $0) }
    }

    // MARK: Characteristics

    /// The date of birth (Gregorian year, month, day); empty components when not set or not readable.
    open func dateOfBirthComponents() throws -> DateComponents {
        try readCharacteristic(.dateOfBirth) { try CharacteristicSettings.dateOfBirth(in: $0) } ?? DateComponents()
    }

    /// The biological sex; `.notSet` when not set or not readable.
    open func biologicalSex() throws -> HKBiologicalSexObject {
        HKBiologicalSexObject(biologicalSex: try storedCharacteristic(.biologicalSex) ?? .notSet)
    }

    /// The blood type; `.notSet` when not set or not readable.
    open func bloodType() throws -> HKBloodTypeObject {
        HKBloodTypeObject(bloodType: try storedCharacteristic(.bloodType) ?? .notSet)
    }

    /// The Fitzpatrick skin type; `.notSet` when not set or not readable.
    open func fitzpatrickSkinType() throws -> HKFitzpatrickSkinTypeObject {
        HKFitzpatrickSkinTypeObject(skinType: try storedCharacteristic(.fitzpatrickSkinType) ?? .notSet)
    }

    /// Whether the person uses a wheelchair; `.notSet` when not set or not readable.
    open func wheelchairUse() throws -> HKWheelchairUseObject {
        HKWheelchairUseObject(wheelchairUse: try storedCharacteristic(.wheelchairUse) ?? .notSet)
    }

    /// The Activity move mode; `.activeEnergy` (HealthKit's default) when not set or not readable.
    open func activityMoveMode() throws -> HKActivityMoveModeObject {
        HKActivityMoveModeObject(activityMoveMode: try storedCharacteristic(.activityMoveMode) ?? .activeEnergy)
    }

    /// The date of birth as a date: the start of the birthday in the Gregorian calendar of the current time zone.
    /// Deprecated in HealthKit since iOS 10 in favour of ``dateOfBirthComponents()``; throws
    /// ``HKError/Code/errorNoData`` when no date of birth is set or readable (HealthKit's answer is `nil`, which Swift
    /// cannot return from this method).
    @available(*, deprecated, renamed: "dateOfBirthComponents()")
    open func dateOfBirth() throws -> Date {
        try Self.date(ofBirth: dateOfBirthComponents())
    }

    // MARK: Preferred units

    /// The units the person prefers for `quantityTypes`; `completion` runs on a background queue.
    ///
    /// Fails with ``HKError/Code/errorAuthorizationNotDetermined`` when the app has neither share nor read
    /// decisions for any of the types (never for the person's own access, ``owner(databasePath:app:)``). A unit the
    /// person chose (``setPreferredUnit(_:for:)``) wins; otherwise the default of the store's locale
    /// (``setPreferredUnitsLocale(_:)``, else the process locale).
    open func preferredUnits(
        for quantityTypes: Set<HKQuantityType>,
        completion: @escaping @Sendable ([HKQuantityType: HKUnit], (any Error)?) -> Void
    ) {
        dispatch({ try self.units(for: quantityTypes) }) { completion((try? $0.get()) ?? [:], $0.error) }
    }

    /// The units the person prefers for `quantityTypes`; throws as ``preferredUnits(for:completion:)`` reports.
    open func preferredUnits(for quantityTypes: Set<HKQuantityType>) async throws -> [HKQuantityType: HKUnit] {
        try await bridge { preferredUnits(for: quantityTypes, completion: $0) }
    }

    // MARK: Workouts

    /// Associates `samples` with the stored `workout` (HealthKit's pre-iOS 17 way; see
    /// ``store(_:associatedWith:)`` for the rules). `completion` runs on a background queue.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    open func add(_ samples: [HKSample], to workout: HKWorkout, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ try self.store(samples, associatedWith: workout.uuid) }, reporting: completion)
    }

    /// Associates `samples` with `workout`; throws as `add(_:to:completion:)` reports. HealthKit's async name for
    /// `add(_:to:completion:)` (`NS_SWIFT_ASYNC_NAME(addSamples(_:to:))`).
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    open func addSamples(_ samples: [HKSample], to workout: HKWorkout) async throws {
        try await bridge { add(samples, to: workout, completion: $0) }
    }

    /// Associates `samples` with `workout` (an earlier OpenHealthKit spelling of ``addSamples(_:to:)``, which HealthKit
    /// does not have; kept so that callers keep compiling).
    @available(*, deprecated, renamed: "addSamples(_:to:)")
    open func add(_ samples: [HKSample], to workout: HKWorkout) async throws {
        try await bridge { add(samples, to: workout, completion: $0) }
    }

    /// Called with the mirrored session when a workout session on a paired Apple Watch starts mirroring to this
    /// device (iOS 17). There is no paired Apple Watch here, so no session ever starts mirroring: the store keeps the
    /// handler (set it at launch, as HealthKit asks) and never calls it.
    open var workoutSessionMirroringStartHandler: ((HKWorkoutSession) -> Void)? {
        get { mirroringStartHandler.current }
        set { mirroringStartHandler.withLock { $0 = newValue } }
    }

    /// Relates the workout effort sample `sample` to `workout`, or to one of its activities (iOS 18); see
    /// docs/Store.md for the rules. `completion` runs on a background queue.
    open func relateWorkoutEffortSample(_ sample: HKSample, with workout: HKWorkout, activity: HKWorkoutActivity?,
                                        completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ try self.relate(sample, to: workout, activity: activity) }, reporting: completion)
    }

    /// Relates `sample` to `workout` or its `activity`; returns true, or throws as
    /// `relateWorkoutEffortSample(_:with:activity:completion:)` reports.
    @discardableResult
    open func relateWorkoutEffortSample(_ sample: HKSample, with workout: HKWorkout, activity: HKWorkoutActivity?) async throws -> Bool {
        try await bridge { relateWorkoutEffortSample(sample, with: workout, activity: activity, completion: $0) }
        return true
    }

    /// Ends the relation of the workout effort sample `sample` with `workout`, or with one of its activities
    /// (iOS 18); the sample stays in the store. `completion` runs on a background queue.
    open func unrelateWorkoutEffortSample(_ sample: HKSample, from workout: HKWorkout, activity: HKWorkoutActivity?,
                                          completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ try self.unrelate(sample, from: workout, activity: activity) }, reporting: completion)
    }

    /// Ends the relation of `sample` with `workout` or its `activity`; returns true, or throws as
    /// `unrelateWorkoutEffortSample(_:from:activity:completion:)` reports.
    @discardableResult
    open func unrelateWorkoutEffortSample(_ sample: HKSample, from workout: HKWorkout, activity: HKWorkoutActivity?) async throws -> Bool {
        try await bridge { unrelateWorkoutEffortSample(sample, from: workout, activity: activity, completion: $0) }
        return true
    }

    /// The app's active workout session, for an app relaunched during a workout (iOS 17, watchOS 5): the session of
    /// this store that is prepared, running, paused or stopped, or `nil`. Sessions live in the process, so an app that
    /// really was relaunched gets `nil`. The handler runs on a background queue.
    open func recoverActiveWorkoutSession(completion: @escaping @Sendable (HKWorkoutSession?, (any Error)?) -> Void) {
        dispatch({ ActiveWorkoutSessions.active(for: self) }) { completion(try? $0.get(), nil) }
    }

    /// The app's active workout session; as `recoverActiveWorkoutSession(completion:)`.
    open func recoverActiveWorkoutSession() async throws -> HKWorkoutSession? {
        try await bridge { recoverActiveWorkoutSession(completion: $0) }
    }

    /// Launches the app's watch app to start a workout of `workoutConfiguration` (iOS 10). There is no paired Apple
    /// Watch here: the handler gets `false` and `errorHealthDataUnavailable`, on a background queue.
    open func startWatchApp(with workoutConfiguration: HKWorkoutConfiguration, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ try Self.noWatch() }, reporting: completion)
    }

    /// Launches the watch app; throws as `startWatchApp(with:completion:)` reports.
    open func startWatchApp(toHandle workoutConfiguration: HKWorkoutConfiguration) async throws {
        try await bridge { startWatchApp(with: workoutConfiguration, completion: $0) }
    }

    /// Asks HealthKit to recalibrate its estimates of `sampleType` from `date` on (iOS 15). Only types that allow it
    /// (`allowsRecalibrationForEstimates`: cardio fitness) may be recalibrated; others fail with
    /// `errorInvalidArgument`. OpenHealthKit computes no estimates, so nothing else changes.
    open func recalibrateEstimates(sampleType: HKSampleType, date: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ try Self.requireRecalibration(sampleType) }, reporting: completion)
    }

    /// Recalibrates estimates; throws as `recalibrateEstimates(sampleType:date:completion:)` reports.
    open func recalibrateEstimates(sampleType: HKSampleType, date: Date) async throws {
        try await bridge { recalibrateEstimates(sampleType: sampleType, date: date, completion: $0) }
    }
}
