#!/usr/bin/env python3
"""Agent steps per second of the lab's learning environments (docs/learning.md), a benchmark, not a test.

Per game (no-thanks, 6-nimmt, no-thanks-specials, 4 players by default): the PettingZoo AEC
environment (``env(players=4)``) and the vector environment (``vector_env(n, players=4)``) at
N = 1, 64 and 1024, every decision a random legal action chosen with numpy from the action mask.
With ``--peer PATH``, the same AEC loop on a pure-Python PettingZoo No Thanks! environment (a
folder holding the ``pettingzoo_no_thanks`` package, with ``env(num_players=4)``; it imports pygame:
give a folder holding that too, joined with ``:``), side by side.

An agent step is one decision of one seat: the AEC loop counts its steps that carry an action (not
the dead steps after the end); a vector step counts N. Resets are inside the timing (the AEC loop
plays whole games one after another; the vector environment resets itself). Each measurement runs
for --seconds, --runs times on one environment after a warm-up, the runs going round the rows (run
1 of every row, then run 2, ...) so that every row sees the same load; the table gives the median
(and the range). The whole run is pinned to one core (``taskset -c CORE``, re-executing itself), and so
is the lab's engine server that Python starts: "one core" holds Python and the server together.
On a shared machine the wall-clock rate depends on the other work on that core; "steps per CPU s"
divides by the CPU time actually used (this process's, plus the engine server's utime + stime
from /proc) and varies much less. "Server's CPU share" is the server's part of that CPU time, the
rest being Python (this loop, the environment, the pipe's reads and writes). Below the table: a
bare Python-Node round trip over pipes (the floor of one server call per agent step), and at the
largest N the server's vector step timed alone in Node (no pipe, no Python) beside its CPU in the
environment. --profile adds Python's cProfile at the largest N.

  npm run build && python3 scripts/env-bench.py [--runs 5] [--seconds 2] [--peer /tmp/peer-nothanks:/tmp/peer-deps]
  python3 scripts/env-bench.py --games no-thanks --kinds vector --n 1024 --profile   # where the time goes

Needs numpy and pettingzoo (clients/python/requirements-test.txt) and a built lab (npm run build).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PINNED = "ENV_BENCH_PINNED"
GAMES = {  # the lab's game id -> its module under nothanks_lab.envs
    "no-thanks": "no_thanks",
    "6-nimmt": "six_nimmt",
    "no-thanks-specials": "no_thanks_specials",
}
MASK_KEYS = ("action_mask", "action_masks", "mask", "masks", "legal_actions")

# The engine server's step alone: the vector session of `nothanks serve` (dist/src/serve) driven in
# one Node process with its frame's send a no-op, random legal actions picked in JS from its masks.
# What a step costs the server before any pipe or Python: CPU ns per agent step (the picking, a few
# per cent, timed apart and left out).
SERVER_ALONE_JS = r"""
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
const [root, gameId, players, n, seconds, runs] = process.argv.slice(1);
const dist = (p) => import(pathToFileURL(resolve(root, 'dist/src', p)).href);
const [{ gameById }, { rulesOf }, { VectorSession }, { StateFrame }] = await Promise.all([
  dist('registry.js'), dist('serve/session.js'), dist('serve/vector-session.js'), dist('serve/state-frame.js')]);
