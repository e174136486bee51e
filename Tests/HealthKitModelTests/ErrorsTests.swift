import Foundation
import HealthKitModel
import Testing

@Suite("HKError")
struct ErrorsTests {
    @Test func domainIsHealthKits() {
        #expect(HKErrorDomain == "com.apple.healthkit")
        #expect(HKError.errorDomain == "com.apple.healthkit")
    }

    @Test func codesHaveHealthKitsRawValues() {
        let expected: [(HKError.Code, Int)] = [
            (.unknownError, 0), (.errorHealthDataUnavailable, 1), (.errorHealthDataRestricted, 2),
            (.errorInvalidArgument, 3), (.errorAuthorizationDenied, 4), (.errorAuthorizationNotDetermined, 5),
            (.errorDatabaseInaccessible, 6), (.errorUserCanceled, 7), (.errorAnotherWorkoutSessionStarted, 8),
            (.errorUserExitedWorkoutSession, 9), (.errorRequiredAuthorizationDenied, 10), (.errorNoData, 11),
            (.errorWorkoutActivityNotAllowed, 12), (.errorDataSizeExceeded, 13),
            (.errorBackgroundWorkoutSessionNotAllowed, 14), (.errorNotPermissibleForGuestUserMode, 15),
        ]
        for (code, raw) in expected {
            #expect(code.rawValue == raw)
            #expect(HKError.Code(rawValue: raw) == code)
        }
        #expect(HKError.Code(rawValue: 16) == nil)
        #expect(HKError.errorNoData == .errorNoData)
    }

    @Test func bridgesToNSErrorWithDomainCodeAndMessage() {
        let error: any Error = HKError(.errorAuthorizationDenied, "Not authorized to save HKQuantityTypeIdentifierStepCount")
        let bridged = error as NSError
        #expect(bridged.domain == "com.apple.healthkit")
        #expect(bridged.code == 4)
        #expect(bridged.localizedDescription == "Not authorized to save HKQuantityTypeIdentifierStepCount")
        #expect(bridged.userInfo[NSLocalizedDescriptionKey] as? String == "Not authorized to save HKQuantityTypeIdentifierStepCount")
    }

    @Test func catchesByStaticCodeShortcut() {
        func fetch() throws { throw HKError(.errorNoData) }
        var caught = false
        do { try fetch() } catch HKError.errorAuthorizationDenied {
            Issue.record("matched the wrong code")
        } catch HKError.errorNoData {
            caught = true
        } catch {
            Issue.record("not matched: \(error)")
        }
        #expect(caught)
    }

    @Test func catchesTypedThrowsByCode() {
        func validate() throws(HKError) { throw HKError(.errorInvalidArgument, "bad metadata") }
        do {
            try validate()
            Issue.record("expected a throw")
        } catch HKError.errorInvalidArgument {
        } catch {
            Issue.record("not matched: \(error)")
        }
    }

    @Test func catchesBoundErrorWithWhereClause() {
        func save() throws { throw HKError(.errorAuthorizationDenied, userInfo: ["reason": "test"]) }
        do {
            try save()
            Issue.record("expected a throw")
        } catch let error as HKError where error.code == .errorAuthorizationDenied {
            #expect(error.errorCode == 4)
            #expect(error.errorUserInfo["reason"] as? String == "test")
        } catch {
            Issue.record("not matched: \(error)")
        }
    }

    @Test func codePatternMatchesForeignNSErrorsInTheDomain() {
        let foreign = NSError(domain: HKErrorDomain, code: 3)
        #expect(HKError.Code.errorInvalidArgument ~= foreign)
        #expect(!(HKError.Code.errorInvalidArgument ~= NSError(domain: NSCocoaErrorDomain, code: 3)))
        #expect(!(HKError.Code.errorNoData ~= HKError(.errorInvalidArgument)))
    }

    @Test func messageInitialiserAndDescriptions() {
        let error = HKError(.errorInvalidArgument, "bad")
        #expect(error.code == .errorInvalidArgument)
        #expect(error.localizedDescription == "bad")
        #expect(error.description == "Error Domain=com.apple.healthkit Code=3 \"bad\"")
        #expect(HKError(.errorNoData).localizedDescription.contains("com.apple.healthkit error 11"))
        #expect(HKError.invalidArgument("x") == HKError(.errorInvalidArgument, "x"))
    }

    @Test func equalityComparesCodeAndUserInfo() {
        #expect(HKError(.errorNoData) == HKError(.errorNoData))
        #expect(HKError(.errorNoData) != HKError(.unknownError))
        #expect(HKError(.errorNoData, "a") != HKError(.errorNoData, "b"))
        #expect(Set([HKError(.errorNoData), HKError(.errorNoData)]).count == 1)
    }

    @Test func anNSErrorInHealthKitsDomainCastsToHKError() throws {
        let nsError = NSError(domain: HKErrorDomain, code: 4, userInfo: [NSLocalizedDescriptionKey: "Not allowed"])
        let error: any Error = nsError
        let cast = try #require(error as? HKError)
        #expect(cast.code == .errorAuthorizationDenied)
        #expect(cast.localizedDescription == "Not allowed")
        #expect((nsError as Any) as? HKError == cast)
        #expect(HKError(_bridgedNSError: nsError) == cast)
    }

    @Test func onlyKnownCodesInHealthKitsDomainCast() {
        #expect((NSError(domain: "com.example", code: 4) as any Error) as? HKError == nil)
        #expect((NSError(domain: HKErrorDomain, code: 99) as any Error) as? HKError == nil)
        #expect(HKError.Code.errorAuthorizationDenied ~= NSError(domain: HKErrorDomain, code: 4))
    }

    @Test func hkErrorRoundTripsThroughNSError() throws {
        let original = HKError(.errorNoData, "Nothing here")
        let nsError = original as NSError
        #expect(nsError.domain == HKErrorDomain && nsError.code == 11)
        #expect(nsError.localizedDescription == "Nothing here")
        #expect((nsError as any Error) as? HKError == original)
        let boxed: Any = original
        #expect(boxed as? HKError == original)
    }
}
