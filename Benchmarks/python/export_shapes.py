#!/usr/bin/env python3
"""Writes synthetic Apple Health exports shaped unlike `health demo-export`'s, to find where `health import` falls off
(issue 15: imports of exports we have not seen, measured against `xmllint --stream --noout` on the same files).

Usage: export_shapes.py SHAPE --records N --out DIR [--seed S]
       export_shapes.py --list

Writes DIR/export.xml (and DIR/workout-routes/*.gpx for `routes`), a folder `health import DIR` reads. Every shape
writes exactly N top-level `Record` elements (correlation members, which Apple writes twice, count once: at the top
level), and prints the counts `health summary` should show. Nothing here is copied from a real export: element and
attribute names follow Apple's DTDs (../shared/testdata/apple-health-export/dtd), the values are made up.
"""
import argparse
import os
import random
import sys
import time

OFFSETS = ["-0800", "-0700", "+0100", "+0200", "+0530", "+0900"]


class Clock:
    """Dates as export.xml writes them (`2019-03-02 10:51:22 -0800`), fast: one strftime per day."""

    def __init__(self, start=1_546_300_800, offset="-0700"):
        self.start = start
        self.offset = offset
        self.days = {}

    def text(self, seconds, offset=None):
        seconds = int(seconds)
        day, rest = divmod(seconds, 86400)
        prefix = self.days.get(day)
        if prefix is None:
            prefix = time.strftime("%Y-%m-%d", time.gmtime(day * 86400))
            self.days[day] = prefix
        h, rest = divmod(rest, 3600)
        m, s = divmod(rest, 60)
        return f"{prefix} {h:02d}:{m:02d}:{s:02d} {offset or self.offset}"


def device(address, name="Apple Watch", hardware="Watch6,1", software="9.1", extra=""):
    return (f"&lt;&lt;HKDevice: 0x{address:x}&gt;, name:{name}, manufacturer:Apple Inc., model:Watch, "
            f"hardware:{hardware}, software:{software}{extra}&gt;")


def header(out, version=14, me=None, bom=False, newline="\n"):
    if bom:
        out.write("\ufeff")
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<!DOCTYPE HealthData [',
             f'<!-- HealthKit Export Version: {version} -->',
             '<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>',
             '<!ATTLIST HealthData locale CDATA #REQUIRED>',
             ']>',
             '<HealthData locale="en_US">',
             ' <ExportDate value="2024-01-01 12:00:00 -0700"/>',
             me or (' <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-01-01" '
                    'HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" '
                    'HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" '
                    'HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" '
                    'HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>')]
    out.write(newline.join(lines) + newline)


def record(type_, source, version, unit, value, start, end, dev=None, created=None, children="", order=None):
    """One `<Record>` in Apple's attribute order (or `order`, a list of attribute names)."""
    attributes = {"type": type_, "sourceName": source, "sourceVersion": version, "device": dev, "unit": unit,
                  "creationDate": created, "startDate": start, "endDate": end, "value": value}
    names = order or ["type", "sourceName", "sourceVersion", "device", "unit", "creationDate", "startDate", "endDate", "value"]
    text = " ".join(f'{n}="{attributes[n]}"' for n in names if attributes.get(n) is not None)
    if children:
        return f" <Record {text}>\n{children} </Record>\n"
    return f" <Record {text}/>\n"


HR = "HKQuantityTypeIdentifierHeartRate"
STEPS = "HKQuantityTypeIdentifierStepCount"


def shape_metadata(out, n, rng, clock):
    """Every record carries ten metadata entries, three of them different on every record (a sync identifier, a
    number, a date), so no list of entries repeats."""
    header(out)
    t = clock.start
    for i in range(n):
        t += 60
        s = clock.text(t)
        meta = (f'  <MetadataEntry key="HKMetadataKeySyncIdentifier" value="sync-{i:08d}-{rng.randrange(1 << 30):x}"/>\n'
                f'  <MetadataEntry key="HKMetadataKeySyncVersion" value="{1 + i % 3}"/>\n'
                f'  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="{i % 3}"/>\n'
                f'  <MetadataEntry key="HKWasUserEntered" value="0"/>\n'
                f'  <MetadataEntry key="Vendor Reading" value="{rng.random() * 100:.3f}"/>\n'
                f'  <MetadataEntry key="Vendor Battery" value="{rng.randrange(100)}"/>\n'
                f'  <MetadataEntry key="Vendor Firmware" value="2.{i % 7}.1"/>\n'
                f'  <MetadataEntry key="Vendor Uploaded" value="{clock.text(t + 300, "+0000")}"/>\n'
                f'  <MetadataEntry key="HKTimeZone" value="America/Denver"/>\n'
                f'  <MetadataEntry key="Vendor Note" value="reading {i}"/>\n')
        out.write(record(HR, "Vendor Band", "4.2", "count/min", 50 + rng.randrange(90), s, s, created=s, children=meta))


