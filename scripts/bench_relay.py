#!/usr/bin/env python3
"""Relay overhead of `airfit serve`'s OpenAI-compatible endpoint beside LiteLLM's proxy, in the same run.

A fake upstream (AirFitBench upstream) streams 50 tokens per request. LiteLLM 1.100.0's proxy and `airfit serve` each
relay it, pinned to core 0; the upstream and the load client (AirFitBench relay-load) run on core 1. For 1, 10 and 100
concurrent streams it prints the time to the first token added to the upstream's own (p50/p99), tokens/s, CPU per
token of the relay process, and its RSS; then the ratios against LiteLLM and the issue's goals.

usage: bench_relay.py AIRFITBENCH AIRFIT LITELLM_BIN [--seconds 10]
"""
import http.cookiejar, json, os, re, socket, subprocess, sys, tempfile, time, urllib.parse, urllib.request

BENCH, AIRFIT, LITELLM = sys.argv[1], sys.argv[2], sys.argv[3]
SECONDS = int(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 10
LEVELS = [1, 10, 100]
TICK = os.sysconf("SC_CLK_TCK")
RELAY_CORE, CLIENT_CORE = "0", "1"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url, timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return
        except Exception:
            time.sleep(0.2)
    raise SystemExit(f"{url} did not answer within {timeout} s")


def tree(pid):
    """pid and every descendant (LiteLLM may run its server in a child)."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                ppid = int(open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(entry))
            except OSError:
                pass
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo += children.get(p, [])
    return found


def cpu_seconds(pid):
    total = 0
    for p in tree(pid):
        try:
            fields = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except OSError:
            pass
    return total / TICK


def memory_mb(pid, field):
    total = 0
    for p in tree(pid):
        try:
            for line in open(f"/proc/{p}/status"):
                if line.startswith(field + ":"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def load(url, key, model, concurrency, seconds=SECONDS):
    out = subprocess.run(
        ["taskset", "-c", CLIENT_CORE, BENCH, "relay-load", "--url", url, "--key", key, "--model", model,
         "--concurrency", str(concurrency), "--seconds", str(seconds)], capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def measure(name, pid, url, key, model, direct):
    load(url, key, model, 10, 3)  # warm-up
    rows = []
    for level in LEVELS:
        before = cpu_seconds(pid)
        result = load(url, key, model, level)
        used = cpu_seconds(pid) - before
        result["cpuMsPerToken"] = used * 1000 / max(result["tokens"], 1)
        result["addedP50"] = result["ttftP50Ms"] - direct[level]["ttftP50Ms"]
        result["addedP99"] = result["ttftP99Ms"] - direct[level]["ttftP99Ms"]
        rows.append(result)
        print(f"  {name:8} {level:>3} streams: {result['tokensPerSecond']:9.0f} tokens/s, first token +{result['addedP50']:.2f} ms p50 "
              f"/ +{result['addedP99']:.2f} ms p99, {result['cpuMsPerToken']:.4f} ms CPU per token, {result['failures']} failures",
              flush=True)
    return rows, memory_mb(pid, "VmHWM"), memory_mb(pid, "RssAnon"), memory_mb(pid, "RssFile")


def start_litellm(upstream, work):
    port = free_port()
    config = os.path.join(work, "litellm.yaml")
    with open(config, "w") as f:
        f.write(f"model_list:\n  - model_name: bench\n    litellm_params:\n      model: openai/bench\n"
                f"      api_base: http://127.0.0.1:{upstream}/v1\n      api_key: sk-bench\n")
    env = dict(os.environ, LITELLM_LOCAL_MODEL_COST_MAP="True", LITELLM_LOG="ERROR")
    proc = subprocess.Popen(["taskset", "-c", RELAY_CORE, LITELLM, "--config", config, "--port", str(port), "--num_workers", "1"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wait_http(f"http://127.0.0.1:{port}/health/liveliness", 120)
    return proc, f"http://127.0.0.1:{port}/v1/chat/completions"


def start_airfit(upstream, work):
    port = free_port()
    env = dict(os.environ, AIRFIT_DATA_DIR=os.path.join(work, "airfit"), AIRFIT_PORT=str(port), AIRFIT_LOG_LEVEL="error",
               AIRFIT_SIGNUP="open")
    base = f"http://127.0.0.1:{upstream}/v1"
    subprocess.run([AIRFIT, "keys", "set", "custom", "--base-url", base], input="sk-bench-0123456789abcdef\n", text=True,
                   env=env, check=True, capture_output=True)
    proc = subprocess.Popen(["taskset", "-c", RELAY_CORE, AIRFIT, "serve"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    root = f"http://127.0.0.1:{port}"
    wait_http(root + "/health")
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def csrf(path):
        page = opener.open(root + path).read().decode()
        return re.search(r'name="_csrf" value="([^"]+)"', page).group(1)

    def post(path, fields):
        data = urllib.parse.urlencode(fields + [("_csrf", csrf(path))]).encode()
        return opener.open(urllib.request.Request(root + path, data=data)).read().decode()

    post("/setup", [("email", "bench@example.com"), ("password", "correct horse battery staple"), ("time_zone", "UTC")])
    page = post("/settings/tokens", [("name", "bench"), ("scope_openai", "1"), ("lifetime", "7")])
    token = re.search(r'value="(afp_[^"]+)"', page).group(1)
    return proc, root + "/v1/chat/completions", token


def main():
    work = tempfile.mkdtemp(prefix="airfit-relay-bench.")
    upstream = subprocess.Popen(["taskset", "-c", CLIENT_CORE, BENCH, "upstream", "--port", "0", "--tokens", "50"],
                                stdout=subprocess.PIPE, text=True)
    port = int(upstream.stdout.readline().split()[1])
    procs = [upstream]
    try:
        print(f"machine: {os.cpu_count()} cores; relay on core {RELAY_CORE}, upstream and client on core {CLIENT_CORE}; "
              f"{SECONDS} s per level, 50 tokens per stream")
        direct = {}
        for level in LEVELS:
            direct[level] = load(f"http://127.0.0.1:{port}/v1/chat/completions", "sk-bench", "bench", level)
            print(f"  upstream {level:>3} streams: first token {direct[level]['ttftP50Ms']:.2f} ms p50 / "
                  f"{direct[level]['ttftP99Ms']:.2f} ms p99", flush=True)
        lite, lite_url = start_litellm(port, work)
        procs.append(lite)
        lite_rows, lite_rss, lite_anon, lite_file = measure("LiteLLM", lite.pid, lite_url, "sk-anything", "bench", direct)
        lite.terminate()
        lite.wait(30)
        airfit, airfit_url, token = start_airfit(port, work)
        procs.append(airfit)
        air_rows, air_rss, air_anon, air_file = measure("AirFit", airfit.pid, airfit_url, token, "bench", direct)
        print(f"  peak RSS: LiteLLM {lite_rss:.0f} MB, AirFit {air_rss:.0f} MB")
        # RSS at the end split into private heap (anonymous) and mapped files (code and libraries, clean and shared).
        print(f"  RSS at the end, anonymous + file-backed: LiteLLM {lite_anon:.0f} + {lite_file:.0f} MB, "
              f"AirFit {air_anon:.0f} + {air_file:.0f} MB")
        ttft = air_rows[0]["addedP50"] / max(lite_rows[0]["addedP50"], 1e-9)
        tps = max(r["tokensPerSecond"] for r in air_rows) / max(max(r["tokensPerSecond"] for r in lite_rows), 1e-9)
        cpu = (min(r["cpuMsPerToken"] for r in air_rows)) / max(min(r["cpuMsPerToken"] for r in lite_rows), 1e-9)
        rss = air_rss / max(lite_rss, 1e-9)
        anon = air_anon / max(lite_anon, 1e-9)
        print("ratios (AirFit / LiteLLM) and goals:")
        print(f"  added time to first token at 1 stream: {ttft:.2f}  (goal ≤ 0.33)  {'met' if ttft <= 1 / 3 else 'missed'}")
        print(f"  tokens/s at saturation:               {tps:.1f}×  (goal ≥ 10×)  {'met' if tps >= 10 else 'missed'}")
        print(f"  CPU per token:                        {cpu:.3f}  (goal ≤ 0.10)  {'met' if cpu <= 0.1 else 'missed'}")
        print(f"  RSS:                                  {rss:.3f}  (goal ≤ 0.17)  {'met' if rss <= 1 / 6 else 'missed'}")
        print(f"  anonymous RSS (heap) alone:           {anon:.3f}")
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()


if __name__ == "__main__":
    main()
