#!/usr/bin/env python3
"""The speed targets of `health serve` (issues 20 and 21), measured over loopback against a release build.

    swift build -c release --product health                       # once, at the repository root
    python3 Benchmarks/server/serve_bench.py ingest                # (a) batches of 1,000 quantity samples, SQLite
    python3 Benchmarks/server/serve_bench.py ingest --postgres "$(cat .build/postgres/url)"   # (a) on PostgreSQL
    python3 Benchmarks/server/serve_bench.py reads                 # (b) wrk, mixed reads at 1,000 requests/s
    python3 Benchmarks/server/serve_bench.py sse                   # (c) commit to Server-Sent Event
    python3 Benchmarks/server/serve_bench.py people                # (d) 1,000 people: RSS and open files

Each run starts its own `health serve` on a free port over a fresh data folder in Benchmarks/.data/serve-*
(removed at the end unless --keep), drives it, stops it with SIGTERM and prints one line per figure with the load
average. Only the Python standard library and `wrk` (Debian's package) are needed.
"""
import argparse, hashlib, http.client, json, os, random, re, secrets, shutil, signal, socket, sqlite3
import subprocess, sys, threading, time, uuid

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STEPS, HEART = "HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierHeartRate"
DAY0 = 1_767_225_600  # 2026-01-01T00:00:00Z


