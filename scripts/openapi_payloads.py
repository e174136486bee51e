# The API description's parts for electrocardiograms, workout routes, heartbeat series, CDA documents, audiograms,
# vision prescriptions, states of mind and scored assessments: their fields on saved and read samples, and the series
# queries (routes' locations, beats, voltages, documents). scripts/openapi.py calls add(); the bounds match
# Sources/HealthServer/Wire/WirePayloads.swift and the Wire*Mapping.swift files.
PAYLOAD_TYPES = {"HKDataTypeIdentifierElectrocardiogram", "HKWorkoutRouteTypeIdentifier", "HKDataTypeIdentifierHeartbeatSeries",
                 "HKDocumentTypeIdentifierCDA", "HKDataTypeIdentifierAudiogram", "HKVisionPrescriptionTypeIdentifier",
                 "HKDataTypeStateOfMind", "HKScoredAssessmentTypeIdentifierGAD7", "HKScoredAssessmentTypeIdentifierPHQ9"}
MAXIMUM_POINTS = 100000


def add(types, schemas, paths, ref, nullable, Q, resp, err, common_errors, date):
    payload_names = sorted({t["identifier"] for t in types if t["identifier"] in PAYLOAD_TYPES}
                           | {t["name"] for t in types if t["identifier"] in PAYLOAD_TYPES})
    savable = schemas["SavableTypeName"]
    savable["enum"] = sorted(set(savable["enum"]) | set(payload_names))
    savable["description"] = ("A type the API saves: quantity, category, correlation, workout, electrocardiogram, workout route, heartbeat series, "
                              "CDA document, audiogram, vision prescription, state of mind or scored assessment")
    number = {"type": "number"}
    uuid = {"type": "string", "format": "uuid"}
    count = {"type": "integer", "minimum": 0, "maximum": MAXIMUM_POINTS}
    schemas.update({
        "VoltageMeasurement": {"type": "object", "required": ["timeSinceSampleStart"], "properties": {
            "timeSinceSampleStart": {"type": "number", "minimum": 0, "description": "Seconds since the ECG's start, within the recording"},
            "appleWatchSimilarToLeadI": {"type": "number", "minimum": -1, "maximum": 1, "description": "Volts"}}},
        "Electrocardiogram": {"type": "object", "required": ["classification", "symptomsStatus"],
            "description": "HKElectrocardiogram. voltageMeasurements are sent on a save (apps cannot save ECGs, as in HealthKit) and read with GET /v1/electrocardiograms/voltages",
            "properties": {
                "classification": {"type": "integer", "enum": [0, 1, 2, 3, 4, 5, 6, 100], "description": "HKElectrocardiogram.Classification raw value"},
                "symptomsStatus": {"type": "integer", "enum": [0, 1, 2], "description": "HKElectrocardiogram.SymptomsStatus raw value"},
                "averageHeartRate": ref("Quantity"), "samplingFrequency": ref("Quantity"),
                "numberOfVoltageMeasurements": {**count, "description": "On a save, when given, equal to the measurements sent"},
                "voltageMeasurements": {"type": "array", "items": ref("VoltageMeasurement"), "maxItems": MAXIMUM_POINTS}}},
        "Location": {"type": "object", "required": ["latitude", "longitude", "timestamp"], "description": "A route location (CLLocation); negative accuracies, course or speed: not known",
            "properties": {"latitude": {"type": "number", "minimum": -90, "maximum": 90}, "longitude": {"type": "number", "minimum": -180, "maximum": 180},
                           "altitude": number, "timestamp": date, "horizontalAccuracy": number, "verticalAccuracy": number,
                           "course": {"type": "number", "exclusiveMaximum": 360}, "speed": number}},
        "Route": {"type": "object", "description": "HKWorkoutRoute: on a save the route's workout (saved before or in the same batch) and its locations, "
                  "within the sample's start and end; read with GET /v1/routes/locations",
            "properties": {"workout": uuid, "count": count,
                           "locations": {"type": "array", "items": ref("Location"), "minItems": 1, "maxItems": MAXIMUM_POINTS}}},
        "Heartbeat": {"type": "object", "required": ["timeSinceSeriesStart", "precededByGap"], "properties": {
            "timeSinceSeriesStart": {"type": "number", "minimum": 0}, "precededByGap": {"type": "boolean"}}},
        "HeartbeatSeries": {"type": "object", "description": "HKHeartbeatSeriesSample: on a save its beats, in time order within the sample; read with GET /v1/heartbeats",
            "properties": {"count": count, "heartbeats": {"type": "array", "items": ref("Heartbeat"), "minItems": 1, "maxItems": MAXIMUM_POINTS}}},
        "Document": {"type": "object", "description": "HKCDADocument: on a save documentData (the CDA XML, base64); the names are read from it",
            "properties": {"documentData": {"type": "string", "contentEncoding": "base64"},
                           **{k: {"type": "string"} for k in ["title", "patientName", "authorName", "custodianName"]}}},
        "Locations": {"type": "object", "required": ["locations"], "properties": {"locations": {"type": "array", "items": ref("Location")}}},
        "Heartbeats": {"type": "object", "required": ["heartbeats"], "properties": {"heartbeats": {"type": "array", "items": ref("Heartbeat")}}},
        "Voltages": {"type": "object", "required": ["voltageMeasurements"], "properties": {"voltageMeasurements": {"type": "array", "items": ref("VoltageMeasurement")}}},
    })
    add_kinds(schemas, ref)
    for sample in ("Sample", "NewSample"):
        schemas[sample]["properties"].update({"electrocardiogram": nullable(ref("Electrocardiogram")), "route": nullable(ref("Route")),
                                              "heartbeatSeries": nullable(ref("HeartbeatSeries")), "document": nullable(ref("Document")),
                                              "audiogram": nullable(ref("Audiogram")), "visionPrescription": nullable(ref("VisionPrescription")),
                                              "stateOfMind": nullable(ref("StateOfMind")), "scoredAssessment": nullable(ref("ScoredAssessment"))})
    workout = Q("workout", uuid, "A workout's UUID: the samples associated with it (predicateForObjects(from:))")
    for method in ("get", "delete"):
        operation = paths["/v1/samples"][method]
        operation["parameters"] = operation["parameters"] + [workout]  # a copy: the list is shared with other paths
    cda = sorted({n for t in types if t["identifier"] == "HKDocumentTypeIdentifierCDA" for n in (t["identifier"], t["name"])})
    one = lambda noun: [Q("uuid", uuid, "The " + noun + "'s UUID", True)]
    missing = {"404": err("No such sample that this credential may read")}
    paths.update({
        "/v1/routes/locations": {"get": {"operationId": "routeLocations", "summary": "HKWorkoutRouteQuery: a route's locations, in time order",
            "parameters": one("workout route") + [Q("start", date, "Only locations from this time (HKWorkoutRouteQuery(route:dateInterval:))"), Q("end", date, "See start")],
            "responses": {"200": resp("The locations", "Locations"), **common_errors, **missing}}},
        "/v1/heartbeats": {"get": {"operationId": "heartbeats", "summary": "HKHeartbeatSeriesQuery: a heartbeat series' beats", "parameters": one("heartbeat series"),
            "responses": {"200": resp("The beats", "Heartbeats"), **common_errors, **missing}}},
        "/v1/electrocardiograms/voltages": {"get": {"operationId": "voltages", "summary": "HKElectrocardiogramQuery: an ECG's voltage measurements",
            "parameters": one("electrocardiogram"), "responses": {"200": resp("The measurements", "Voltages"), **common_errors, **missing}}},
        "/v1/documents": {"get": {"operationId": "documents", "summary": "HKDocumentQuery: CDA documents, oldest first",
            "parameters": [Q("type", {"type": "string", "enum": cda}, "The document type (CDA)"),
                           Q("start", date, "Documents overlapping [start, end)"), Q("end", date, "See start"),
                           Q("source", {"type": "array", "items": {"type": "string"}}, "Bundle identifiers", False, True),
                           Q("uuid", {"type": "array", "items": uuid}, "predicateForObjects(with:)", False, True),
                           Q("limit", {"type": "integer", "minimum": 1, "maximum": 1000}, "At most this many (default 100)"),
                           Q("includeDocumentData", {"type": "boolean"}, "Whether each document carries its XML (document.documentData)")],
            "responses": {"200": resp("The documents", "SamplePage"), **common_errors}}},
    })