def shape_sources(out, n, rng, clock):
    """Steps from 600 sources (200 apps in three versions each) and devices whose software version and name vary
    record to record (2,000 distinct devices, each with a new address)."""
    header(out)
    sources = [(f"App {a:03d} Pedometer", f"{1 + v}.{a % 10}") for a in range(200) for v in range(3)]
    t = clock.start
    for i in range(n):
        t += 30
        s, e = clock.text(t), clock.text(t + 29)
        name, version = sources[rng.randrange(len(sources))]
        d = rng.randrange(2000)
        dev = device(0x280000000 + rng.randrange(1 << 28), name=f"Band {d % 400}", hardware=f"B{d % 5},1", software=f"{d}.0")
        out.write(record(STEPS, name, version, "count", 1 + rng.randrange(80), s, e, dev=dev, created=e))


def shape_devices(out, n, rng, clock):
    """Heart rate from one phone whose device description differs on every record beyond its address (a local
    identifier per record, as some Bluetooth straps write): no two records share a device."""
    header(out)
    t = clock.start
    for i in range(n):
        t += 10
        s = clock.text(t)
        dev = device(0x280000000 + i, name="Polar H10", hardware="1", software="3.1",
                     extra=f", localIdentifier:{rng.randrange(1 << 62):016X}")
        out.write(record(HR, "Polar Beat", "3.5.1", "count/min", 60 + rng.randrange(100), s, s, dev=dev, created=s))


def shape_heartrate(out, n, rng, clock):
    """Only heart rate from one watch, each with its motion context: one type dominates the store."""
    header(out)
    t = clock.start
    for i in range(n):
        t += 5 + rng.randrange(300)
        s = clock.text(t)
        meta = f'  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="{rng.randrange(3)}"/>\n'
        out.write(record(HR, "Apple Watch", "10.1", "count/min", 50 + rng.randrange(100), s, s,
                         dev=device(0x280000000 + i * 16), created=s, children=meta))


SLEEP_VALUES = ["HKCategoryValueSleepAnalysisInBed", "HKCategoryValueSleepAnalysisAsleep",
                "HKCategoryValueSleepAnalysisAwake", "HKCategoryValueSleepAnalysisAsleepCore",
                "HKCategoryValueSleepAnalysisAsleepDeep", "HKCategoryValueSleepAnalysisAsleepREM",
                "HKCategoryValueSleepAnalysisAsleepUnspecified"]


def shape_sleep(out, n, rng, clock):
    """Only sleep stages (category samples, old and new value names), from a watch and two sleep apps."""
    header(out)
    t = clock.start
    apps = [("Apple Watch", "10.1"), ("AutoSleep", "6.8"), ("Sleep Cycle", "5.2")]
    for i in range(n):
        t += 30 + rng.randrange(600)
        s, e = clock.text(t), clock.text(t + 30 + rng.randrange(1800))
        name, version = apps[i % 3]
        out.write(record("HKCategoryTypeIdentifierSleepAnalysis", name, version, None, SLEEP_VALUES[rng.randrange(7)], s, e,
                         created=e))


def shape_old(out, n, rng, clock):
    """An iOS 9-era export (DTD version 3): no creationDate, no device, attributes in another order, `Me` with the
    four old characteristics, old sleep names, types mixed."""
    me = (' <Me HKCharacteristicTypeIdentifierDateOfBirth="" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale" '
          'HKCharacteristicTypeIdentifierBloodType="HKBloodTypeAPositive" '
          'HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeII"/>')
    header(out, version=3, me=me)
    order = ["type", "sourceName", "sourceVersion", "unit", "value", "startDate", "endDate"]
    kinds = [(STEPS, "count", lambda: rng.randrange(200)),
             ("HKQuantityTypeIdentifierDistanceWalkingRunning", "mi", lambda: f"{rng.random() / 10:.6f}"),
             ("HKQuantityTypeIdentifierFlightsClimbed", "count", lambda: rng.randrange(3)),
             ("HKQuantityTypeIdentifierBodyMass", "lb", lambda: f"{150 + rng.random() * 20:.1f}"),
             ("HKCategoryTypeIdentifierSleepAnalysis", None, lambda: SLEEP_VALUES[rng.randrange(3)])]
    t = clock.start - 5 * 365 * 86400
    for i in range(n):
        t += 40
        s, e = clock.text(t), clock.text(t + 30)
        type_, unit, value = kinds[i % 5]
        out.write(record(type_, "iPhone", "9.3.2", unit, value(), s, e, order=order))