StateFrame.prototype.send = function () {};
const game = gameById(gameId);
const rules = game.makeRules(rulesOf(game, { players: Number(players) }));
const N = Number(n);
const session = new VectorSession(game, rules, { games: N, reward: 'score', autoreset: true, allSeats: false, label: 'env' }, {});
session.reset('1');
const frame = session.frame;
const A = frame.actionSize;
const actions = new Int32Array(N);
let x = 12345;
function pick() {
  for (let i = 0; i < N; i++) {
    let k = 0, chosen = 0;
    for (let a = 0; a < A; a++) if (frame.mask[i * A + a]) { k++; x = (Math.imul(x, 1103515245) + 12345) >>> 0; if ((x >>> 8) % k === 0) chosen = a; }
    actions[i] = chosen;
  }
}
function run(sec) {
  let steps = 0, pickCpu = 0;
  const c0 = process.cpuUsage(), t0 = performance.now(), end = t0 + sec * 1000;
  while (performance.now() < end) {
    const p0 = process.cpuUsage(); pick(); const p = process.cpuUsage(p0); pickCpu += p.user + p.system;
    session.step(actions); steps += N;
  }
  const c = process.cpuUsage(c0);
  return { cpuNs: ((c.user + c.system - pickCpu) * 1000) / steps, wallNs: ((performance.now() - t0) * 1e6) / steps };
}
run(Math.min(1, Number(seconds)));
const rows = Array.from({ length: Number(runs) }, () => run(Number(seconds))).sort((a, b) => a.cpuNs - b.cpuNs);
process.stdout.write(JSON.stringify({ ...rows[rows.length >> 1], frameBytes: frame.bytes.length, obsSize: frame.obsSize, actionSize: A }));
"""


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids (default: all three)")
    p.add_argument("--kinds", default="aec,vector", help="aec, vector or both (default); none with --peer: the peer only")
    p.add_argument("--n", default="1,64,1024", help="vector sizes (default 1,64,1024)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--runs", type=int, default=5, help="timed runs per measurement; the median is reported")
    p.add_argument("--seconds", type=float, default=2.0, help="length of one timed run")
    p.add_argument("--warmup", type=float, default=1.0, help="seconds played before the timed runs")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--peer", metavar="PATH", help="folder(s) (joined with %r) holding pettingzoo_no_thanks" % os.pathsep)
    p.add_argument("--core", type=int, default=0, help="the core to pin to (default 0)")
    p.add_argument("--no-pin", action="store_true", help="run where the system puts it")
    p.add_argument("--profile", action="store_true", help="cProfile a further run of each vector env at the largest N (Python's top functions)")
    p.add_argument("--no-server-alone", action="store_true",
                   help="skip timing the engine server's step alone (Node, no pipe) at the largest N, and a bare round trip")
    p.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    return p.parse_args()


# -- one core ---------------------------------------------------------------------------------


def pin(args: argparse.Namespace) -> str:
    """Pins this process (and so the servers it starts) to one core; says how."""
    if args.no_pin:
        return "not pinned (--no-pin)"
    if os.environ.get(PINNED) is None and shutil.which("taskset"):
        env = dict(os.environ, **{PINNED: str(args.core)})
        argv = ["taskset", "-c", str(args.core), sys.executable, os.path.abspath(sys.argv[0]), *sys.argv[1:]]
        os.execvpe("taskset", argv, env)
    how = "taskset -c %s" % args.core
    if os.environ.get(PINNED) is None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.core})
        how = "sched_setaffinity(%s) (no taskset)" % args.core
    if hasattr(os, "sched_getaffinity"):
        cores = sorted(os.sched_getaffinity(0))
        if len(cores) != 1:
            return "%s did not pin: cores %s" % (how, cores)
        return "%s: core %d" % (how, cores[0])
    return "not pinned (this system has neither taskset nor sched_setaffinity)"


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return "%s, %d logical cores" % (model, os.cpu_count() or 0)


def versions() -> str:
    parts = ["Python %s" % platform.python_version()]
    for name in ("numpy", "pettingzoo", "gymnasium"):
        try:
            parts.append("%s %s" % (name, importlib.import_module(name).__version__))
        except Exception:
            parts.append("%s missing" % name)
    try:
        node = subprocess.run(["node", "--version"], capture_output=True, text=True, timeout=10).stdout.strip()
        parts.append("Node %s" % node)
    except Exception:
        parts.append("no node")
    return ", ".join(parts)


def lab_commit() -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(ROOT), "log", "-1", "--format=%h %cs"], capture_output=True, text=True, timeout=10
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True, text=True, timeout=10,
        ).stdout.strip()
        return out + (" (with uncommitted changes)" if dirty else "")
    except Exception:
        return "unknown"


# -- the server's CPU time ------------------------------------------------------------------


def _children(pid: int) -> list:
    kids = []
    try:
        for tid in os.listdir("/proc/%d/task" % pid):
            try:
                kids += [int(k) for k in open("/proc/%d/task/%s/children" % (pid, tid)).read().split()]
            except OSError:
                pass
    except OSError:
        pass
    return kids


def children_cpu() -> float:
    """CPU seconds (user + system) of this process's living descendants: the engine server(s)."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total, todo, seen = 0, _children(os.getpid()), set()
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15 of stat)
        except (OSError, IndexError, ValueError):
            continue
        todo += _children(pid)
    return total / tick


# -- random legal actions in numpy --------------------------------------------------------------


