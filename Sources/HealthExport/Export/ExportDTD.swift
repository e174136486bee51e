import Foundation

/// The internal DTD OpenHealthKit writes at the top of the export.xml files it produces (demo exports and
/// `health export --format apple`). Written from the structure of Apple's export version 14 (see
/// docs/AppleHealthExport.md); it is OpenHealthKit's own text, not a copy of Apple's.
enum ExportDTD {
    /// `<?xml ...?>` and the DOCTYPE with its internal subset, ending with a newline.
    static let prolog = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 14 (written by OpenHealthKit) -->
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
    <!ATTLIST HealthData locale CDATA #REQUIRED>
    <!ELEMENT ExportDate EMPTY>
    <!ATTLIST ExportDate value CDATA #REQUIRED>
    <!ELEMENT Me EMPTY>
    <!ATTLIST Me
      HKCharacteristicTypeIdentifierDateOfBirth CDATA #REQUIRED
      HKCharacteristicTypeIdentifierBiologicalSex CDATA #REQUIRED
      HKCharacteristicTypeIdentifierBloodType CDATA #REQUIRED
      HKCharacteristicTypeIdentifierFitzpatrickSkinType CDATA #REQUIRED
      HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse CDATA #IMPLIED>
    <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
    <!ATTLIST Record type CDATA #REQUIRED unit CDATA #IMPLIED value CDATA #IMPLIED sourceName CDATA #REQUIRED
      sourceVersion CDATA #IMPLIED device CDATA #IMPLIED creationDate CDATA #IMPLIED startDate CDATA #REQUIRED endDate CDATA #REQUIRED>
    <!-- Records inside a Correlation also appear at the top level; importers store them once. -->
    <!ELEMENT Correlation ((MetadataEntry|Record)*)>
    <!ATTLIST Correlation type CDATA #REQUIRED sourceName CDATA #REQUIRED sourceVersion CDATA #IMPLIED device CDATA #IMPLIED
      creationDate CDATA #IMPLIED startDate CDATA #REQUIRED endDate CDATA #REQUIRED>
    <!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics|WorkoutActivity)*)>
    <!ATTLIST Workout workoutActivityType CDATA #REQUIRED duration CDATA #IMPLIED durationUnit CDATA #IMPLIED
      totalDistance CDATA #IMPLIED totalDistanceUnit CDATA #IMPLIED totalEnergyBurned CDATA #IMPLIED
      totalEnergyBurnedUnit CDATA #IMPLIED sourceName CDATA #REQUIRED sourceVersion CDATA #IMPLIED device CDATA #IMPLIED
      creationDate CDATA #IMPLIED startDate CDATA #REQUIRED endDate CDATA #REQUIRED>
    <!ELEMENT WorkoutActivity ((MetadataEntry|WorkoutEvent|WorkoutStatistics)*)>
    <!ATTLIST WorkoutActivity uuid CDATA #REQUIRED startDate CDATA #REQUIRED endDate CDATA #IMPLIED duration CDATA #IMPLIED durationUnit CDATA #IMPLIED>
    <!ELEMENT WorkoutEvent (MetadataEntry*)>
    <!ATTLIST WorkoutEvent type CDATA #REQUIRED date CDATA #REQUIRED duration CDATA #IMPLIED durationUnit CDATA #IMPLIED>
    <!ELEMENT WorkoutStatistics EMPTY>
    <!ATTLIST WorkoutStatistics type CDATA #REQUIRED startDate CDATA #REQUIRED endDate CDATA #REQUIRED average CDATA #IMPLIED
      minimum CDATA #IMPLIED maximum CDATA #IMPLIED sum CDATA #IMPLIED unit CDATA #IMPLIED>
    <!ELEMENT WorkoutRoute ((MetadataEntry|FileReference)*)>
    <!ATTLIST WorkoutRoute sourceName CDATA #REQUIRED sourceVersion CDATA #IMPLIED device CDATA #IMPLIED
      creationDate CDATA #IMPLIED startDate CDATA #REQUIRED endDate CDATA #REQUIRED>
    <!ELEMENT FileReference EMPTY>
    <!ATTLIST FileReference path CDATA #REQUIRED>
    <!ELEMENT ActivitySummary EMPTY>
    <!ATTLIST ActivitySummary dateComponents CDATA #IMPLIED activeEnergyBurned CDATA #IMPLIED activeEnergyBurnedGoal CDATA #IMPLIED
      activeEnergyBurnedUnit CDATA #IMPLIED appleMoveTime CDATA #IMPLIED appleMoveTimeGoal CDATA #IMPLIED appleExerciseTime CDATA #IMPLIED
      appleExerciseTimeGoal CDATA #IMPLIED appleStandHours CDATA #IMPLIED appleStandHoursGoal CDATA #IMPLIED>
    <!ELEMENT MetadataEntry EMPTY>
    <!ATTLIST MetadataEntry key CDATA #REQUIRED value CDATA #REQUIRED>
    <!ELEMENT HeartRateVariabilityMetadataList (InstantaneousBeatsPerMinute*)>
    <!ELEMENT InstantaneousBeatsPerMinute EMPTY>
    <!ATTLIST InstantaneousBeatsPerMinute bpm CDATA #REQUIRED time CDATA #REQUIRED>
    <!ELEMENT ClinicalRecord EMPTY>
    <!ATTLIST ClinicalRecord type CDATA #REQUIRED identifier CDATA #REQUIRED sourceName CDATA #REQUIRED sourceURL CDATA #REQUIRED
      fhirVersion CDATA #REQUIRED receivedDate CDATA #REQUIRED resourceFilePath CDATA #REQUIRED>
    <!ELEMENT Audiogram ((MetadataEntry|SensitivityPoint)*)>
    <!ATTLIST Audiogram type CDATA #REQUIRED sourceName CDATA #REQUIRED sourceVersion CDATA #IMPLIED device CDATA #IMPLIED
      creationDate CDATA #IMPLIED startDate CDATA #REQUIRED endDate CDATA #REQUIRED>
    <!ELEMENT SensitivityPoint EMPTY>
    <!ATTLIST SensitivityPoint frequencyValue CDATA #REQUIRED frequencyUnit CDATA #REQUIRED leftEarValue CDATA #IMPLIED
      leftEarUnit CDATA #IMPLIED rightEarValue CDATA #IMPLIED rightEarUnit CDATA #IMPLIED>
    <!ELEMENT VisionPrescription ((RightEye|LeftEye|Attachment|MetadataEntry)*)>
    <!ATTLIST VisionPrescription type CDATA #REQUIRED dateIssued CDATA #REQUIRED expirationDate CDATA #IMPLIED brand CDATA #IMPLIED>
    <!ELEMENT RightEye EMPTY>
    <!ELEMENT LeftEye EMPTY>
    <!ELEMENT Attachment EMPTY>
    <!ATTLIST Attachment identifier CDATA #IMPLIED>
    ]>

    """
}
