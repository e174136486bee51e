import Foundation

/// The kind of activity a workout records. Raw values are HealthKit's (`NS_ENUM(NSUInteger)`).
public enum HKWorkoutActivityType: UInt, Sendable, CaseIterable {
    /// American football.
    case americanFootball = 1
    /// Archery.
    case archery = 2
    /// Australian football.
    case australianFootball = 3
    /// Badminton.
    case badminton = 4
    /// Baseball.
    case baseball = 5
    /// Basketball.
    case basketball = 6
    /// Bowling.
    case bowling = 7
    /// Boxing.
    case boxing = 8
    /// Climbing.
    case climbing = 9
    /// Cricket.
    case cricket = 10
    /// Cross training.
    case crossTraining = 11
    /// Curling.
    case curling = 12
    /// Cycling.
    case cycling = 13
    /// Dance (deprecated in iOS 14: use `cardioDance` or `socialDance`).
    @available(*, deprecated, message: "Use cardioDance or socialDance")
    case dance = 14
    /// Dance-inspired training (deprecated in iOS 14).
    @available(*, deprecated, message: "Use barre, cardioDance or socialDance")
    case danceInspiredTraining = 15
    /// Elliptical.
    case elliptical = 16
    /// Equestrian sports.
    case equestrianSports = 17
    /// Fencing.
    case fencing = 18
    /// Fishing.
    case fishing = 19
    /// Functional strength training.
    case functionalStrengthTraining = 20
    /// Golf.
    case golf = 21
    /// Gymnastics.
    case gymnastics = 22
    /// Handball.
    case handball = 23
    /// Hiking.
    case hiking = 24
    /// Hockey.
    case hockey = 25
    /// Hunting.
    case hunting = 26
    /// Lacrosse.
    case lacrosse = 27
    /// Martial arts.
    case martialArts = 28
    /// Mind and body.
    case mindAndBody = 29
    /// Mixed metabolic cardio training (deprecated in iOS 14: use `mixedCardio` or `highIntensityIntervalTraining`).
    @available(*, deprecated, message: "Use mixedCardio or highIntensityIntervalTraining")
    case mixedMetabolicCardioTraining = 30
    /// Paddle sports.
    case paddleSports = 31
    /// Play.
    case play = 32
    /// Preparation and recovery.
    case preparationAndRecovery = 33
    /// Racquetball.
    case racquetball = 34
    /// Rowing.
    case rowing = 35
    /// Rugby.
    case rugby = 36
    /// Running.
    case running = 37
    /// Sailing.
    case sailing = 38
    /// Skating sports.
    case skatingSports = 39
    /// Snow sports.
    case snowSports = 40
    /// Soccer.
    case soccer = 41
    /// Softball.
    case softball = 42
    /// Squash.
    case squash = 43
    /// Stair climbing.
    case stairClimbing = 44
    /// Surfing sports.
    case surfingSports = 45
    /// Swimming.
    case swimming = 46
    /// Table tennis.
    case tableTennis = 47
    /// Tennis.
    case tennis = 48
    /// Track and field.
    case trackAndField = 49
    /// Traditional strength training.
    case traditionalStrengthTraining = 50
    /// Volleyball.
    case volleyball = 51
    /// Walking.
    case walking = 52
    /// Water fitness.
    case waterFitness = 53
    /// Water polo.
    case waterPolo = 54
    /// Water sports.
    case waterSports = 55
    /// Wrestling.
    case wrestling = 56
    /// Yoga.
    case yoga = 57
    /// Barre (iOS 10).
    case barre = 58
    /// Core training (iOS 10).
    case coreTraining = 59
    /// Cross-country skiing (iOS 10).
    case crossCountrySkiing = 60
    /// Downhill skiing (iOS 10).
    case downhillSkiing = 61
    /// Flexibility (iOS 10).
    case flexibility = 62
    /// High-intensity interval training (iOS 10).
    case highIntensityIntervalTraining = 63
    /// Jump rope (iOS 10).
    case jumpRope = 64
    /// Kickboxing (iOS 10).
    case kickboxing = 65
    /// Pilates (iOS 10).
    case pilates = 66
    /// Snowboarding (iOS 10).
    case snowboarding = 67
    /// Stairs (iOS 10).
    case stairs = 68
    /// Step training (iOS 10).
    case stepTraining = 69
    /// Wheelchair at walking pace (iOS 10).
    case wheelchairWalkPace = 70
    /// Wheelchair at running pace (iOS 10).
    case wheelchairRunPace = 71
    /// Tai chi (iOS 11).
    case taiChi = 72
    /// Mixed cardio (iOS 11).
    case mixedCardio = 73
    /// Hand cycling (iOS 11).
    case handCycling = 74
    /// Disc sports (iOS 13).
    case discSports = 75
    /// Fitness gaming (iOS 13).
    case fitnessGaming = 76
    /// Cardio dance (iOS 14).
    case cardioDance = 77
    /// Social dance (iOS 14).
    case socialDance = 78
    /// Pickleball (iOS 14).
    case pickleball = 79
    /// Cooldown (iOS 14).
    case cooldown = 80
    /// Swim-bike-run multisport (iOS 16).
    case swimBikeRun = 82
    /// Transition between multisport activities (iOS 16).
    case transition = 83
    /// Underwater diving (iOS 17).
    case underwaterDiving = 84
    /// Any other activity.
    case other = 3000
}

extension HKWorkoutActivityType {
    /// Every activity type, deprecated ones included, in raw-value order.
    ///
    /// Written out because Swift does not synthesize `allCases` for enums with deprecated cases.
    public static let allCases: [HKWorkoutActivityType] =
        (UInt(1)...UInt(99)).compactMap(HKWorkoutActivityType.init(rawValue:)) + [.other]

    /// The Objective-C constant name, as Apple Health writes it to export.xml (e.g. `"HKWorkoutActivityTypeRunning"`).
    ///
    /// OpenHealthKit extension.
    public var exportName: String { hkExportName(prefix: "HKWorkoutActivityType", caseName: String(describing: self)) }

    /// The activity type whose Objective-C constant name is `exportName`, or `nil`.
    ///
    /// OpenHealthKit extension.
    public init?(exportName: String) {
        guard let value = Self.byExportName[exportName] else { return nil }
        self = value
    }

    private static let byExportName: [String: HKWorkoutActivityType] =
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.exportName, $0) })
}

/// `prefix` followed by `caseName` with its first letter uppercased: the Objective-C name of a Swift enum case.
func hkExportName(prefix: String, caseName: String) -> String {
    prefix + caseName.prefix(1).uppercased() + caseName.dropFirst()
}
