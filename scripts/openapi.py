# Writes the API description served at /openapi.json, with HealthKit's type names from the library itself:
#   health types --format json | python3 scripts/openapi.py > Sources/HealthServer/Resources/openapi.json
# (the JSON is committed; HealthServerTests checks it describes every /v1 route the server has).
import json
import os
import sys
types = json.load(sys.stdin)
def names(kinds=None, exclude=()):
    chosen = [t for t in types if (kinds is None or t["kind"] in kinds) and t["name"] not in exclude]
    return sorted({t["identifier"] for t in chosen} | {t["name"] for t in chosen})
type_enums = {
    "TypeName": {"type": "string", "enum": names(), "description": "A HealthKit type: identifier or short name"},
    "SampleTypeName": {"type": "string", "enum": names(exclude=("activitySummary",) + tuple(t["name"] for t in types if t["kind"] == "characteristic")),
                       "description": "A HealthKit sample type: identifier or short name"},
    "SavableTypeName": {"type": "string", "enum": names({"quantity", "category", "correlation", "workout"}),
                        "description": "A type the API saves: quantity, category, correlation or workout"},
    "QuantityTypeName": {"type": "string", "enum": names({"quantity"}), "description": "A quantity type: identifier or short name"},
}
all_types = {"$ref": "#/components/schemas/TypeName"}
sample_types = {"$ref": "#/components/schemas/SampleTypeName"}
quantity_types = {"$ref": "#/components/schemas/QuantityTypeName"}
Q = lambda name, schema, desc, required=False, explode=False: {"name": name, "in": "query", "required": required, "description": desc, "schema": schema, **({"explode": True} if explode else {})}
date = {"type": "string", "format": "date-time"}
def ref(n): return {"$ref": "#/components/schemas/" + n}
def nullable(schema): return {"anyOf": [schema, {"type": "null"}]}
def json_body(n): return {"content": {"application/json": {"schema": ref(n)}}}
def resp(desc, n=None, ct="application/json"):
    r = {"description": desc}
    if n: r["content"] = {ct: {"schema": ref(n)}}
    return r
err = lambda d: resp(d, "Error")
common_errors = {"400": err("Bad input: the message names the parameter or field"), "401": err("No valid credential"),
                 "403": err("Not allowed (HealthKit's code says why)"), "429": err("Too many requests with this credential")}
filters = [
    Q("type", {"type": "array", "items": sample_types, "minItems": 1}, "Sample type: identifier (HKQuantityTypeIdentifierStepCount) or short name (stepCount)", True, True),
    Q("start", date, "Samples overlapping [start, end) (predicateForSamples(withStart:end:options:))"),
    Q("end", date, "See start"),
    Q("strictStartDate", {"type": "boolean"}, "HKQueryOptions.strictStartDate"),
    Q("strictEndDate", {"type": "boolean"}, "HKQueryOptions.strictEndDate"),
    Q("source", {"type": "array", "items": {"type": "string"}}, "Bundle identifiers (predicateForObjects(from:))", False, True),
    Q("uuid", {"type": "array", "items": {"type": "string", "format": "uuid"}}, "predicateForObjects(with:)", False, True),
    Q("userEntered", {"type": "boolean"}, "false leaves out samples people typed in"),
]
one_type = dict(filters[0]); one_type = {**one_type, "schema": {"type": "array", "items": sample_types, "minItems": 1, "maxItems": 1}}
quantity_type = {**one_type, "schema": {"type": "array", "items": quantity_types, "minItems": 1, "maxItems": 1}}
single_filters = [one_type] + filters[1:]
qty = {"type": "object", "required": ["value", "unit"], "properties": {"value": {"type": "number"}, "unit": {"type": "string"}}, "additionalProperties": False}
metadata_value = {"oneOf": [{"type": "string"}, {"type": "number"}, {"type": "boolean"},
    {"type": "object", "required": ["date"], "properties": {"date": date}, "additionalProperties": False}, ref("Quantity")]}
