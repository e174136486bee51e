import Foundation

extension HKQuantityTypeIdentifier {
    // MARK: Nutrition
    /// Biotin consumed.
    public static let dietaryBiotin = Self(rawValue: "HKQuantityTypeIdentifierDietaryBiotin")
    /// Caffeine consumed.
    public static let dietaryCaffeine = Self(rawValue: "HKQuantityTypeIdentifierDietaryCaffeine")
    /// Calcium consumed.
    public static let dietaryCalcium = Self(rawValue: "HKQuantityTypeIdentifierDietaryCalcium")
    /// Carbohydrates consumed.
    public static let dietaryCarbohydrates = Self(rawValue: "HKQuantityTypeIdentifierDietaryCarbohydrates")
    /// Chloride consumed.
    public static let dietaryChloride = Self(rawValue: "HKQuantityTypeIdentifierDietaryChloride")
    /// Cholesterol consumed.
    public static let dietaryCholesterol = Self(rawValue: "HKQuantityTypeIdentifierDietaryCholesterol")
    /// Chromium consumed.
    public static let dietaryChromium = Self(rawValue: "HKQuantityTypeIdentifierDietaryChromium")
    /// Copper consumed.
    public static let dietaryCopper = Self(rawValue: "HKQuantityTypeIdentifierDietaryCopper")
    /// Dietary energy consumed.
    public static let dietaryEnergyConsumed = Self(rawValue: "HKQuantityTypeIdentifierDietaryEnergyConsumed")
    /// Monounsaturated fat consumed.
    public static let dietaryFatMonounsaturated = Self(rawValue: "HKQuantityTypeIdentifierDietaryFatMonounsaturated")
    /// Polyunsaturated fat consumed.
    public static let dietaryFatPolyunsaturated = Self(rawValue: "HKQuantityTypeIdentifierDietaryFatPolyunsaturated")
    /// Saturated fat consumed.
    public static let dietaryFatSaturated = Self(rawValue: "HKQuantityTypeIdentifierDietaryFatSaturated")
    /// Total fat consumed.
    public static let dietaryFatTotal = Self(rawValue: "HKQuantityTypeIdentifierDietaryFatTotal")
    /// Fiber consumed.
    public static let dietaryFiber = Self(rawValue: "HKQuantityTypeIdentifierDietaryFiber")
    /// Folate consumed.
    public static let dietaryFolate = Self(rawValue: "HKQuantityTypeIdentifierDietaryFolate")
    /// Iodine consumed.
    public static let dietaryIodine = Self(rawValue: "HKQuantityTypeIdentifierDietaryIodine")
    /// Iron consumed.
    public static let dietaryIron = Self(rawValue: "HKQuantityTypeIdentifierDietaryIron")
    /// Magnesium consumed.
    public static let dietaryMagnesium = Self(rawValue: "HKQuantityTypeIdentifierDietaryMagnesium")
    /// Manganese consumed.
    public static let dietaryManganese = Self(rawValue: "HKQuantityTypeIdentifierDietaryManganese")
    /// Molybdenum consumed.
    public static let dietaryMolybdenum = Self(rawValue: "HKQuantityTypeIdentifierDietaryMolybdenum")
    /// Niacin consumed.
    public static let dietaryNiacin = Self(rawValue: "HKQuantityTypeIdentifierDietaryNiacin")
    /// Pantothenic acid consumed.
    public static let dietaryPantothenicAcid = Self(rawValue: "HKQuantityTypeIdentifierDietaryPantothenicAcid")
    /// Phosphorus consumed.
    public static let dietaryPhosphorus = Self(rawValue: "HKQuantityTypeIdentifierDietaryPhosphorus")
    /// Potassium consumed.
    public static let dietaryPotassium = Self(rawValue: "HKQuantityTypeIdentifierDietaryPotassium")
    /// Protein consumed.
    public static let dietaryProtein = Self(rawValue: "HKQuantityTypeIdentifierDietaryProtein")
    /// Riboflavin consumed.
    public static let dietaryRiboflavin = Self(rawValue: "HKQuantityTypeIdentifierDietaryRiboflavin")
    /// Selenium consumed.
    public static let dietarySelenium = Self(rawValue: "HKQuantityTypeIdentifierDietarySelenium")
    /// Sodium consumed.
    public static let dietarySodium = Self(rawValue: "HKQuantityTypeIdentifierDietarySodium")
    /// Sugar consumed.
    public static let dietarySugar = Self(rawValue: "HKQuantityTypeIdentifierDietarySugar")
    /// Thiamin consumed.
    public static let dietaryThiamin = Self(rawValue: "HKQuantityTypeIdentifierDietaryThiamin")
    /// Vitamin A consumed.
    public static let dietaryVitaminA = Self(rawValue: "HKQuantityTypeIdentifierDietaryVitaminA")
    /// Vitamin B12 consumed.
    public static let dietaryVitaminB12 = Self(rawValue: "HKQuantityTypeIdentifierDietaryVitaminB12")
    /// Vitamin B6 consumed.
    public static let dietaryVitaminB6 = Self(rawValue: "HKQuantityTypeIdentifierDietaryVitaminB6")
    /// Vitamin C consumed.
    public static let dietaryVitaminC = Self(rawValue: "HKQuantityTypeIdentifierDietaryVitaminC")
    /// Vitamin D consumed.
    public static let dietaryVitaminD = Self(rawValue: "HKQuantityTypeIdentifierDietaryVitaminD")
    /// Vitamin E consumed.
    public static let dietaryVitaminE = Self(rawValue: "HKQuantityTypeIdentifierDietaryVitaminE")
    /// Vitamin K consumed.
    public static let dietaryVitaminK = Self(rawValue: "HKQuantityTypeIdentifierDietaryVitaminK")
    /// Water consumed (iOS 9).
    public static let dietaryWater = Self(rawValue: "HKQuantityTypeIdentifierDietaryWater")
    /// Zinc consumed.
    public static let dietaryZinc = Self(rawValue: "HKQuantityTypeIdentifierDietaryZinc")

