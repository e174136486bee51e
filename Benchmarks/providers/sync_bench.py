#!/usr/bin/env python3
"""The provider sync's speed target (issue 19), measured over loopback against a release build:

    swift build -c release --product health                            # once, at the repository root
    python3 Benchmarks/providers/sync_bench.py                          # 5,000 resources, then 20,000 for memory
    python3 Benchmarks/providers/sync_bench.py --resources 5000 --large 0 --reps 3

"Syncing a patient with 5,000 resources from the loopback server costs at most 1.2x the time of downloading the same
searches and pages with a plain HTTP client (measured in the same run); memory stays bounded whatever the count."

A rig of its own (`.ci/provider-rig` with PROVIDER_RIG_DIR under Benchmarks/.data and free ports: the real FHIR
server sekmet-fhir behind the project's test SMART authorization server) is loaded with one Synthea patient from
../shared/testdata and copies of that patient's own clinical resources (references rewritten to the stored ones) up to
`--resources` resources of the searched types plus the Patient. `health providers connect` (the browser step played
by the script) makes the connection; then, alternating in each round:
  - sync:  `health providers sync ID --full` into a fresh, empty database (a first download: every record inserted);
  - plain: the same requests the sync made (read from the FHIR server's access log, so exactly its searches and
           pages), replayed with Python's http.client on one keep-alive connection, bodies read and thrown away;
  - again: the same `sync --full` on the now full database (a full check: everything compared, nothing changed).
Each line gives the median time, the ratio to plain and the sync's peak RSS (wait4's ru_maxrss). `--large` then adds
resources up to that count and runs one sync and one plain replay, for the memory bound. Only the Python standard
library is needed (the rig installs its own venv).
"""
import argparse, copy, json, os, re, shutil, socket, statistics, subprocess, sys, time
import http.client, urllib.error, urllib.parse, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TESTDATA = os.environ.get("OPENHEALTHKIT_TESTDATA", os.path.join(ROOT, "..", "shared", "testdata"))
PATIENT = os.path.join(TESTDATA, "fhir-r4", "synthea-selected-patients", "Blair_Conroy_8de41d0d-0ae7-4cb6-97e2-900b07a1e4f7.json")
# ProviderSync.resourceTypes that Synthea writes (the others are searched too and come back empty).
SEARCHED = {"AllergyIntolerance", "Condition", "DiagnosticReport", "Immunization", "MedicationRequest", "Observation", "Procedure"}
REQUEST = re.compile(r'"GET (\S+) HTTP/1\.1" (\d+)')


def load():
    return "load %.2f / %.2f / %.2f" % os.getloadavg()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Rig:
    """`.ci/provider-rig` started in a folder of its own on free ports, and what it wrote to rig.json."""

    def __init__(self, folder):
        self.folder = folder
        self.env = dict(os.environ, PROVIDER_RIG_DIR=folder, FHIR_PORT=str(free_port()), AS_PORT=str(free_port()),
                        REDIRECT_PORT=str(free_port()), RIG_PATIENT_FILE=PATIENT)
        subprocess.run([os.path.join(ROOT, ".ci", "provider-rig"), "start"], env=self.env, check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(folder, "rig.json")) as file:
            self.info = json.load(file)
        self.base = self.info["fhirBase"]
        self.origin = urllib.parse.urlsplit(self.base)
        self.log = os.path.join(folder, "fhir.log")

    def stop(self):
        subprocess.run([os.path.join(ROOT, ".ci", "provider-rig"), "stop"], env=self.env, check=True)

    def post_transaction(self, entries):
        bundle = {"resourceType": "Bundle", "type": "transaction", "entry": entries}
        request = urllib.request.Request(self.base, data=json.dumps(bundle).encode(), method="POST", headers={
            "Authorization": "Bearer " + self.info["seedToken"], "Content-Type": "application/fhir+json"})
        with urllib.request.urlopen(request, timeout=600) as answer:
            return json.load(answer)

    def requests_since(self, offset):
        """The GETs the FHIR server answered after `offset` in its access log (path and query, as sent)."""
        with open(self.log, "rb") as file:
            file.seek(offset)
            text = file.read().decode("utf-8", "replace")
        return [match.group(1) for match in REQUEST.finditer(text)]

    def log_size(self):
        return os.path.getsize(self.log)