nstr = {"type": ["string", "null"]}
schemas = {
  **type_enums,
  "Quantity": qty,
  "MetadataValue": metadata_value,
  "Metadata": {"type": "object", "additionalProperties": ref("MetadataValue")},
  "Device": {"type": "object", "properties": {k: {"type": "string"} for k in ["name","manufacturer","model","hardwareVersion","firmwareVersion","softwareVersion","localIdentifier","udiDeviceIdentifier"]}},
  "Source": {"type": "object", "required": ["name", "bundleIdentifier"], "properties": {"name": {"type": "string"}, "bundleIdentifier": {"type": "string"},
             "version": {"type": "string"}, "productType": {"type": "string"}, "operatingSystemVersion": {"type": "string"}}},
  "WorkoutEvent": {"type": "object", "required": ["type", "startDate", "endDate"], "properties": {"type": {"type": "integer"}, "startDate": date, "endDate": date, "metadata": ref("Metadata")}},
  "Workout": {"type": "object", "required": ["activityType"], "properties": {"activityType": {"type": "integer", "minimum": 0}, "duration": {"type": "number"},
              "totalEnergyBurned": ref("Quantity"), "totalDistance": ref("Quantity"), "events": {"type": "array", "items": ref("WorkoutEvent")}}},
  "Sample": {"type": "object", "required": ["type", "startDate", "endDate"], "description": "A HealthKit sample: quantity for quantity samples, value for category samples, objects for correlations, workout for workouts.",
             "properties": {"uuid": nullable({"type": "string", "format": "uuid"}), "type": sample_types, "startDate": date, "endDate": date,
                            "quantity": nullable(ref("Quantity")), "value": nullable({"type": "integer"}),
                            "objects": nullable({"type": "array", "items": ref("Sample")}), "workout": nullable(ref("Workout")),
                            "device": nullable(ref("Device")), "metadata": nullable(ref("Metadata")), "source": nullable(ref("Source")),
                            "summary": nullable({"type": "string"})}},
  "NewSample": {"type": "object", "required": ["type", "startDate", "endDate"], "description": "A sample to save (see Sample); its type one the API saves.",
             "properties": {"uuid": nullable({"type": "string", "format": "uuid"}), "type": {"$ref": "#/components/schemas/SavableTypeName"},
                            "startDate": date, "endDate": date,
                            "quantity": nullable(ref("Quantity")), "value": nullable({"type": "integer"}),
                            "objects": nullable({"type": "array", "items": ref("NewSample")}), "workout": nullable(ref("Workout")),
                            "device": nullable(ref("Device")), "metadata": nullable(ref("Metadata")), "source": nullable(ref("Source")),
                            "summary": nullable({"type": "string"})}},
  "SaveRequest": {"type": "object", "required": ["samples"], "properties": {"samples": {"type": "array", "items": ref("NewSample"), "minItems": 1, "maxItems": 10000}}},
  "SaveResponse": {"type": "object", "required": ["saved", "alreadyStored"], "properties": {"saved": {"type": "array", "items": {"type": "string", "format": "uuid"}},
                   "alreadyStored": {"type": "array", "items": {"type": "string", "format": "uuid"}}}},
  "SamplePage": {"type": "object", "required": ["samples"], "properties": {"samples": {"type": "array", "items": ref("Sample")}, "nextOffset": {"type": "integer"}}},
  "DeletedObject": {"type": "object", "required": ["uuid"], "properties": {"uuid": {"type": "string", "format": "uuid"}, "metadata": ref("Metadata")}},
  "ChangePage": {"type": "object", "required": ["samples", "deletedObjects", "anchor", "more"], "properties": {"samples": {"type": "array", "items": ref("Sample")},
                 "deletedObjects": {"type": "array", "items": ref("DeletedObject")}, "anchor": {"type": "string", "pattern": "^[0-9]+$"}, "more": {"type": "boolean"}}},
  "Figures": {"type": "object", "required": ["startDate", "endDate"], "properties": {"startDate": date, "endDate": date, **{k: {"type": "number"} for k in ["sum","average","minimum","maximum","mostRecent","duration"]},
              "mostRecentDate": date, "sources": {"type": "array", "items": {"type": "object", "required": ["source"], "properties": {"source": ref("Source"), **{k: {"type": "number"} for k in ["sum","average","minimum","maximum","mostRecent","duration"]}}}}}},
  "StatisticsPage": {"type": "object", "required": ["unit", "statistics"], "properties": {"unit": {"type": "string"}, "statistics": {"type": "array", "items": ref("Figures")}}},
  "Deleted": {"type": "object", "required": ["deleted"], "properties": {"deleted": {"type": "integer"}}},
  "Me": {"type": "object", "required": ["person", "access"], "properties": {"person": {"type": "string"}, "access": {"type": "string", "enum": ["owner", "app", "guest"]}, "app": {"type": "string"}}},
  "AuthorizationStatus": {"type": "object", "required": ["status"], "properties": {"status": {"type": "object", "additionalProperties": {"type": "string", "enum": ["notDetermined", "sharingDenied", "sharingAuthorized"]}}}},
  "Sources": {"type": "object", "required": ["sources"], "properties": {"sources": {"type": "array", "items": ref("Source")}}},
  "Characteristic": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}, "value": {"type": "string"}}},
  "Health": {"type": "object", "required": ["status"], "properties": {"status": {"type": "string"}}},
  "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "object", "required": ["message"], "properties": {
            "code": {"type": "integer", "description": "HKError.Code raw value"}, "name": {"type": "string", "description": "HKError.Code name (errorInvalidArgument)"}, "message": {"type": "string"}}}}},
  "TokenResponse": {"type": "object", "required": ["access_token", "token_type", "scope"], "properties": {"access_token": {"type": "string"}, "token_type": {"type": "string"}, "scope": {"type": "string"}}},
  "OAuthError": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}, "error_description": {"type": "string"}}},
}
# Apple export imports as jobs, exports, SMART Health Cards (the person's own; see docs/Server.md).
count = {"type": "integer", "minimum": 0}
counts = {"type": "object", "additionalProperties": count}
schemas.update({
  "ImportReport": {"type": "object", "required": ["source", "stored", "alreadyStored", "problems"], "description": "What the import did (ImportReport): records stored by type, problems grouped by kind with their lines",
                   "properties": {"source": {"type": "string"}, "elementsRead": counts, "storedByType": counts, "stored": count, "alreadyStored": count,
                                  "duplicatesInExport": count, "correlationMembersMerged": count, "characteristicsSet": count, "firstDate": date, "lastDate": date,
                                  "seconds": {"type": "number"}, "problems": {"type": "object", "required": ["groups"], "properties": {"groups": {"type": "array", "items": {
                                      "type": "object", "required": ["kind", "count", "lines", "details"], "properties": {"kind": {"type": "string"}, "count": count,
                                      "lines": {"type": "array", "items": {"type": "integer"}}, "details": counts}}}}}}},
  "ImportJob": {"type": "object", "required": ["id", "state", "createdAt", "uploadBytes", "bytesRead", "totalBytes", "elements", "percent"],
                "properties": {"id": {"type": "string", "format": "uuid"}, "state": {"type": "string", "enum": ["uploading", "queued", "running", "finished", "failed"]},
                               "createdAt": date, "finishedAt": date, "uploadBytes": count, "upload": {"type": "string", "enum": ["zip", "xml"]},
                               "bytesRead": count, "totalBytes": count, "elements": count, "percent": {"type": "integer", "minimum": 0, "maximum": 100},
                               "report": ref("ImportReport"), "error": {"type": "string", "description": "Why the job failed: the problem and where"}}},
  "ImportList": {"type": "object", "required": ["imports"], "properties": {"imports": {"type": "array", "items": ref("ImportJob")}}},
  "ExportJob": {"type": "object", "required": ["id", "state", "createdAt", "format", "fileName", "contentType", "records", "totalRecords", "percent"],
                "properties": {"id": {"type": "string", "format": "uuid"}, "state": {"type": "string", "enum": ["queued", "running", "finished", "failed"]},
                               "createdAt": date, "finishedAt": date, "format": {"type": "string", "enum": ["apple", "csv", "fhir"]},
                               "fileName": {"type": "string", "description": "The name the download offers (export.zip, export_csv.zip, export_fhir.json)"},
                               "contentType": {"type": "string"}, "records": {**count, "description": "Records written so far"},
                               "totalRecords": {**count, "description": "Records the export holds"}, "percent": {"type": "integer", "minimum": 0, "maximum": 100},
                               "bytes": {**count, "description": "The file's size, once finished"}, "written": {**counts, "description": "What was written, by element or type"},
                               "download": {"type": "string", "description": "Where to download the file, once finished"},
                               "error": {"type": "string", "description": "Why the job failed: the problem and where"}}},
  "ExportList": {"type": "object", "required": ["exports"], "properties": {"exports": {"type": "array", "items": ref("ExportJob")}}},
  "CardsRequest": {"type": "object", "required": ["cards"], "properties": {"cards": {"type": "array", "minItems": 1, "items": {"type": "string"},
                   "description": "Each input's content: shc:/ QR text (one string per chunk, or one per line), a .smart-health-card file's JSON, or a compact JWS"}}},
  "Card": {"type": "object", "required": ["recordTypes", "issuer", "subject", "issuedDate", "relevantDate", "itemNames"], "description": "HKVerifiableClinicalRecord's fields",
           "properties": {"uuid": {"type": "string", "format": "uuid"}, "recordTypes": {"type": "array", "items": {"type": "string"}}, "issuer": {"type": "string"},
                          "subject": {"type": "string"}, "dateOfBirth": {"type": "string"}, "issuedDate": date, "relevantDate": date, "expirationDate": date,
                          "itemNames": {"type": "array", "items": {"type": "string"}}}},
  "CardList": {"type": "object", "required": ["cards"], "properties": {"cards": {"type": "array", "items": ref("Card")}}},
  "CardImport": {"type": "object", "required": ["added", "alreadyStored", "cards"], "properties": {"added": count, "alreadyStored": count, "cards": {"type": "array", "items": ref("Card")}}},
})
binary = {"type": "string", "format": "binary"}
owner_errors = {**common_errors, "403": err("Not the person's own credential (an app's token, or a guest)")}
limit = Q("limit", {"type": "integer", "minimum": 1, "maximum": 10000}, "At most this many (default 1,000)")
paths = {
  "/healthz": {"get": {"operationId": "health", "summary": "Health check", "security": [], "responses": {"200": resp("Running", "Health")}}},
  "/v1/me": {"get": {"operationId": "me", "summary": "Who the credential belongs to", "responses": {"200": resp("The person and access", "Me"), "401": err("No valid credential"), "429": err("Too many requests with this credential")}}},
  "/v1/samples": {
    "post": {"operationId": "saveSamples", "summary": "Save a batch of samples (all or nothing; idempotent by UUID)", "requestBody": {"required": True, **json_body("SaveRequest")},
             "responses": {"200": resp("Saved", "SaveResponse"), **common_errors, "409": err("A UUID is used by another object"), "413": err("Body too large")}},
    "get": {"operationId": "querySamples", "summary": "HKSampleQuery", "parameters": single_filters + [limit,
             Q("offset", {"type": "integer", "minimum": 0, "maximum": 1000000}, "Skip this many (the previous page's nextOffset)"),
             Q("sort", {"type": "string", "enum": ["startDate", "-startDate", "endDate", "-endDate"]}, "Sort order (default startDate)")],
            "responses": {"200": resp("A page of samples", "SamplePage"), **common_errors}},
    "delete": {"operationId": "deleteSamples", "summary": "deleteObjects(of:predicate:): the caller's own samples matching the filter", "parameters": single_filters,
               "responses": {"200": resp("How many were deleted", "Deleted"), **common_errors}}},
  "/v1/changes": {"get": {"operationId": "changes", "summary": "HKAnchoredObjectQuery: saves and deletions after the anchor", "parameters": filters + [
        Q("anchor", {"type": "string", "pattern": "^[0-9]{1,18}$"}, "The anchor a previous answer gave (from the beginning when absent)"), limit],
        "responses": {"200": resp("Changes and the next anchor", "ChangePage"), **common_errors}}},
  "/v1/changes/stream": {"get": {"operationId": "changeStream", "summary": "Server-Sent Events: one `change` event (a ChangePage) per commit; id is the anchor", "parameters": filters + [
        Q("anchor", {"type": "string", "pattern": "^[0-9]{1,18}$"}, "Start after this anchor (or send Last-Event-ID)"), limit],
        "responses": {"200": {"description": "An event stream: `event: change`, `id:` the anchor, `data:` a ChangePage as JSON", "content": {"text/event-stream": {"schema": {
            "type": "object", "properties": {"event": {"type": "string"}, "id": {"type": "string"}, "data": {"type": "string"}, "retry": {"type": "integer"}}}}}}, **common_errors}}},
  "/v1/statistics": {"get": {"operationId": "statistics", "summary": "HKStatisticsQuery, or HKStatisticsCollectionQuery with interval", "parameters": [quantity_type] + filters[1:] + [
        Q("options", {"type": "string"}, "Comma-separated: cumulativeSum, discreteAverage, discreteMin, discreteMax, mostRecent, duration, separateBySource"),
        Q("unit", {"type": "string"}, "Unit of the values (default: the preferred unit)"),
        Q("interval", {"type": "string", "enum": ["second", "minute", "hour", "day", "week", "month", "year"]}, "Collection interval"),
        Q("intervalCount", {"type": "integer", "minimum": 1, "maximum": 10000}, "Intervals of this many units"),
        Q("anchorDate", date, "Where intervals are anchored (default: midnight before start)"),
        Q("timeZone", {"type": "string"}, "IANA time zone of the intervals (default UTC)")],
        "responses": {"200": resp("Statistics", "StatisticsPage"), **common_errors, "404": err("No data for the predicate (HKError errorNoData)")}}},
  "/v1/authorization/status": {"get": {"operationId": "authorizationStatus", "summary": "authorizationStatus(for:): sharing only",
        "parameters": [Q("type", {"type": "array", "items": all_types, "minItems": 1}, "Types", True, True)],
        "responses": {"200": resp("Each type's sharing status", "AuthorizationStatus"), **common_errors}}},
  "/v1/sources": {"get": {"operationId": "sources", "summary": "HKSourceQuery", "parameters": single_filters, "responses": {"200": resp("Sources", "Sources"), **common_errors}}},
  "/v1/characteristics": {"get": {"operationId": "characteristic", "summary": "One characteristic (biologicalSex() …); the value is the enum's raw value, dateOfBirth YYYY-MM-DD",
        "parameters": [Q("type", {"type": "string", "enum": names({"characteristic"})}, "A characteristic type", True)],
        "responses": {"200": resp("The value (absent when not set)", "Characteristic"), **common_errors}}},
  "/v1/imports": {
    "post": {"operationId": "startImport", "summary": "Upload an Apple Health export (export.zip or export.xml) and import it as a background job",
             "requestBody": {"required": True, "content": {"application/zip": {"schema": binary}, "application/xml": {"schema": binary},
                 "multipart/form-data": {"schema": {"type": "object", "required": ["file"], "properties": {"file": binary}}}}},
             "responses": {"202": resp("The job (Location: /v1/imports/{id})", "ImportJob"), **owner_errors,
                           "409": err("Another import of this person's is still going"), "413": err("Upload too large")}},
    "get": {"operationId": "listImports", "summary": "The person's import jobs, newest first", "responses": {"200": resp("Jobs", "ImportList"), **owner_errors}}},
  "/v1/imports/{id}": {"get": {"operationId": "importJob", "summary": "An import job: state, progress, and the import's report or error",
        "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}, "description": "The job's id"}],
        "responses": {"200": resp("The job", "ImportJob"), **owner_errors, "404": err("The person has no such job")}}},
  "/v1/exports": {
    "post": {"operationId": "startExport", "summary": "Export the person's store as a background job: Apple's export.zip, CSV files (zipped) or a FHIR R4 Bundle",
             "parameters": [Q("format", {"type": "string", "enum": ["apple", "csv", "fhir"]}, "apple (default), csv or fhir"),
                            Q("type", {"type": "array", "items": sample_types}, "Only these types", False, True),
                            Q("start", date, "Only samples ending at or after this"), Q("end", date, "Only samples starting before this")],
             "responses": {"202": resp("The job (Location: /v1/exports/{id})", "ExportJob"), **owner_errors,
                           "409": err("Another export of this person's is still going")}},
    "get": {"operationId": "listExports", "summary": "The person's export jobs, newest first", "responses": {"200": resp("Jobs", "ExportList"), **owner_errors}}},
  "/v1/exports/{id}": {"get": {"operationId": "exportJob", "summary": "An export job: state, progress (records written of the total), then its file's size and download address, or the error",
        "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}, "description": "The job's id"}],
        "responses": {"200": resp("The job", "ExportJob"), **owner_errors, "404": err("The person has no such job (or it expired)")}}},
  "/v1/exports/{id}/download": {"get": {"operationId": "downloadExport", "summary": "A finished export's file, as an attachment",
        "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}, "description": "The job's id"}],
        "responses": {"200": {"description": "The export, as an attachment", "content": {"application/zip": {"schema": binary}, "application/fhir+json": {"schema": {"type": "object"}}}},
                      **owner_errors, "404": err("The person has no such job (or it expired)"), "409": err("The export has not finished, or it failed")}}},
  "/v1/health-cards": {"get": {"operationId": "healthCards", "summary": "The person's stored SMART Health Cards (HKVerifiableClinicalRecordQuery)",
        "responses": {"200": resp("Cards", "CardList"), **owner_errors}}},
  "/v1/health-cards/verify": {"post": {"operationId": "verifyHealthCards", "summary": "Verify SMART Health Cards against the server's trusted issuers; nothing is stored",
        "requestBody": {"required": True, **json_body("CardsRequest")},
        "responses": {"200": resp("Every card verified", "CardList"), **common_errors, "400": err("A card failed: the message names the check"), "413": err("Body too large")}}},
  "/v1/health-cards/import": {"post": {"operationId": "importHealthCards", "summary": "Verify SMART Health Cards and store them (none unless all verify)",
        "requestBody": {"required": True, **json_body("CardsRequest")},
        "responses": {"200": resp("Stored", "CardImport"), **owner_errors, "400": err("A card failed: the message names the check"), "413": err("Body too large")}}},
  "/oauth/token": {"post": {"operationId": "token", "summary": "Authorization code (with PKCE verifier) for an app's access token", "security": [],
        "requestBody": {"required": True, "content": {"application/x-www-form-urlencoded": {"schema": {"type": "object", "required": ["grant_type", "code", "redirect_uri", "client_id", "code_verifier"],
            "properties": {k: {"type": "string"} for k in ["grant_type", "code", "redirect_uri", "client_id", "code_verifier"]}}}}},
        "responses": {"200": resp("The token", "TokenResponse"), "400": resp("RFC 6749 error", "OAuthError"), "413": err("Body too large")}}},
}
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import openapi_payloads  # noqa: E402 (the kinds with payloads of their own: ECGs, routes, heartbeats, documents, audiograms, prescriptions, states of mind, assessments)
openapi_payloads.add(types, schemas, paths, ref, nullable, Q, resp, err, common_errors, date)
doc = {"openapi": "3.1.0", "info": {"title": "OpenHealthKit server", "version": "1", "description": "HealthKit's semantics over HTTP: samples, anchored changes, statistics, authorization, export imports and exports, SMART Health Cards. Errors carry HealthKit's HKError.Code."},
       "servers": [{"url": "/"}], "security": [{"bearer": []}],
       "components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "description": "An app's token (OAuth authorization code with PKCE at /oauth/authorize) or a person's own token (health tokens create)"}},
                      "schemas": schemas}, "paths": paths}
print(json.dumps(doc, indent=1, sort_keys=True))
