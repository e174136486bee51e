#!/usr/bin/env bash
# Builds the fuzz executable and runs one target (or every target) for SECONDS each, seeded from the test corpora
# (../shared/testdata, or $OPENHEALTHKIT_TESTDATA) and Fuzz/seeds. Exits non-zero on a crash, hang (an input taking
# over 10 s), leak or memory blow-up (over 2 GB); the input that found it is kept in Fuzz/.artifacts/TARGET/.
#   Fuzz/run.sh cda 60          one target for a minute
#   Fuzz/run.sh all 15          every target for 15 s (what .ci/run does)
#   Fuzz/run.sh units 0 Fuzz/regressions/units/*   replays inputs (the ones that found bugs) without fuzzing
set -euo pipefail
target=${1:?usage: Fuzz/run.sh TARGET|all SECONDS [FILE...]}
seconds=${2:-60}
shift 2 || shift $#
replay=()
for file in "$@"; do replay+=("$(realpath "$file")"); done
cd "$(dirname "$0")"
testdata=${OPENHEALTHKIT_TESTDATA:-$(cd .. && pwd)/../shared/testdata}
[ -d "$testdata" ] || echo "note: no test corpora at $testdata; seeding from Fuzz/seeds only"
export OPENHEALTHKIT_TESTDATA=$testdata

# The build plan is made afresh each time: the package depends on ".." by path, whose files change under it.
flags=(-c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld --disable-build-manifest-caching)
swift build "${flags[@]}" --product OpenHealthKitFuzz >&2
binary="$(swift build "${flags[@]}" --show-bin-path)/OpenHealthKitFuzz"
targets=(units fhir-json fhir-ndjson cda export-xml gpx ecg-csv card card-inflate jwks revocation)

# Seed files for a target: the corpus files that are that kind of input, no larger than 256 KB.
seeds() {
    local folder="$1"; shift
    [ -d "$testdata/$folder" ] || return 0
    find "$testdata/$folder" -type f -size -256k "$@" 2>/dev/null
}

# One seed file per line of the HKUnit string lists; the JWS payloads of the example cards, base64url-decoded (raw DEFLATE).
derived_seeds() {
    local target="$1" out="$2"
    case "$target" in
        units)
            [ -d "$testdata/hkunit" ] || return 0
            local n=0
            while IFS= read -r line; do n=$((n + 1)); printf '%s' "$line" > "$out/line-$n"; done < <(cat "$testdata"/hkunit/*.txt | grep -v '^#')
            ;;
        fhir-ndjson)
            # NDJSON is one resource per line: each corpus file collapsed onto one line.
            for json in $(seeds fhir-r4 -name '*.json' -size -64k; seeds fhir-dstu2 -name '*.json' -size -64k); do
                tr -d '\n\r' < "$json" > "$out/$(basename "$json" .json).ndjson"; echo >> "$out/$(basename "$json" .json).ndjson"
            done
            ;;
        card-inflate)
            for jws in $(seeds smart-health-cards -name '*-d-jws.txt'); do
                local payload; payload=$(cut -d. -f2 < "$jws" | tr -d '\n' | tr '_-' '/+')
                while [ $(( ${#payload} % 4 )) -ne 0 ]; do payload="$payload="; done
                printf '%s' "$payload" | base64 -d > "$out/$(basename "$jws" .txt).deflate" 2>/dev/null || true
            done
            ;;
    esac
}

corpus_files() {
    case "$1" in
        fhir-json) seeds fhir-r4 -name '*.json' -size -64k; seeds fhir-dstu2 -name '*.json' -size -64k
                   seeds smart-health-cards -name '*fhirBundle*.json' ;;
        export-xml) seeds apple-health-export -name '*.xml' -not -name 'export_cda.xml' ;;
        gpx) seeds apple-health-export -name '*.gpx' ;;
        card) seeds smart-health-cards/spec-examples -name '*-f-qr-code-numeric*'; seeds smart-health-cards -name '*-d-jws.txt'
              seeds smart-health-cards -name '*.smart-health-card'; seeds smart-health-cards/dev-tools-testdata -name '*.txt' ;;
        jwks) seeds smart-health-cards -name '*jwks*.json' -not -name '*private*' ;;
        revocation) seeds smart-health-cards -path '*crl*' -name '*.json' ;;
    esac
}

run_one() {
    local name="$1"
    local seed_dir corpus artifacts
    seed_dir=$(mktemp -d)
    corpus=".corpus/$name"; artifacts=".artifacts/$name"
    mkdir -p "$corpus" "$artifacts"
    [ -d "seeds/$name" ] && cp seeds/"$name"/* "$seed_dir"/
    while IFS= read -r file; do [ -n "$file" ] && cp "$file" "$seed_dir/$(echo "$file" | md5sum | cut -c1-12)-$(basename "$file")"; done < <(corpus_files "$name")
    derived_seeds "$name" "$seed_dir"
    echo "== $name: $(ls "$seed_dir" | wc -l) seeds, ${seconds}s" >&2
    local status=0
    OPENHEALTHKIT_FUZZ_TARGET=$name SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
        "$binary" -max_total_time="$seconds" -seed="${FUZZ_SEED:-0}" -runs="${FUZZ_RUNS:--1}" -timeout=10 -rss_limit_mb=2048 -max_len=262144 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$corpus" "$seed_dir" || status=$?
    rm -rf "$seed_dir"
    return $status
}

if [ ${#replay[@]} -gt 0 ]; then
    OPENHEALTHKIT_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no exec "$binary" -runs=0 "${replay[@]}"
fi
failed=()
if [ "$target" = all ]; then
    for name in "${targets[@]}"; do run_one "$name" || failed+=("$name"); done
else
    run_one "$target" || failed+=("$target")
fi
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing found problems in: ${failed[*]} (inputs in Fuzz/.artifacts/)" >&2
    exit 1
fi
echo "fuzzing: no crash, hang or leak" >&2