HEARING_LEVELS = (-20, 150)   # dBHL; WirePayloadLimits.hearingLevels


def add_kinds(schemas, ref):
    """Audiograms, vision prescriptions, states of mind and scored assessments (one moment: startDate equals endDate)."""
    quantity = ref("Quantity")
    level = {"type": "number", "minimum": HEARING_LEVELS[0], "maximum": HEARING_LEVELS[1], "description": "dBHL"}
    integers = lambda low, high: {"type": "integer", "minimum": low, "maximum": high}
    schemas.update({
        "ClampingRange": {"type": "object", "description": "HKAudiogramSensitivityPointClampingRange: one bound or both, in dBHL, lower not above upper",
            "properties": {"lowerBound": level, "upperBound": level}},
        "SensitivityTest": {"type": "object", "required": ["sensitivity", "side"], "description": "HKAudiogramSensitivityTest",
            "properties": {"sensitivity": {**quantity, "description": "dBHL, from %d to %d" % HEARING_LEVELS},
                           "type": {"type": "integer", "enum": [0], "description": "HKAudiogramConductionType (0 air, the default)"},
                           "masked": {"type": "boolean"}, "side": {"type": "integer", "enum": [0, 1], "description": "HKAudiogramSensitivityTestSide: 0 left, 1 right"},
                           "clampingRange": ref("ClampingRange")}},
        "SensitivityPoint": {"type": "object", "required": ["frequency", "tests"], "description": "HKAudiogramSensitivityPoint: at most one test per ear, conduction type and masking",
            "properties": {"frequency": {**quantity, "description": "A unit of hertz; more than 0, at most 20 kHz"},
                           "tests": {"type": "array", "items": ref("SensitivityTest")}}},
        "Audiogram": {"type": "object", "required": ["sensitivityPoints"], "description": "HKAudiogramSample: frequencies unique and ascending",
            "properties": {"sensitivityPoints": {"type": "array", "items": ref("SensitivityPoint"), "maxItems": 30}}},
        "Prism": {"type": "object", "description": "HKVisionPrism: amount and angle, or the components with their bases (both on reads; when both are sent they agree)",
            "properties": {"amount": quantity, "angle": quantity, "verticalAmount": quantity, "horizontalAmount": quantity,
                           "verticalBase": {"type": "integer", "enum": [0, 1, 2], "description": "HKPrismBase: none, up, down"},
                           "horizontalBase": {"type": "integer", "enum": [0, 3, 4], "description": "HKPrismBase: none, in, out"},
                           "eye": {"type": "integer", "enum": [1, 2], "description": "HKVisionEye (1 left, 2 right): the lens's own"}}},
        "LensSpecification": {"type": "object", "required": ["sphere"],
            "description": "HKGlassesLensSpecification or HKContactsLensSpecification: diopters, an axis from 0 to 180 degrees, lengths more than 0; "
                           "vertexDistance, prism and pupillary distances for glasses only, baseCurve and diameter for contacts only",
            "properties": {k: quantity for k in ["sphere", "cylinder", "axis", "addPower", "vertexDistance", "farPupillaryDistance",
                                                 "nearPupillaryDistance", "baseCurve", "diameter"]} | {"prism": ref("Prism")}},
        "VisionPrescription": {"type": "object", "required": ["prescriptionType"],
            "description": "HKVisionPrescription: startDate is the date issued, endDate the expiration (equal: none); without lenses and brand, an image-only prescription",
            "properties": {"prescriptionType": {"type": "integer", "enum": [1, 2], "description": "1 glasses, 2 contacts"},
                           "rightEye": ref("LensSpecification"), "leftEye": ref("LensSpecification"),
                           "brand": {"type": "string", "description": "Contacts only; required with lenses"}}},
        "StateOfMind": {"type": "object", "required": ["kind", "valence"], "description": "HKStateOfMind",
            "properties": {"kind": {"type": "integer", "enum": [1, 2], "description": "1 momentary emotion, 2 daily mood"},
                           "valence": {"type": "number", "minimum": -1, "maximum": 1},
                           "labels": {"type": "array", "items": integers(1, 38)}, "associations": {"type": "array", "items": integers(1, 18)},
                           "valenceClassification": {**integers(1, 7), "description": "Computed from the valence; when sent, it must be that one"}}},
        "ScoredAssessment": {"type": "object", "required": ["answers"], "description": "HKGAD7Assessment (7 answers 0-3) or HKPHQ9Assessment (9 answers 0-3; the ninth may be 4)",
            "properties": {"answers": {"type": "array", "items": integers(0, 4), "minItems": 7, "maxItems": 9},
                           "score": {**integers(0, 27), "description": "Computed from the answers; when sent, it must be theirs"},
                           "risk": {**integers(1, 5), "description": "Computed from the score; when sent, it must be its"}}},
    })