class Chart:
    """The seeded patient's clinical resources as templates for copies, with references mapped to the stored ids."""

    def __init__(self, rig):
        with open(PATIENT) as file:
            bundle = json.load(file)
        with open(os.path.join(rig.folder, "seed-response.json")) as file:
            answers = json.load(file)["entry"]
        self.stored = {}  # urn:uuid:… → Type/id on the server
        for entry, answer in zip(bundle["entry"], answers):
            location = answer["response"]["location"].split("/_history")[0]
            self.stored[entry["fullUrl"]] = "/".join(location.split("/")[-2:])
        self.templates = [entry["resource"] for entry in bundle["entry"] if entry["resource"]["resourceType"] in SEARCHED]
        self.count = 1 + len(self.templates)  # the Patient and the searched resources already stored

    def copies(self, start, count):
        """`count` copies of the templates in turn, the `start`-th first, each a POST entry."""
        entries = []
        for i in range(start, start + count):
            resource = self.rewrite(copy.deepcopy(self.templates[i % len(self.templates)]))
            resource.pop("id", None)
            resource["identifier"] = [{"system": "urn:openhealthkit:benchmark", "value": str(i)}]
            entries.append({"resource": resource, "request": {"method": "POST", "url": resource["resourceType"]}})
        return entries

    def rewrite(self, value):
        if isinstance(value, dict):
            return {key: (self.stored.get(item, item) if key == "reference" and isinstance(item, str) else self.rewrite(item))
                    for key, item in value.items()}
        if isinstance(value, list):
            return [self.rewrite(item) for item in value]
        return value

    def grow(self, rig, total, chunk=500):
        """Stores copies until the patient has `total` resources of the searched types (the Patient included)."""
        while self.count < total:
            count = min(chunk, total - self.count)
            answer = rig.post_transaction(self.copies(self.count, count))
            failed = [e for e in answer.get("entry", []) if not e.get("response", {}).get("status", "").startswith("201")]
            if failed or len(answer.get("entry", [])) != count:
                sys.exit("loading the FHIR server failed: %s" % (failed[:1] or answer)[:1])
            self.count += count