def iso(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + ".000Z"


def load():
    return "load %.2f / %.2f / %.2f" % os.getloadavg()


class Server:
    """A `health serve` process over its own data folder."""

    def __init__(self, args, name):
        self.health = args.health
        self.folder = os.path.join(ROOT, "Benchmarks", ".data", "serve-%s-%d" % (name, os.getpid()))
        shutil.rmtree(self.folder, ignore_errors=True)
        os.makedirs(self.folder)
        self.keep = args.keep
        self.postgres = getattr(args, "postgres", None)
        self.process = None

    def cli(self, *arguments, stdin=None):
        done = subprocess.run([self.health, *arguments, "--data", self.folder], input=stdin, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit("health %s failed: %s" % (" ".join(arguments), done.stderr.strip()))
        return done.stdout.strip()

    def person(self, name):
        """An account made by `health users add` (bcrypt) and its personal token."""
        self.cli("users", "add", name, stdin="benchmark password %s\n" % name)
        return self.cli("tokens", "create", name)

    def start(self, rate_limit=None):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        command = [self.health, "serve", "--data", self.folder, "--port", str(self.port)]
        if self.postgres:
            command += ["--postgres", self.postgres]
        if rate_limit:
            command += ["--rate-limit", str(rate_limit)]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        if "serving" not in line:
            sys.exit("health serve did not start: %r" % line)
        return self

    def cpu_seconds(self):
        """The server's CPU time so far (user and system), from /proc."""
        with open("/proc/%d/stat" % self.process.pid) as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def connection(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)

    def stop(self):
        if self.process:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=60)
        if not self.keep:
            shutil.rmtree(self.folder, ignore_errors=True)


def request(connection, method, path, token, body=None):
    headers = {"Authorization": "Bearer " + token}
    if body is not None:
        headers["Content-Type"] = "application/json"
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    data = response.read()
    if response.status != 200:
        sys.exit("%s %s: %d %s" % (method, path, response.status, data[:300]))
    return data


ORDERED = [False]
SEQUENCE = [0]


def new_uuid():
    """A random UUID (as HealthKit's), or with --ordered-uuids a time-ordered one (version 7's layout)."""
    if not ORDERED[0]:
        return str(uuid.uuid4())
    SEQUENCE[0] += 1
    milliseconds, counter = int(time.time() * 1000) & ((1 << 48) - 1), SEQUENCE[0]
    value = (milliseconds << 80) | (7 << 76) | (((counter >> 62) & 0xFFF) << 64) | (2 << 62) | (counter & ((1 << 62) - 1))
    return str(uuid.UUID(int=value))


def batch(kind, start, count, step=60):
    """A save body of `count` quantity samples of `kind` one `step` apart from `start` (fresh UUIDs)."""
    samples = []
    for i in range(count):
        begin = start + i * step
        if kind == STEPS:
            samples.append({"uuid": new_uuid(), "type": STEPS, "quantity": {"value": (i * 7) % 120, "unit": "count"},
                            "startDate": iso(begin), "endDate": iso(begin + step)})
        else:
            samples.append({"uuid": new_uuid(), "type": HEART, "quantity": {"value": 55 + (i * 13) % 90, "unit": "count/min"},
                            "startDate": iso(begin), "endDate": iso(begin)})
    return json.dumps({"samples": samples}).encode()


def ingest(args):
    """(a) Batches of 1,000 step samples posted by `--clients` connections at once; samples stored a second."""
    server = Server(args, "ingest")
    try:
        token = server.person("ingest")
        server.start()
        bodies = [batch(STEPS, DAY0 + i * 60_000, 1000) for i in range(args.batches)]
        queue, lock, failures = list(range(len(bodies))), threading.Lock(), []

        def client():
            connection = server.connection()
            while True:
                with lock:
                    if not queue:
                        return
                    index = queue.pop()
                try:
                    answer = json.loads(request(connection, "POST", "/v1/samples", token, bodies[index]))
                    if len(answer["saved"]) != 1000:
                        failures.append("batch %d saved %d" % (index, len(answer["saved"])))
                except SystemExit as error:
                    failures.append(str(error))

        request(server.connection(), "POST", "/v1/samples", token, batch(STEPS, DAY0 - 86_400, 1000))  # warm-up
        began = time.perf_counter()
        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seconds = time.perf_counter() - began
        if failures:
            sys.exit("failures: %s" % failures[:3])
        stored = json.loads(request(server.connection(), "GET", "/v1/statistics?type=stepCount&options=cumulativeSum", token))
        expected = (len(bodies) + 1) * sum((i * 7) % 120 for i in range(1000))
        found = stored["statistics"][0].get("sum")
        if found != expected:
            sys.exit("the store's step sum is %s, not %d: samples were lost" % (found, expected))
        engine = ("PostgreSQL" if server.postgres else "SQLite") + (", time-ordered UUIDs" if ORDERED[0] else ", random UUIDs")
        print("ingest %s: %d samples in %d batches of 1,000 by %d clients: %.2f s = %.0f samples/s stored (every one "
              "counted in the store's sum; %s)" % (engine, len(bodies) * 1000, len(bodies), args.clients, seconds,
                                                   len(bodies) * 1000 / seconds, load()))
    finally:
        server.stop()


WRK_SCRIPT = r"""
-- The read mix: sample queries, daily statistics collections and anchored changes, each person's token in turn.
local tokens = {%(tokens)s}
local anchors = {%(anchors)s}
local paths = {
  "/v1/samples?type=heartRate&start=2026-01-20T00:00:00Z&end=2026-01-21T00:00:00Z&sort=-startDate&limit=100",
  "/v1/statistics?type=stepCount&options=cumulativeSum&interval=day&start=2026-01-01T00:00:00Z&end=2026-02-01T00:00:00Z",
  "/v1/changes?type=stepCount&limit=100&anchor=",
}
local counter = 0
local delay_ms = %(delay)d
function request()
  counter = counter + 1
  local who = (counter %% #tokens) + 1
  local kind = (counter %% 3) + 1
  local path = paths[kind]
  if kind == 3 then path = path .. anchors[who] end
  return wrk.format("GET", path, {["Authorization"] = "Bearer " .. tokens[who]})
end
function delay() return delay_ms end
"""


def reads(args):
    """(b) wrk drives the read mix at about `--rate` requests a second; p99 and errors from wrk's own report."""
    server = Server(args, "reads")
    try:
        tokens = [server.person("reader%d" % i) for i in range(args.people)]
        server.start()
        anchors = []
        for token in tokens:
            connection = server.connection()
            for day in range(31):  # a month of minute steps and heart rate every 5 minutes
                request(connection, "POST", "/v1/samples", token, batch(STEPS, DAY0 + day * 86_400, 1440))
                request(connection, "POST", "/v1/samples", token, batch(HEART, DAY0 + day * 86_400, 288, step=300))
            page = json.loads(request(connection, "GET", "/v1/changes?type=stepCount&limit=10000", token))
            anchors.append(page["anchor"])  # changes after the first 10,000: a page of 100 each time
        script = os.path.join(server.folder, "mix.lua")
        with open(script, "w") as file:
            file.write(WRK_SCRIPT % {"tokens": ", ".join('"%s"' % t for t in tokens),
                                     "anchors": ", ".join('"%s"' % a for a in anchors),
                                     "delay": args.connections * 1000 // args.rate})
        base = "http://127.0.0.1:%d" % server.port
        subprocess.run(["wrk", "-t2", "-c%d" % args.connections, "-d5s", "-s", script, base], capture_output=True)  # warm-up
        before, cpu = load(), server.cpu_seconds()
        done = subprocess.run(["wrk", "-t2", "-c%d" % args.connections, "-d%ds" % args.seconds, "--latency", "-s", script, base],
                              capture_output=True, text=True)
        print(done.stdout)
        rate = re.search(r"Requests/sec:\s+([\d.]+)", done.stdout)
        p99 = re.search(r"99%\s+([\d.]+\w+)", done.stdout)
        errors = re.search(r"Non-2xx or 3xx responses: (\d+)", done.stdout)
        socket_errors = re.search(r"Socket errors: (.*)", done.stdout)
        cpu = server.cpu_seconds() - cpu
        count = re.search(r"(\d+) requests in", done.stdout)
        # The server's CPU per request is steady when other processes share the cores; requests/s is not.
        per_thousand = "%.2f" % (cpu * 1000 / int(count.group(1))) if count else "?"
        print("reads: %s requests/s, p99 %s, non-2xx %s, socket errors %s, server %s CPU-s per 1,000 requests "
              "(%d people, %d connections; before: %s; after: %s)"
              % (rate.group(1) if rate else "?", p99.group(1) if p99 else "?", errors.group(1) if errors else "0",
                 socket_errors.group(1) if socket_errors else "none", per_thousand, args.people, args.connections, before, load()))
    finally:
        server.stop()


def sse(args):
    """(c) From just before a save is sent to the stream's event carrying it, `--trials` times."""
    server = Server(args, "sse")
    try:
        token = server.person("watcher")
        server.start()
        stream = socket.create_connection(("127.0.0.1", server.port))
        stream.sendall(("GET /v1/changes/stream?type=stepCount HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer %s\r\n\r\n"
                        % token).encode())
        reader = stream.makefile("rb")
        events, arrived = {}, threading.Condition()

        def listen():
            data = []
            for line in reader:
                line = line.decode().rstrip("\r\n")
                if line.startswith("data: "):
                    data.append(line[6:])
                elif line == "" and data:
                    now = time.perf_counter()
                    text = "".join(data)
                    data = []
                    for found in re.findall(r'"uuid":"([0-9A-Fa-f-]{36})"', text):
                        with arrived:
                            events[found.lower()] = now
                            arrived.notify_all()

        threading.Thread(target=listen, daemon=True).start()
        connection, latencies = server.connection(), []
        time.sleep(0.5)
        for trial in range(args.trials):
            body = batch(STEPS, DAY0 + trial * 600, 1)
            key = json.loads(body)["samples"][0]["uuid"]
            sent = time.perf_counter()
            request(connection, "POST", "/v1/samples", token, body)
            with arrived:
                if not arrived.wait_for(lambda: key in events, timeout=10):
                    sys.exit("trial %d: no event within 10 s" % trial)
            latencies.append((events[key] - sent) * 1000)
            time.sleep(0.05)
        latencies.sort()
        print("sse: save sent -> event received over %d trials: median %.1f ms, p90 %.1f ms, max %.1f ms (%s)"
              % (len(latencies), latencies[len(latencies) // 2], latencies[int(len(latencies) * 0.9)], latencies[-1], load()))
        # The stream ends when its client goes: `health serve` waits for requests in flight when it stops.
        stream.shutdown(socket.SHUT_RDWR)
        stream.close()
    finally:
        server.stop()


def process_figures(pid, folder):
    with open("/proc/%d/status" % pid) as status:
        rss = int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1)) // 1024
    descriptors = os.listdir("/proc/%d/fd" % pid)
    stores = set()
    for descriptor in descriptors:
        try:
            target = os.readlink("/proc/%d/fd/%s" % (pid, descriptor))
        except OSError:
            continue
        if target.startswith(os.path.join(folder, "people") + "/"):
            stores.add(target.split("/people/")[1].split("/")[0])
    return rss, len(descriptors), len(stores)


def people(args):
    """(d) `--people` people, each with a store: every one saves 100 samples and reads them, twice round; the
    server's RSS, open descriptors and open stores after every 100 people."""
    server = Server(args, "people")
    try:
        server.cli("users", "list")  # creates server.sqlite with its tables
        tokens = []
        with sqlite3.connect(os.path.join(server.folder, "server.sqlite")) as db:
            # Accounts written straight into the directory (bcrypt at cost 12 would take minutes for 1,000): rows as
            # ServerDirectory writes them, a password that cannot sign in, and a personal token each.
            for i in range(args.people):
                person, secret = str(uuid.uuid4()), "ohk_p_" + secrets.token_urlsafe(32)
                db.execute("INSERT INTO person VALUES (?, ?, '!', 0, ?)", (person, "person%04d" % i, time.time()))
                db.execute("INSERT INTO token VALUES (?, 'personal', ?, NULL, 'bench', '', ?, NULL)",
                           (hashlib.sha256(secret.encode()).hexdigest(), person, time.time()))
                tokens.append(secret)
        server.start()
        body_of = lambda i: batch(HEART, DAY0 + i * 86_400, 100, step=300)
        print("people: %d people, stores opened on demand (default: at most 256 open)" % args.people)
        for round_ in (1, 2):
            began = time.perf_counter()
            connection = server.connection()
            for i, token in enumerate(tokens):
                request(connection, "POST", "/v1/samples", token, body_of(i) if round_ == 1 else batch(HEART, DAY0 + i * 86_400 + 50_000, 100, step=300))
                request(connection, "GET", "/v1/samples?type=heartRate&limit=10", token)
                if (i + 1) % 100 == 0:
                    rss, fds, stores = process_figures(server.process.pid, server.folder)
                    print("  round %d, %4d people: RSS %4d MB, %4d open descriptors, %3d stores open"
                          % (round_, i + 1, rss, fds, stores))
            print("  round %d: %.1f s (%s)" % (round_, time.perf_counter() - began, load()))
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["ingest", "reads", "sse", "people"])
    parser.add_argument("--health", default=os.path.join(ROOT, ".build", "release", "health"))
    parser.add_argument("--postgres", help="serve every store from this PostgreSQL URL (ingest)")
    parser.add_argument("--batches", type=int, default=200, help="ingest: batches of 1,000")
    parser.add_argument("--clients", type=int, default=4, help="ingest: concurrent connections")
    parser.add_argument("--rate", type=int, default=1000, help="reads: requests a second wrk aims at")
    parser.add_argument("--connections", type=int, default=20, help="reads: wrk connections")
    parser.add_argument("--seconds", type=int, default=30, help="reads: how long wrk runs")
    parser.add_argument("--trials", type=int, default=100, help="sse: saves timed")
    parser.add_argument("--people", type=int, default=None, help="people (reads: 8; people: 1,000)")
    parser.add_argument("--keep", action="store_true", help="keep the data folder")
    parser.add_argument("--ordered-uuids", action="store_true", help="time-ordered UUIDs instead of random ones")
    args = parser.parse_args()
    ORDERED[0] = args.ordered_uuids
    if args.people is None:
        args.people = 1000 if args.command == "people" else 8
    if not os.access(args.health, os.X_OK):
        sys.exit("no health binary at %s: swift build -c release --product health" % args.health)
    print("%s, %s, %d cores, %s" % (args.command, time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), os.cpu_count(), load()))
    {"ingest": ingest, "reads": reads, "sse": sse, "people": people}[args.command](args)


if __name__ == "__main__":
    main()
