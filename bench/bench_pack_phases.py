"""Where `parlour pack`'s CPU goes: each phase's process CPU, as a ratio to the floor measured alongside.

Run: python bench/bench_pack_phases.py [--runs N]   (prints figures; asserts nothing)

Each run is a fresh interpreter (bytecode caching on, parlour's caches warm) that times, with
process CPU: the floor's imports (click, reportlab.pdfgen.canvas), parlour's further imports, then
each section's model, its rules pages, and the drawing and writing of the whole PDF. The floor,
`python -c "import click, reportlab.pdfgen.canvas"` as a whole process, is timed in the same runs
(interleaved); each figure is the median over the runs. bench_startup.py gives the whole-process
ratio the issue's goal names; this script says where it goes.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

CHILD = r"""
import gc
import json, sys, time
T = time.process_time
t0 = T()
import click, reportlab.pdfgen.canvas
t1 = T()
from generator.commands import pack as P
from generator.games.rules import command as R
from generator import sections as S
P.pack_sections()  # imports every command module that registers a section
t2 = T()
times = {"floor imports": t1 - t0, "parlour imports": t2 - t1}
def timed(name, f):
    def g(*a, **k):
        t = T()
        try:
            return f(*a, **k)
        finally:
            times[name] = times.get(name, 0.0) + T() - t
    return g
for s in P.pack_sections():
    object.__setattr__(s, "make", timed("model: " + s.key, s.make))
P.open_with_rules = timed("rules pages (layout)", R.open_with_rules)
P.write_outputs = timed("draw and write the PDF", P.write_outputs)
t3 = T()
P.pack.main(["-o", sys.argv[1]], standalone_mode=False)
times["whole command"] = T() - t3
times["process (to here)"] = T()
print(json.dumps(times))
gc.freeze()  # as the parlour script does on its way out (generator.console)
"""


def child_cpu(argv: list[str]) -> tuple[float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(argv, capture_output=True, text=True, env=ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(proc.stderr[-400:])
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), proc.stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    py = sys.executable
    pdf = os.path.join(tempfile.mkdtemp(prefix="parlour-phases-"), "pack.pdf")
    floor_argv = [py, "-c", "import click, reportlab.pdfgen.canvas"]
    pack_argv = [py, "-c", CHILD, pdf]
    child_cpu(floor_argv)
    child_cpu(pack_argv)  # warm caches and bytecode, untimed
    floors: list[float] = []
    wholes: list[float] = []
    phases: dict[str, list[float]] = {}
    for _ in range(args.runs):
        floors.append(child_cpu(floor_argv)[0])
        cpu, out = child_cpu(pack_argv)
        wholes.append(cpu)
        for k, v in json.loads(out.strip().splitlines()[-1]).items():
            phases.setdefault(k, []).append(v)
    floor = statistics.median(floors)
    print(f"python {sys.version.split()[0]}, {args.runs} runs, median process CPU")
    print(f"{'phase':40s} {'cpu ms':>8s} {'x floor':>8s}")
    print(f"{'floor: python -c import click, canvas':40s} {floor * 1000:8.0f} {1.0:8.2f}")
    for k, v in phases.items():
        m = statistics.median(v)
        print(f"{k:40s} {m * 1000:8.0f} {m / floor:8.2f}")
    whole = statistics.median(wholes)
    print(f"{'whole process (pack, timed in-process)':40s} {whole * 1000:8.0f} {whole / floor:8.2f}")


if __name__ == "__main__":
    main()