    // MARK: Other
    /// Blood alcohol content.
    public static let bloodAlcoholContent = Self(rawValue: "HKQuantityTypeIdentifierBloodAlcoholContent")
    /// Diastolic blood pressure.
    public static let bloodPressureDiastolic = Self(rawValue: "HKQuantityTypeIdentifierBloodPressureDiastolic")
    /// Systolic blood pressure.
    public static let bloodPressureSystolic = Self(rawValue: "HKQuantityTypeIdentifierBloodPressureSystolic")
    /// Insulin delivered (iOS 11).
    public static let insulinDelivery = Self(rawValue: "HKQuantityTypeIdentifierInsulinDelivery")
    /// Alcoholic beverages consumed (iOS 15).
    public static let numberOfAlcoholicBeverages = Self(rawValue: "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages")
    /// Number of falls.
    public static let numberOfTimesFallen = Self(rawValue: "HKQuantityTypeIdentifierNumberOfTimesFallen")
    /// Time spent in daylight (iOS 17).
    public static let timeInDaylight = Self(rawValue: "HKQuantityTypeIdentifierTimeInDaylight")
    /// UV index exposure (the header gives no unit; count is used) (iOS 9).
    public static let uvExposure = Self(rawValue: "HKQuantityTypeIdentifierUVExposure")
    /// Water temperature (iOS 16).
    public static let waterTemperature = Self(rawValue: "HKQuantityTypeIdentifierWaterTemperature")

    // MARK: Reproductive health
    /// Basal body temperature (iOS 9).
    public static let basalBodyTemperature = Self(rawValue: "HKQuantityTypeIdentifierBasalBodyTemperature")

    // MARK: Respiratory
    /// Breathing disturbances during sleep (iOS 18).
    public static let appleSleepingBreathingDisturbances = Self(rawValue: "HKQuantityTypeIdentifierAppleSleepingBreathingDisturbances")
    /// Forced expiratory volume in one second.
    public static let forcedExpiratoryVolume1 = Self(rawValue: "HKQuantityTypeIdentifierForcedExpiratoryVolume1")
    /// Forced vital capacity.
    public static let forcedVitalCapacity = Self(rawValue: "HKQuantityTypeIdentifierForcedVitalCapacity")
    /// Inhaler puffs.
    public static let inhalerUsage = Self(rawValue: "HKQuantityTypeIdentifierInhalerUsage")
    /// Blood oxygen saturation.
    public static let oxygenSaturation = Self(rawValue: "HKQuantityTypeIdentifierOxygenSaturation")
    /// Peak expiratory flow rate.
    public static let peakExpiratoryFlowRate = Self(rawValue: "HKQuantityTypeIdentifierPeakExpiratoryFlowRate")
    /// Respiratory rate.
    public static let respiratoryRate = Self(rawValue: "HKQuantityTypeIdentifierRespiratoryRate")

    // MARK: Vital signs
    /// Blood glucose.
    public static let bloodGlucose = Self(rawValue: "HKQuantityTypeIdentifierBloodGlucose")
    /// Body temperature.
    public static let bodyTemperature = Self(rawValue: "HKQuantityTypeIdentifierBodyTemperature")
}