class Health:
    """The release `health` binary over databases in the benchmark's folder."""

    def __init__(self, binary, folder):
        self.binary = binary
        self.folder = folder

    def database(self, name):
        return os.path.join(self.folder, name + ".sqlite")

    def connect(self, rig):
        """`health providers connect` with --no-browser: the authorization URL opened (the test AS approves at once),
        its redirect pasted on standard input; the connection's id."""
        overrides = os.path.join(self.folder, "overrides.json")
        with open(overrides, "w") as file:
            json.dump({"endpoints": [{"address": rig.base, "discoveryURL": rig.info["discovery"]}]}, file)
        process = subprocess.Popen([self.binary, "providers", "connect", rig.base, "--client-id", rig.info["publicClient"],
                                    "--redirect-port", rig.env["REDIRECT_PORT"], "--no-browser", "--overrides", overrides,
                                    "--institution", "Benchmark Hospital", "--database", self.database("connect")],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for line in process.stdout:
            if line.startswith("Open this URL to sign in: "):
                break
        else:
            sys.exit("connect printed no sign-in URL: " + process.stderr.read())
        location = approve(line.split(": ", 1)[1].strip())
        out, err = process.communicate(location + "\n", timeout=3600)
        if process.returncode != 0:
            sys.exit("connect failed (%d): %s" % (process.returncode, err.strip()))
        return out.strip().split("\n")[-1]

    def fresh(self, name):
        """An empty database `name` with a copy of the connection (its folder beside the connect database)."""
        database = self.database(name)
        shutil.rmtree(database + ".providers", ignore_errors=True)
        for path in (database, database + "-wal", database + "-shm"):
            if os.path.exists(path):
                os.remove(path)
        shutil.copytree(self.database("connect") + ".providers", database + ".providers")
        return database

    def sync(self, connection, database):
        """`health providers sync ID --full`: seconds, peak RSS in MB and CPU seconds (user + system)."""
        errors = os.path.join(self.folder, "sync.stderr")
        with open(errors, "w") as stderr:
            began = time.perf_counter()
            process = subprocess.Popen([self.binary, "providers", "sync", connection, "--full", "--database", database],
                                       stdout=subprocess.DEVNULL, stderr=stderr)
            _, status, usage = os.wait4(process.pid, 0)
            seconds = time.perf_counter() - began
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit("sync failed: " + open(errors).read())
        return seconds, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def approve(url):
    """Where the test AS sends the browser after its instant approval (the 302's Location, not followed)."""
    try:
        urllib.request.build_opener(NoRedirect).open(url, timeout=60)
    except urllib.error.HTTPError as answer:
        if answer.code == 302:
            return answer.headers["Location"]
        raise
    sys.exit("the authorization server did not redirect")


def plain(rig, paths):
    """The same GETs with a plain HTTP client: one keep-alive connection, bodies read; seconds and bytes."""
    token = rig.info["seedToken"]
    began = time.perf_counter()
    connection = http.client.HTTPConnection(rig.origin.hostname, rig.origin.port, timeout=600)
    size = 0
    for path in paths:
        connection.request("GET", path, headers={"Authorization": "Bearer " + token, "Accept": "application/fhir+json"})
        answer = connection.getresponse()
        body = answer.read()
        if answer.status != 200:
            sys.exit("plain GET %s: %d" % (path, answer.status))
        size += len(body)
    connection.close()
    return time.perf_counter() - began, size


def measured_sync(rig, health, connection, database):
    """One sync (seconds, peak RSS, CPU seconds), with the requests it made."""
    offset = rig.log_size()
    seconds, rss, cpu = health.sync(connection, database)
    time.sleep(0.2)  # the server's last log line
    return seconds, rss, cpu, rig.requests_since(offset)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--health", default=os.path.join(ROOT, ".build", "release", "health"))
    parser.add_argument("--resources", type=int, default=5000)
    parser.add_argument("--large", type=int, default=20000, help="resources for the memory measurement (0: none)")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--keep", action="store_true", help="keep the folder and leave the rig running")
    args = parser.parse_args()
    if not os.path.exists(PATIENT):
        sys.exit("the test data is missing: %s" % PATIENT)
    folder = os.path.join(ROOT, "Benchmarks", ".data", "provider-sync-%d" % os.getpid())
    os.makedirs(folder)
    rig = Rig(os.path.join(folder, "rig"))
    try:
        chart, health = Chart(rig), Health(args.health, folder)
        began = time.perf_counter()
        chart.grow(rig, args.resources)
        print("loaded %d resources for one patient in %.0f s (%s)" % (chart.count, time.perf_counter() - began, load()), flush=True)
        connection = health.connect(rig)
        first, again, plains, rss, cpus, fetched = [], [], [], [], [[], []], None
        for round in range(args.reps):
            database = health.fresh("sync")
            seconds, peak, cpu, requests = measured_sync(rig, health, connection, database)
            fetched = fetched or requests
            if sorted(requests) != sorted(fetched):
                sys.exit("two syncs made different requests")
            first.append(seconds)
            rss.append(peak)
            cpus[0].append(cpu)
            plains.append(plain(rig, requests)[0])
            seconds, peak, cpu, _ = measured_sync(rig, health, connection, database)
            again.append(seconds)
            rss.append(peak)
            cpus[1].append(cpu)
        _, size = plain(rig, fetched)
        base = statistics.median(plains)
        print("%d resources, %d requests, %.1f MB of JSON; medians of %d rounds (%s):"
              % (chart.count, len(fetched), size / 1e6, args.reps, load()))
        print("  plain client  %.2f s" % base)
        print("  first sync    %.2f s = %.2fx plain (sync's CPU %.2f s)"
              % (statistics.median(first), statistics.median(first) / base, statistics.median(cpus[0])))
        print("  full re-sync  %.2f s = %.2fx plain, nothing changed (sync's CPU %.2f s)"
              % (statistics.median(again), statistics.median(again) / base, statistics.median(cpus[1])))
        print("  peak RSS of the sync %.0f MB" % max(rss), flush=True)
        if args.large > chart.count:
            chart.grow(rig, args.large)
            seconds, peak, _, requests = measured_sync(rig, health, connection, health.fresh("large"))
            plain_seconds, size = plain(rig, requests)
            print("%d resources, %d requests, %.1f MB of JSON (%s): first sync %.2f s = %.2fx plain (%.2f s); peak RSS %.0f MB"
                  % (chart.count, len(requests), size / 1e6, load(), seconds, seconds / plain_seconds, plain_seconds, peak))
    finally:
        if not args.keep:
            rig.stop()
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