def shape_correlations(out, n, rng, clock):
    """300,000 dietary records in food correlations (three members each) and 50,000 blood pressure readings (two),
    each member also at the top level as Apple writes it; the rest of the records are heart rate."""
    header(out)
    foods = [("HKQuantityTypeIdentifierDietaryEnergyConsumed", "kcal"), ("HKQuantityTypeIdentifierDietaryProtein", "g"),
             ("HKQuantityTypeIdentifierDietaryCarbohydrates", "g"), ("HKQuantityTypeIdentifierDietaryFatTotal", "g"),
             ("HKQuantityTypeIdentifierDietarySugar", "g"), ("HKQuantityTypeIdentifierDietarySodium", "mg")]
    dietary = min(300_000, n * 3 // 10)
    pressure = min(100_000, n // 10)
    meals, readings = dietary // 3, pressure // 2
    rest = n - meals * 3 - readings * 2
    t = clock.start
    written = 0
    plan = ["meal"] * meals + ["bp"] * readings + ["hr"] * rest
    rng.shuffle(plan)
    for kind in plan:
        t += 20
        s = clock.text(t)
        if kind == "hr":
            out.write(record(HR, "Apple Watch", "10.1", "count/min", 50 + rng.randrange(100), s, s,
                             dev=device(0x280000000 + t), created=s))
            written += 1
            continue
        if kind == "meal":
            members = [record(foods[(t + k) % 6][0], "MyFitnessPal", "23.1", foods[(t + k) % 6][1],
                              f"{rng.random() * 300:.2f}", s, s, created=s,
                              children=f'  <MetadataEntry key="meal" value="Lunch &amp; snacks"/>\n') for k in range(3)]
            ctype, meta = "HKCorrelationTypeIdentifierFood", '  <MetadataEntry key="HKFoodType" value="Sandwich"/>\n'
            name, version = "MyFitnessPal", "23.1"
        else:
            members = [record("HKQuantityTypeIdentifierBloodPressureSystolic", "Omron", "7.2", "mmHg", 100 + rng.randrange(50), s, s, created=s),
                       record("HKQuantityTypeIdentifierBloodPressureDiastolic", "Omron", "7.2", "mmHg", 60 + rng.randrange(30), s, s, created=s)]
            ctype, meta, name, version = "HKCorrelationTypeIdentifierBloodPressure", "", "Omron", "7.2"
        for member in members:
            out.write(member)
        written += len(members)
        out.write(f' <Correlation type="{ctype}" sourceName="{name}" sourceVersion="{version}" creationDate="{s}" '
                  f'startDate="{s}" endDate="{s}">\n{meta}' + "".join("  " + m for m in members) + " </Correlation>\n")
    assert written == n, written


def shape_hrv(out, n, rng, clock):
    """Heart rate variability readings, each with a list of 60-100 beats (a tenth of the records), the rest heart rate."""
    header(out)
    t = clock.start
    for i in range(n):
        t += 60
        s = clock.text(t)
        if i % 10:
            out.write(record(HR, "Apple Watch", "10.1", "count/min", 50 + rng.randrange(100), s, s,
                             dev=device(0x280000000 + i), created=s))
            continue
        beats, clock_time = [], 8 * 3600 + (t % 86400) % 3600
        for b in range(60 + rng.randrange(40)):
            clock_time += 0.6 + rng.random() * 0.6
            h, rest = divmod(clock_time, 3600)
            m, sec = divmod(rest, 60)
            ampm = "AM" if h < 12 else "PM"
            beats.append(f'    <InstantaneousBeatsPerMinute bpm="{55 + rng.randrange(40)}" '
                         f'time="{int(h) % 12 or 12}:{int(m):02d}:{sec:05.2f} {ampm}"/>\n')
        children = "  <HeartRateVariabilityMetadataList>\n" + "".join(beats) + "  </HeartRateVariabilityMetadataList>\n"
        out.write(record("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "Apple Watch", "10.1", "ms",
                         f"{20 + rng.random() * 60:.4f}", s, clock.text(t + 60), dev=device(0x280000000 + i), created=s,
                         children=children))


def workout(out, clock, t, seconds, events="", stats="", route=None, activity="HKWorkoutActivityTypeRunning"):
    s, e = clock.text(t), clock.text(t + seconds)
    route_text = ""
    if route:
        route_text = (f'  <WorkoutRoute sourceName="Apple Watch" sourceVersion="10.1" creationDate="{e}" startDate="{s}" endDate="{e}">\n'
                      f'   <FileReference path="/workout-routes/{route}"/>\n  </WorkoutRoute>\n')
    out.write(f' <Workout workoutActivityType="{activity}" duration="{seconds / 60:.4f}" durationUnit="min" '
              f'sourceName="Apple Watch" sourceVersion="10.1" device="{device(0x290000000 + t % 100000)}" '
              f'creationDate="{e}" startDate="{s}" endDate="{e}">\n'
              f'  <MetadataEntry key="HKIndoorWorkout" value="0"/>\n{events}{stats}{route_text} </Workout>\n')


def shape_workouts(out, n, rng, clock):
    """100 day-long workouts, each with 3,000 events (laps, segments, pauses and resumes) and 1,000 statistics, among
    heart rate records."""
    def add(i, t):
        length = 86000
        events = []
        for k in range(3000):
            at = t + 1 + k * 28
            kind = ["HKWorkoutEventTypeLap", "HKWorkoutEventTypeSegment", "HKWorkoutEventTypeMarker"][k % 3]
            events.append(f'  <WorkoutEvent type="{kind}" date="{clock.text(at)}" duration="{20 + k % 7}" durationUnit="s"/>\n')
        stats = []
        for k in range(1000):
            stats.append(f'  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="{clock.text(t + k * 80)}" '
                         f'endDate="{clock.text(t + k * 80 + 79)}" average="{120 + k % 30}" minimum="90" maximum="170" unit="count/min"/>\n')
        workout(out, clock, t, length, "".join(events), "".join(stats))
        return t + length
    heart_rate_with_workouts(out, n, rng, clock, 100, add)


def shape_routes(out, n, rng, clock, folder):
    """80 four-hour outdoor workouts, each with a GPX route of a point a second (14,400 points with Apple's
    extensions), among heart rate records."""
    os.makedirs(os.path.join(folder, "workout-routes"), exist_ok=True)

    def add(i, t):
        length = 4 * 3600
        name = f"route_{time.strftime('%Y-%m-%d', time.gmtime(t))}_{i}.gpx"
        write_gpx(os.path.join(folder, "workout-routes", name), t, length, rng)
        workout(out, clock, t, length, route=name)
        return t + length
    heart_rate_with_workouts(out, n, rng, clock, 80, add)


def heart_rate_with_workouts(out, n, rng, clock, workouts, add):
    """`n` heart rate records 30 s apart with `workouts` workouts among them, each written by `add(i, t)`, which returns
    the time after it."""
    header(out)
    t = clock.start
    every = max(1, n // workouts)
    for i in range(n):
        t += 30
        s = clock.text(t)
        out.write(record(HR, "Apple Watch", "10.1", "count/min", 50 + rng.randrange(100), s, s,
                         dev=device(0x280000000 + i), created=s))
        if i % every == every - 1:
            t = add(i, t)


def write_gpx(path, start, seconds, rng):
    lat, lon, ele = 39.7, -105.0, 1600.0
    with open(path, "w") as gpx:
        gpx.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Apple Health Export" '
                  'xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
                  f' <metadata>\n  <time>{time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start))}</time>\n </metadata>\n'
                  ' <trk>\n  <name>Route</name>\n  <trkseg>\n')
        for k in range(seconds):
            lat += (rng.random() - 0.5) * 1e-4
            lon += (rng.random() - 0.5) * 1e-4
            ele += rng.random() - 0.5
            stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start + k))
            gpx.write(f'   <trkpt lon="{lon:.6f}" lat="{lat:.6f}"><ele>{ele:.6f}</ele><time>{stamp}</time>'
                      f'<extensions><speed>{2 + rng.random():.6f}</speed><course>{rng.random() * 360:.6f}</course>'
                      f'<hAcc>{1 + rng.random() * 4:.6f}</hAcc><vAcc>{1 + rng.random() * 3:.6f}</vAcc></extensions></trkpt>\n')
        gpx.write('  </trkseg>\n </trk>\n</gpx>\n')


