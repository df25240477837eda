"""Benchmark: how soon `parlour serve` answers a family, as ratios to a floor measured in the same run.

Run from the repository root (the web extra installed): ``python bench/bench_serve.py [--runs N]``
(``--tree DIR`` serves another checkout of parlour instead, e.g. to measure a version before).

Each figure starts a fresh `parlour serve --port 0 --no-browser` (parlour's disk cache warm, as
after the first use) and talks to it over loopback with urllib, as the page would:

- floor: the median time of GET /static/parlour.css (the smallest thing the server answers);
- first paint: GET / (the page) on a server just started;
- first preview: what the page does when asked to show the pack's Doublets and Chimera's Lair
  sections on A4: GET /api/document/pack?... until the PDF is ready, then GET /preview/pack/1.png;
- Today's Doublets after a restart: GET /api/doublets/daily the moment the server says it is up;
- under load: 30 different week-long Doublets daily books asked for at once (each in its own thread, as 30 tabs
  of the page would: GET /api/document until ready, then GET /pdf), then, while they are made, the Chimera's Lair referee answer, the page itself and a
  preview already made, each the median of 10 calls.

Nothing is asserted. Goals: the page, a preview already made and a referee answer within 0.3 s
while 30 builds queue.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PREVIEW = "?games=doublets,chimera&paper=a4"
REFEREE = "api/chimera/check?face=six&suit=heart&answer=shirt"
#: 30 different week-long daily books (the load of the issue's test: 30 daily downloads at once)
WEEKS = [f"from={2030 + n}-03-01&days=7" for n in range(30)]


def fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=600) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def timed(url: str) -> float:
    t0 = time.perf_counter()
    fetch(url)
    return time.perf_counter() - t0


def start_server(tree: Path) -> tuple[subprocess.Popen, str, float]:
    """A fresh server; its address and the perf_counter time it said it was up."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", "--port", "0", "--no-browser"],
        cwd=tree,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    line = proc.stderr.readline()
    up = time.perf_counter()
    m = re.search(r"(http://\S+/)", line)
    if not m:
        proc.kill()
        raise SystemExit(f"the server did not start: {line}")
    threading.Thread(target=proc.stderr.read, daemon=True).start()  # keep its pipe drained
    return proc, m.group(1), up


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()


def ready(base: str, doc: str, query: str) -> str:
    """Ask for a build and wait for it as the page does (a 202 is "still being made"); returns
    the query the server took (a version before 2026-11 called the daily's first day `date`)."""
    while True:
        status, body = fetch(f"{base}api/document/{doc}{query}")
        if status == 400 and "from=" in query:
            query = query.replace("from=", "date=")
            continue
        if status != 202:
            if status != 200:
                raise SystemExit(f"{doc}{query}: {status} {body[:200]!r}")
            return query
        time.sleep(0.1)


def download(base: str, doc: str, query: str) -> None:
    """What a tab does: ask for the build until it is ready (an older server answers only once it
    is made), then fetch the PDF."""
    query = ready(base, doc, query)
    fetch(f"{base}pdf/{doc}{query}")


def one_run(tree: Path) -> dict[str, float]:
    out: dict[str, float] = {}
    proc, base, up = start_server(tree)
    try:
        out["first paint"] = timed(base)
        t0 = time.perf_counter()
        ready(base, "pack", PREVIEW)
        status, png = fetch(f"{base}preview/pack/1.png{PREVIEW}")
        out["first preview"] = time.perf_counter() - t0
        assert status == 200 and png.startswith(b"\x89PNG"), status
        out["floor"] = statistics.median(timed(base + "static/parlour.css") for _ in range(20))
    finally:
        stop(proc)

    proc, base, up = start_server(tree)
    try:
        status, _ = fetch(base + "api/doublets/daily")
        out["Today's Doublets after a restart"] = time.perf_counter() - up
        assert status == 200, status
        ready(base, "pack", PREVIEW)  # a preview already made
        fetch(f"{base}preview/pack/1.png{PREVIEW}")
        fetch(base + REFEREE)  # the referee's word lists loaded
        tabs = [  # as 30 tabs would: the page asks for the build, then fetches the PDF
            threading.Thread(
                target=download, args=(base, "doublets-sheet", f"?seed={n}&count=12"), daemon=True
            )
            for n in range(100, 130)
        ]
        for t in tabs:
            t.start()
        time.sleep(0.5)  # the 30 requests are in
        out["referee while 30 builds queue"] = statistics.median(timed(base + REFEREE) for _ in range(10))
        out["page while 30 builds queue"] = statistics.median(timed(base) for _ in range(10))
        out["preview made, while 30 queue"] = statistics.median(
            timed(f"{base}preview/pack/1.png{PREVIEW}") for _ in range(10)
        )
        t0 = time.perf_counter()
        for t in tabs:
            t.join()
        out["the 30 builds, all done"] = time.perf_counter() - t0 + 0.5 + 3 * 10 * out["floor"]
    finally:
        stop(proc)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--tree", type=Path, default=ROOT, help="the parlour checkout to serve")
    args = ap.parse_args()
    runs = [one_run(args.tree.resolve()) for _ in range(args.runs)]
    names = list(runs[0])
    floor = statistics.median(r["floor"] for r in runs)
    print(f"serving {args.tree.resolve()}; {args.runs} run(s); median of runs")
    print(f"{'floor (GET /static/parlour.css)':<40} {floor * 1e3:9.1f} ms")
    for name in names:
        if name == "floor":
            continue
        v = statistics.median(r[name] for r in runs)
        goal = "  (goal: within 300 ms)" if "while 30" in name else ""
        print(f"{name:<40} {v * 1e3:9.1f} ms  {v / floor:9.1f}x floor{goal}")


if __name__ == "__main__":
    main()
