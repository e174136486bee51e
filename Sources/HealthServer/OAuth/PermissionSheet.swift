import Foundation
import HealthKitModel
import OpenHealthKit
import HealthLocking

/// One of HealthKit's permission sheets as a page: the undecided types of a request with a toggle each, the app's
/// usage descriptions, "Turn On All", "Don't Allow" and "Allow". Clinical types have a sheet of their own, shown first.
///
/// What is undecided is asked of the app's store itself (its `requestAuthorization` with a prompt that only looks),
/// and the answer is recorded through it, so the sheet shows exactly what HealthKit would ask.
struct PermissionSheet: Sendable {
    /// Whether this is the clinical-records sheet.
    let isClinical: Bool
    /// Undecided types to share, in name order.
    let share: [HKSampleType]
    /// Undecided types to read, in name order.
    let read: [HKObjectType]
    /// Required clinical types among `read`.
    let required: Set<HKObjectType>

    /// Whether nothing is left to ask.
    var isEmpty: Bool { share.isEmpty && read.isEmpty }

    /// The sheet to show now for `scope` in `store`: the clinical one while clinical types are undecided, then the
    /// other. Throws the request's HealthKit error (an invalid request, required types already denied).
    static func pending(store: HKHealthStore, scope: AuthorizationScope) async throws -> PermissionSheet {
        let asked = Locked<AuthorizationPromptRequest?>(nil)
        store.authorizationPrompt = ClosureAuthorizationPrompt { request in
            asked.withLock { $0 = request }
            throw HKError(.errorUserCanceled, "the permission sheet is shown to the person")
        }
        do {
            try await store.checkedRequestAuthorization(toShare: scope.share, read: scope.read)
        } catch let error as HKError where error.code == .errorUserCanceled {}
        guard let request = asked.withLock({ $0 }) else { return PermissionSheet(isClinical: false, share: [], read: [], required: []) }
        let clinical = request.typesToRead.filter { $0.kind == .clinical }
        if !clinical.isEmpty {
            return PermissionSheet(isClinical: true, share: [], read: sorted(clinical), required: request.requiredTypesToRead)
        }
        return PermissionSheet(isClinical: false, share: sorted(request.typesToShare), read: sorted(request.typesToRead), required: [])
    }

    /// The sheet for `scope` now (what a submitted form answers).
    init(store: HKHealthStore, scope: AuthorizationScope) async throws {
        self = try await Self.pending(store: store, scope: scope)
    }

    private init(isClinical: Bool, share: [HKSampleType], read: [HKObjectType], required: Set<HKObjectType>) {
        self.isClinical = isClinical
        self.share = share
        self.read = read
        self.required = required
    }

    private static func sorted<T: HKObjectType>(_ types: Set<T>) -> [T] {
        types.sorted { TypeNames.title($0) < TypeNames.title($1) }
    }

    /// Records the person's answer in `form` (`share` and `read` checkboxes; every type denied unless `allowed`),
    /// through the app's store.
    func record(_ form: FormFields, allowed: Bool, in store: HKHealthStore) async throws {
        let shareOn = allowed ? Set(form.all("share")) : []
        let readOn = allowed ? Set(form.all("read")) : []
        let allowShare = Set(share.filter { shareOn.contains($0.identifier) })
        let allowRead = Set(read.filter { readOn.contains($0.identifier) })
        store.authorizationPrompt = ClosureAuthorizationPrompt { _ in
            AuthorizationPromptResponse(allowedToShare: allowShare, allowedToRead: allowRead)
        }
        try await store.checkedRequestAuthorization(toShare: Set(share), read: Set(read))
    }

    /// The sheet's HTML: a form posting back with `hiddenFields`; every toggle on when `allOn` ("Turn On All").
    func html(app: RegisteredApp, hiddenFields: String, allOn: Bool) -> String {
        let name = HTML.escape(app.name)
        var body = "<h1>Health Access</h1>\n"
        body += isClinical
            ? "<p><strong>“\(name)”</strong> would like to access your health records.</p>\n"
            : "<p><strong>“\(name)”</strong> would like to access and update your Health data.</p>\n"
        body += "<form method=\"post\" action=\"/oauth/authorize\">\n" + hiddenFields
        body += "<button type=\"submit\" name=\"action\" value=\"all\" class=\"secondary\">Turn On All</button>\n"
        if !share.isEmpty { body += section("share", "Allow “\(name)” to Write Data:", share, allOn: allOn) }
        if !read.isEmpty {
            let legend = isClinical ? "Allow “\(name)” to read these health records:" : "Allow “\(name)” to Read Data:"
            body += section("read", legend, read, allOn: allOn)
        }
        let explanations = isClinical ? [app.clinicalUsageDescription]
            : [share.isEmpty ? nil : app.updateUsageDescription, read.isEmpty ? nil : app.shareUsageDescription]
        let words = explanations.compactMap { $0 }.filter { !$0.isEmpty }
        if !words.isEmpty {
            body += "<div class=\"why\"><h2>App Explanation:</h2>" + words.map { "<p>\(HTML.escape($0))</p>" }.joined() + "</div>\n"
        }
        if isClinical, !required.isEmpty {
            body += "<p>“\(name)” requires the records marked “required”. If you do not allow them, the app cannot use your records.</p>\n"
        }
        body += "<button type=\"submit\" name=\"action\" value=\"deny\" class=\"secondary\">Don’t Allow</button>\n"
        body += "<button type=\"submit\" name=\"action\" value=\"allow\">Allow</button>\n</form>\n"
        return body
    }

    private func section(_ field: String, _ legend: String, _ types: [HKObjectType], allOn: Bool) -> String {
        var html = "<fieldset><legend>\(legend)</legend>\n"
        for type in types {
            let id = "\(field)-\(type.identifier)"
            let mark = required.contains(type) ? " (required)" : ""
            html += "<label for=\"\(id)\"><input type=\"checkbox\" id=\"\(id)\" name=\"\(field)\" value=\"\(type.identifier)\"\(allOn ? " checked" : "")> "
                + "\(HTML.escape(TypeNames.title(type)))\(mark)</label>\n"
        }
        return html + "</fieldset>\n"
    }
}