def shape_odd(out, n, rng, clock):
    """A byte order mark, CRLF line ends, tabs and line breaks between attributes, spaces around `=`, single quotes,
    and entity references in source names, device names, values and metadata."""
    header(out, bom=True, newline="\r\n")
    names = ["Tom &amp; Jerry&#x2019;s Watch", "Caf&#xE9; Scale", "&lt;Lab&gt; &quot;Pro&quot;", "Jo&apos;s iPhone", "Plain"]
    t = clock.start
    for i in range(n):
        t += 45
        s = clock.text(t)
        name = names[i % 5]
        dev = device(0x280000000 + i, name=f"R&#xE9;my&apos;s Watch")
        meta = f"\t\t<MetadataEntry key = 'HKMetadataKeyHeartRateMotionContext'\r\n\t\t\tvalue='{i % 3}' />\r\n"
        out.write(f" <Record\ttype=\"{HR}\"\r\n\t sourceName=\"{name}\"  sourceVersion = '10.1'\r\n\t device=\"{dev}\""
                  f" unit=\"count/min\" creationDate=\"{s}\"\r\n startDate=\"{s}\" endDate=\"{s}\" value=\"{50 + i % 100}\">\r\n"
                  f"{meta} </Record >\r\n")


def shape_mixed(out, n, rng, clock):
    """Twelve types from a phone and a watch, not grouped by type and not in date order (shuffled over a year)."""
    header(out)
    kinds = [(STEPS, "count", "iPhone"), (STEPS, "count", "Apple Watch"),
             ("HKQuantityTypeIdentifierDistanceWalkingRunning", "km", "iPhone"), (HR, "count/min", "Apple Watch"),
             ("HKQuantityTypeIdentifierActiveEnergyBurned", "kcal", "Apple Watch"),
             ("HKQuantityTypeIdentifierBasalEnergyBurned", "kcal", "Apple Watch"),
             ("HKQuantityTypeIdentifierFlightsClimbed", "count", "iPhone"),
             ("HKQuantityTypeIdentifierEnvironmentalAudioExposure", "dBASPL", "Apple Watch"),
             ("HKQuantityTypeIdentifierOxygenSaturation", "%", "Apple Watch"),
             ("HKQuantityTypeIdentifierRespiratoryRate", "count/min", "Apple Watch"),
             ("HKQuantityTypeIdentifierAppleExerciseTime", "min", "Apple Watch"),
             ("HKCategoryTypeIdentifierAppleStandHour", None, "Apple Watch")]
    year = 365 * 86400
    for i in range(n):
        t = clock.start + rng.randrange(year)
        type_, unit, source = kinds[rng.randrange(len(kinds))]
        s, e = clock.text(t), clock.text(t + 60)
        if type_ == HR:
            e = s
        if unit is None:
            value = "HKCategoryValueAppleStandHourStood"
        elif unit == "%":
            value = f"{0.9 + rng.random() / 10:.2f}"
        else:
            value = f"{rng.random() * 100:.3f}"
        dev = device(0x280000000 + i) if source == "Apple Watch" else None
        out.write(record(type_, source, "17.1" if source == "iPhone" else "10.1", unit, value, s, e, dev=dev,
                         created=e))


SHAPES = {name[6:]: fn for name, fn in globals().items() if name.startswith("shape_")}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("shape", nargs="?", choices=sorted(SHAPES))
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--out")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    if args.list or not args.shape:
        for name, fn in sorted(SHAPES.items()):
            print(f"{name:12} {' '.join(fn.__doc__.split())}")
        return
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    clock = Clock()
    with open(os.path.join(args.out, "export.xml"), "w", encoding="utf-8", newline="") as out:
        if args.shape == "routes":
            shape_routes(out, args.records, rng, clock, args.out)
        else:
            SHAPES[args.shape](out, args.records, rng, clock)
        out.write("</HealthData>\n")
    print(f"{args.shape}: {args.records} top-level records in {args.out}/export.xml", file=sys.stderr)


if __name__ == "__main__":
    main()
