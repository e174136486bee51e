public import Foundation

/// The abstract base of document samples.
open class HKDocumentSample: HKSample, @unchecked Sendable {
    /// The document's type.
    public var documentType: HKDocumentType { sampleType as! HKDocumentType }
}

/// The fields HealthKit reads from a CDA document, and the document's bytes.
open class HKCDADocument: NSObject, @unchecked Sendable {
    /// The XML of the document; `nil` when a query did not ask for document data.
    public let documentData: Data?
    /// The document's title.
    public let title: String
    /// The patient's name.
    public let patientName: String
    /// The author's name.
    public let authorName: String
    /// The custodian organisation's name.
    public let custodianName: String

    /// Creates a document from its fields (OpenHealthKit extension, package access).
    package init(documentData: Data?, title: String, patientName: String, authorName: String, custodianName: String) {
        self.documentData = documentData
        self.title = title
        self.patientName = patientName
        self.authorName = authorName
        self.custodianName = custodianName
        super.init()
    }
}

/// A sample holding an HL7 CDA document (Continuity of Care Document and its kin).
open class HKCDADocumentSample: HKDocumentSample, @unchecked Sendable {
    /// The document, with its data.
    public let document: HKCDADocument?

    /// Archives the sample and its document (the data and the four fields read from it).
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        guard let document else { return }
        coder.encode(document.documentData.map { $0 as NSData }, forKey: "documentData")
        for (key, text) in [("title", document.title), ("patientName", document.patientName),
                            ("authorName", document.authorName), ("custodianName", document.custodianName)] {
            coder.encode(text as NSString, forKey: key)
        }
    }

    /// Unarchives a CDA sample; fails when its type is not the CDA document type. An archive without a title has no
    /// document.
    public required init?(coder: NSCoder) {
        guard ObjectCoding.sampleType(coder, forKey: "sampleType") == HKDocumentType(.CDA) else { return nil }
        func text(_ key: String) -> String { coder.decodeObject(of: NSString.self, forKey: key).map { $0 as String } ?? "" }
        document = coder.decodeObject(of: NSString.self, forKey: "title").map { title in
            HKCDADocument(documentData: coder.decodeObject(of: NSData.self, forKey: "documentData").map { $0 as Data },
                          title: title as String, patientName: text("patientName"), authorName: text("authorName"),
                          custodianName: text("custodianName"))
        }
        super.init(coder: coder)
    }

    /// Designated initialiser for the model and the store (OpenHealthKit extension, package access).
    package init(document: HKCDADocument?, start: Date, end: Date,
                 uuid: UUID, sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?) {
        self.document = document
        super.init(sampleType: HKDocumentType(.CDA), startDate: start, endDate: end,
                   uuid: uuid, sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// Creates a CDA sample from the document's XML; throws `HKError(.errorInvalidArgument)` with
    /// ``HKDetailedCDAValidationErrorKey`` set when the XML is not a CDA document HealthKit accepts.
    public convenience init(data documentData: Data, start startDate: Date, end endDate: Date, metadata: [String: Any]?) throws {
        try SampleValidation.sample(start: startDate, end: endDate, metadata: metadata)
        let fields = try CDAFields.read(documentData)
        let document = HKCDADocument(documentData: documentData, title: fields.title, patientName: fields.patientName,
                                     authorName: fields.authorName, custodianName: fields.custodianName)
        self.init(document: document, start: startDate, end: endDate,
                  uuid: ObjectUUID.make(), sourceRevision: nil, device: nil, metadata: metadata)
    }
}

/// The `userInfo` key of a CDA validation error that holds the detailed reason.
public let HKDetailedCDAValidationErrorKey = "HKDetailedCDAValidationErrorKey"
/// Key path of a CDA document's title, for predicates.
public let HKPredicateKeyPathCDATitle = "title"
/// Key path of a CDA document's patient name, for predicates.
public let HKPredicateKeyPathCDAPatientName = "patient_name"
/// Key path of a CDA document's author name, for predicates.
public let HKPredicateKeyPathCDAAuthorName = "author_name"
/// Key path of a CDA document's custodian name, for predicates.
public let HKPredicateKeyPathCDACustodianName = "custodian_name"