def find_mask(ret, size=None):
    """The action masks [N, A] in what reset/step returned: an attribute or key named like a mask, in
    a dict, a tuple (observation dict, infos) or an object; else the only 2-D bool/uint8 array."""
    mask = _find_mask(ret, size)
    return mask[:, 0, :] if mask.ndim == 3 and mask.shape[1] == 1 else mask


def _find_mask(ret, size=None):
    import numpy as np

    for key in MASK_KEYS:
        if isinstance(ret, dict) and key in ret:
            return np.asarray(ret[key])
        if not isinstance(ret, (dict, np.ndarray)) and hasattr(ret, key):  # an object, a named tuple
            return np.asarray(getattr(ret, key))
    if isinstance(ret, (tuple, list)):
        for part in ret:
            if isinstance(part, (dict, tuple, list)) or hasattr(part, "mask") or hasattr(part, "action_mask"):
                try:
                    return _find_mask(part, size)
                except LookupError:
                    pass
        arrays = [
            x for x in ret
            if isinstance(x, np.ndarray) and x.ndim == 2 and x.dtype in (np.bool_, np.uint8, np.int8)
            and (size is None or x.shape[1] == size)
        ]
        if len(arrays) == 1:
            return arrays[0]
    raise LookupError("no action mask in %s" % type(ret).__name__)


def random_actions(mask, rng, buf):
    """One uniformly random legal action per row of mask [N, A] (argmax of uniforms on the legal ids)."""
    import numpy as np

    rng.random(out=buf)
    np.multiply(buf, mask, out=buf)  # illegal ids score 0, legal ones (0, 1)
    return buf.argmax(axis=1)


# -- the loops ----------------------------------------------------------------------------------


def aec_runner(make, seed):
    """A run function for an AEC environment: whole games, one random legal action per decision."""
    import numpy as np

    env = make()
    rng = np.random.default_rng(seed)
    state = {"seed": seed}

    def run(seconds: float):
        steps = 0
        end = time.perf_counter() + seconds
        start = time.perf_counter()
        while True:
            # Seeded once, then reset() as a training loop calls it (the lab: the next deal).
            env.reset(seed=state.pop("seed", None))
            for agent in env.agent_iter():
                obs, _reward, term, trunc, _info = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.integers(legal.size)]))
                steps += 1
            if time.perf_counter() >= end:
                return steps, time.perf_counter() - start

    return env, run


def vector_runner(make, n, seed):
    """A run function for a vector environment of n games: every call to step plays n decisions."""
    import numpy as np

    env = make()
    rng = np.random.default_rng(seed)
    ret = env.reset(seed=seed)
    mask = find_mask(ret)
    buf = np.empty(mask.shape, dtype=np.float64)
    if mask.shape[0] != n:
        raise RuntimeError("vector_env(%d) gave %d masks" % (n, mask.shape[0]))
    holder = {"mask": mask}

    def run(seconds: float):
        steps = 0
        m = holder["mask"]
        end = time.perf_counter() + seconds
        start = time.perf_counter()
        while True:
            for _ in range(8):
                m = find_mask(env.step(random_actions(m, rng, buf)))
            steps += 8 * n
            if time.perf_counter() >= end:
                holder["mask"] = m
                return steps, time.perf_counter() - start

    return env, run


# A bare round trip: Node answers each 12-byte message with 64 bytes, as synchronously as `nothanks
# serve` answers a step. The floor of an environment that asks the server once per agent step.
ECHO_JS = r"""
import { readSync, writeSync } from 'node:fs';
const inb = Buffer.alloc(12), out = Buffer.alloc(64);
for (;;) {
  let got = 0;
  while (got < 12) {
    let k;
    try { k = readSync(0, inb, got, 12 - got); } catch (e) { if (e.code === 'EAGAIN') continue; throw e; }
    if (!k) process.exit(0);
    got += k;
  }
  writeSync(1, out, 0, 64);
}
"""


