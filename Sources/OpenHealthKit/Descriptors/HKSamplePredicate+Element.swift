public import Foundation

extension HKSamplePredicate where Sample == HKAudiogramSample {
    /// Audiograms.
    public static func audiogram(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKAudiogramSample> {
        .init(sampleType: HKObjectType.audiogramSampleType(), nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKVisionPrescription {
    /// Vision prescriptions (iOS 16); apps see only those the person picked for them.
    public static func visionPrescription(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKVisionPrescription> {
        .init(sampleType: HKObjectType.visionPrescriptionType(), nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKElectrocardiogram {
    /// Electrocardiograms (iOS 15.4).
    public static func electrocardiogram(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKElectrocardiogram> {
        .init(sampleType: HKObjectType.electrocardiogramType(), nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKStateOfMind {
    /// State of mind logs (iOS 18).
    public static func stateOfMind(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKStateOfMind> {
        .init(sampleType: HKObjectType.stateOfMindType(), nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKGAD7Assessment {
    /// GAD-7 assessments (iOS 18).
    public static func gad7Assessment(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKGAD7Assessment> {
        .init(sampleType: HKScoredAssessmentType(.GAD7), nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKPHQ9Assessment {
    /// PHQ-9 assessments (iOS 18).
    public static func phq9Assessment(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKPHQ9Assessment> {
        .init(sampleType: HKScoredAssessmentType(.PHQ9), nsPredicate: predicate)
    }
}
