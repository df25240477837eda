"""Benchmark: parlour serve's first preview of the pack, and the referee's answers when warm.

Run from the repository root (the web extra installed): ``python bench/bench_serve.py [--runs N]``.

"First preview" starts a fresh `parlour serve --port 0 --no-browser`, loads the page, and times
what the page does when asked to show the pack: GET /api/document/pack (builds the PDF in the server) then GET
/preview/pack/1.png, from the first request to the last byte of the PNG, over loopback. Each run is
a new server (parlour's disk cache warm, as after the first use); the server's CPU time for those
two requests is read from /proc (Linux), a figure a loaded machine does not inflate. "Referee, server time" calls
each API route through Flask's test client in this process after one warm-up call (no network),
median of --calls; "over loopback" is the same against the running server with urllib.
Nothing is asserted. Goals: first preview within 2 s; referee answers within 100 ms warm.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.web.app import create_app  # noqa: E402

REFEREE = {
    "doublets solve": "/api/doublets/solve?head=cold&tail=warm",
    "doublets rung": "/api/doublets/step?from=cold&word=cord",
    "chimera check": "/api/chimera/check?face=six&suit=heart&answer=shirt",
    "chimera check (not a word)": "/api/chimera/check?face=six&suit=heart&answer=thirsx",
    "fighting-words letters": "/api/fighting-words/check?letters=trn",
    "fighting-words complete": "/api/fighting-words/check?complete=famished",
}
PACKS = {"whole pack": "", "pack, two sections": "?games=doublets,chimera&paper=a4"}


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=300) as resp:
        return resp.read()


def start_server() -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", "--port", "0", "--no-browser"],
        cwd=ROOT,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    line = proc.stderr.readline()
    m = re.search(r"(http://\S+/)", line)
    if not m:
        proc.kill()
        raise SystemExit(f"the server did not start: {line}")
    return proc, m.group(1)


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far (Linux /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def first_preview(query: str) -> tuple[float, float | None]:
    proc, base = start_server()
    try:
        fetch(base)  # the browser loads the page first
        cpu0 = cpu_seconds(proc.pid)
        t0 = time.perf_counter()
        fetch(base + "api/document/pack" + query)
        png = fetch(base + "preview/pack/1.png" + query)
        took = time.perf_counter() - t0
        cpu1 = cpu_seconds(proc.pid)
        assert png.startswith(b"\x89PNG")
        return took, None if cpu0 is None or cpu1 is None else cpu1 - cpu0
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--calls", type=int, default=200)
    args = ap.parse_args()

    for name, query in PACKS.items():
        runs = [first_preview(query) for _ in range(args.runs)]
        times = [t for t, _ in runs]
        cpus = [c for _, c in runs if c is not None]
        cpu = f", server CPU {statistics.median(cpus) * 1e3:.0f} ms" if cpus else ""
        print(
            f"first preview, {name:<19} {statistics.median(times) * 1e3:8.0f} ms median "
            f"(min {min(times) * 1e3:.0f}, max {max(times) * 1e3:.0f}{cpu}; goal 2000)"
        )

    client = create_app("127.0.0.1", 8000).test_client()
    for name, url in REFEREE.items():
        first = time.perf_counter()
        resp = client.get(url, base_url="http://127.0.0.1:8000")
        cold = time.perf_counter() - first
        assert resp.status_code == 200, resp.get_data(as_text=True)
        times = []
        for _ in range(args.calls):
            t0 = time.perf_counter()
            client.get(url, base_url="http://127.0.0.1:8000")
            times.append(time.perf_counter() - t0)
        print(
            f"referee, server time, {name:<27} {statistics.median(times) * 1e3:7.2f} ms median warm "
            f"(max {max(times) * 1e3:.1f}; first call {cold * 1e3:.0f}; goal 100)"
        )

    proc, base = start_server()
    try:
        for name, url in REFEREE.items():
            fetch(base + url.lstrip("/"))
            times = []
            for _ in range(min(args.calls, 50)):
                t0 = time.perf_counter()
                fetch(base + url.lstrip("/"))
                times.append(time.perf_counter() - t0)
            print(f"referee, over loopback, {name:<25} {statistics.median(times) * 1e3:7.2f} ms median warm")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


if __name__ == "__main__":
    main()