def round_trip(seconds: float, runs: int) -> float:
    """Microseconds per bare Python-Node pipe round trip (median run)."""
    p = subprocess.Popen(["node", "--input-type=module", "-e", ECHO_JS], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    msg, buf = b"x" * 12, bytearray(64)
    view = memoryview(buf)

    def run(sec):
        n, start = 0, time.perf_counter()
        end = start + sec
        while True:
            for _ in range(256):
                p.stdin.write(msg)
                got = 0
                while got < 64:
                    k = p.stdout.readinto(view[got:])
                    if not k:
                        raise RuntimeError("the echo process ended")
                    got += k
            n += 256
            if time.perf_counter() >= end:
                return 1e6 * (time.perf_counter() - start) / n

    try:
        run(min(seconds, 1.0))
        return statistics.median(run(seconds) for _ in range(runs))
    finally:
        p.stdin.close()
        p.wait(timeout=10)


def timed(run, seconds):
    """One timed run: (agent steps per wall second, per CPU second, the server's share of the CPU)."""
    server0, own0 = children_cpu(), time.process_time()
    steps, wall = run(seconds)
    server, own = children_cpu() - server0, time.process_time() - own0
    cpu = max(server + own, 1e-9)
    return steps / wall, steps / cpu, server / cpu


def server_alone(game: str, players: int, n: int, seconds: float, runs: int) -> dict:
    """The engine server's vector step alone at n games (SERVER_ALONE_JS), in a Node of the same core."""
    out = subprocess.run(
        ["node", "--input-type=module", "-e", SERVER_ALONE_JS, str(ROOT), game, str(players), str(n), str(seconds), str(runs)],
        capture_output=True, text=True, timeout=120 + 3 * seconds * runs,
    )
    if out.returncode != 0:
        raise RuntimeError((out.stderr.strip().splitlines() or ["node failed"])[-1])
    return json.loads(out.stdout)


def profile(run, seconds):
    import cProfile
    import io
    import pstats

    prof = cProfile.Profile()
    prof.enable()
    run(seconds)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
    return "\n".join(line for line in out.getvalue().splitlines() if line.strip())


# -- main ---------------------------------------------------------------------------------------


def main() -> int:
    args = parse_args()
    where = pin(args)
    sys.path.insert(0, str(ROOT / "clients" / "python"))
    import numpy  # noqa: F401  (fail early, and in one line, without it)

    games = [g for g in args.games.split(",") if g]
    kinds = [k for k in args.kinds.split(",") if k]
    sizes = [int(x) for x in args.n.split(",") if x]
    for g in games:
        if g not in GAMES:
            sys.exit("unknown game %r (games: %s)" % (g, ", ".join(GAMES)))

    print("# Environment benchmark: agent steps per second, random legal actions chosen in numpy\n")
    print("- ran on: %s; %s; load average %s at the start" % (machine(), where, " ".join("%.2f" % x for x in os.getloadavg())))
    print("- %s; the lab at %s" % (versions(), lab_commit()))
    print("- %d players; %d runs of %.1f s per row after %.1f s of warm-up; median (min to max)\n"
          % (args.players, args.runs, args.seconds, args.warmup))
    sys.stdout.flush()

    rows, notes = [], []
    plan = []
    if args.peer:
        plan.append(("no-thanks", "peer", 1))
    for g in games:
        if "aec" in kinds:
            plan.append((g, "aec", 1))
        if "vector" in kinds:
            plan += [(g, "vector", n) for n in sizes]

    # Every environment is made and warmed up first, then the runs go round the rows (run 1 of every
    # row, then run 2, ...): on a shared machine every row sees the same spread of load.
    live = []
    for game, kind, n in plan:
        label = {"peer": "peer AEC (pure Python)", "aec": "AEC env()", "vector": "vector_env(%d)" % n}[kind]
        row = {"game": game, "env": label, "n": n, "kind": kind}
        rows.append(row)
        try:
            if kind == "peer":
                for path in reversed(args.peer.split(os.pathsep)):
                    sys.path.insert(0, os.path.abspath(path))
                peer = importlib.import_module("pettingzoo_no_thanks")
                env, run = aec_runner(lambda: peer.env(num_players=args.players), args.seed)
            else:
                module = importlib.import_module("nothanks_lab.envs." + GAMES[game])
                if kind == "aec":
                    env, run = aec_runner(lambda: module.env(players=args.players), args.seed)
                else:
                    env, run = vector_runner(lambda: module.vector_env(n, players=args.players), n, args.seed)
            live.append((row, env, run))
            run(args.warmup)
        except Exception as err:  # a missing environment is a row that says so, not the end of the table
            row["error"] = "%s: %s" % (type(err).__name__, str(err).splitlines()[0] if str(err) else "")
            print("  %s %s: %s" % (game, label, row["error"]), file=sys.stderr)
    live = [x for x in live if "error" not in x[0]]
    for row, _env, _run in live:
        row["samples"] = []
    for r in range(args.runs):
        for row, _env, run in live:
            try:
                row["samples"].append(timed(run, args.seconds))
            except Exception as err:
                row["error"] = "%s: %s" % (type(err).__name__, str(err).splitlines()[0] if str(err) else "")
        live = [x for x in live if "error" not in x[0]]
        print("  run %d of %d done" % (r + 1, args.runs), file=sys.stderr)
        sys.stderr.flush()
    for row, env, run in live:
        if args.profile and row["kind"] == "vector" and row["n"] == max(sizes):
            notes.append("### cProfile: %s %s, %.1f s\n\n```\n%s\n```" % (row["game"], row["env"], args.seconds, profile(run, args.seconds)))
    for row, env, run in live:
        rates = [x[0] for x in row["samples"]]
        row.update({
            "median": statistics.median(rates), "min": min(rates), "max": max(rates),
            "cpu": statistics.median(x[1] for x in row["samples"]),
            "server": statistics.median(x[2] for x in row["samples"]) if row["kind"] != "peer" else None,
        })
    for _row, env, _run in live:
        close = getattr(env, "close", None)
        if close:
            close()

    alone, trip = [], None
    if not args.no_server_alone and (("aec" in kinds) or ("vector" in kinds)):
        try:
            trip = round_trip(args.seconds, args.runs)
        except Exception as err:
            print("  bare round trip: %s" % err, file=sys.stderr)
    if "vector" in kinds and sizes and not args.no_server_alone:
        for g in games:
            try:
                alone.append((g, server_alone(g, args.players, max(sizes), args.seconds, args.runs)))
            except Exception as err:
                alone.append((g, {"error": str(err)}))

    print("| game | environment | agent steps/s | range | µs per agent step | steps per CPU s | server's CPU share |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for r in rows:
        if "error" in r:
            print("| %s | %s | not run: %s | | | | |" % (r["game"], r["env"], r["error"].replace("|", "/")))
            continue
        server = "" if r["server"] is None else "%.0f%%" % (100 * r["server"])
        print("| %s | %s | %s | %s to %s | %.2f | %s | %s |" % (
            r["game"], r["env"], "{:,.0f}".format(r["median"]), "{:,.0f}".format(r["min"]),
            "{:,.0f}".format(r["max"]), 1e6 / r["median"], "{:,.0f}".format(r["cpu"]), server))
    if trip is not None:
        print("\nThe AEC environment and vector_env(1) ask the engine server once per agent step. A bare round trip on"
              " this core (Python writes 12 bytes to a Node process that answers 64, over pipes, as the server"
              " answers a step) takes %.1f µs: %s agent steps/s at most, before any work on either side."
              % (trip, "{:,.0f}".format(1e6 / trip)))
    if alone:
        n = max(sizes)
        print("\n## Where the time goes at N = %d (CPU time per agent step, median run)\n" % n)
        print("The server's step alone: the vector session of `nothanks serve` stepped in one Node process, no pipe, no"
              " Python (its frame's send a no-op). In the environment: the same step's CPU split between the server's"
              " process (its step, reading actions, writing the frame) and Python (choosing actions in numpy, the"
              " environment's wrapper, reading the frame).\n")
        print("| game | server's step alone | server in the env | Python in the env | total CPU in the env | frame bytes per step |")
        print("|---|---:|---:|---:|---:|---:|")
        by = {(r["game"], r["n"]): r for r in rows if "error" not in r and r["env"].startswith("vector_env")}
        for g, a in alone:
            if "error" in a:
                print("| %s | not run: %s | | | | |" % (g, a["error"].replace("|", "/")))
                continue
            r = by.get((g, n))
            if r is None:
                print("| %s | %.2f µs | | | | %s |" % (g, a["cpuNs"] / 1000, "{:,}".format(a["frameBytes"])))
                continue
            total = 1e6 / r["cpu"]
            print("| %s | %.2f µs | %.2f µs | %.2f µs | %.2f µs | %s |" % (
                g, a["cpuNs"] / 1000, total * r["server"], total * (1 - r["server"]), total, "{:,}".format(a["frameBytes"])))
    for note in notes:
        print("\n" + note)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"where": where, "machine": machine(), "versions": versions(), "rows": rows,
                       "serverAlone": dict(alone), "roundTripUs": trip}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
