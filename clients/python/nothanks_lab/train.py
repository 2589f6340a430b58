"""Training a policy and value network for a lab game: ``python -m nothanks_lab.train GAME --out DIR``.

The method (docs/learning.md, "Training"), in two stages, both on the lab's own engines:

1. **Apprentice** (expert iteration's first step, Anthony et al. 2017): the lab plays games of a
   strong built-in bot (``--expert``, default the game's Monte Carlo bot), and the network learns
   its decisions (cross-entropy on the expert's action, masked to the legal ones) and the outcome
   (the acting seat's win share, for the value head). Records become training pairs through the
   engine server's ``examples`` command.
2. **Self-play with a league** (PPO, Schulman et al. 2017; a league as in AlphaStar, Vinyals et
   al. 2019): N games at once through the engine server; in each game one seat is the learner,
   the others are drawn from the league: the apprentice, frozen (the anchor), the current
   network, or a frozen earlier one. A KL pull toward the apprentice's policy keeps the learner
   near play that beats the expert: self-play alone drifted toward play that beats only itself.
   Reward at the end of each game: the learner's win share.

Every ``--eval-every`` updates the network is exported to ONNX and played by the lab's ``net`` bot
against three copies of ``--eval-opponent`` in a lab tournament on duplicate deals: the learning
curve (``curve.csv``, ``curve.png``) is that win share with its interval, over training time.

Reproducible from ``--seed`` (torch, numpy and the deals; one torch thread by default). Ctrl-C
saves a checkpoint; ``--resume`` goes on from it. Progress: a line that updates on a terminal,
and a line every 30 seconds when piped.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any, Dict, List, Optional

import numpy as np

from .card_net import card_net_fits, make_card_net
from .errors import LabError
from .lab import lab_command
from .server import EngineServer

DEFAULTS: Dict[str, Dict[str, Any]] = {
    "no-thanks": {"expert": "mc", "opponent": "mc"},
    "6-nimmt": {"expert": "mc", "opponent": "mc"},
    "no-thanks-specials": {"expert": "value", "opponent": "mc"},
}


def _torch():
    try:
        import torch
    except ImportError:
        raise LabError("training needs torch: pip install -r clients/python/requirements-train.txt") from None
    return torch


# -- the network ---------------------------------------------------------------------------------


def make_network(obs_size: int, action_size: int, hidden: int):
    torch = _torch()
    nn = torch.nn

    class PolicyValue(nn.Module):
        """An MLP with a policy head (logits over every action id) and a value head (win share)."""

        def __init__(self) -> None:
            super().__init__()
            self.body = nn.Sequential(nn.Linear(obs_size, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
            self.policy = nn.Linear(hidden, action_size)
            self.value = nn.Linear(hidden, 1)

        def forward(self, obs):
            h = self.body(obs)
            return self.policy(h), self.value(h).squeeze(-1)

    return PolicyValue()


def masked(logits, mask):
    return logits.masked_fill(~mask, -1e9)


def export_onnx(net, obs_size: int, path: Path) -> None:
    """The network as the lab's `net` bot plays it: input `obs` [batch, D], outputs `logits`, `value`."""
    torch = _torch()
    net.eval()
    tmp = path.with_suffix(".tmp.onnx")
    with torch.no_grad(), warnings.catch_warnings():
        # The TorchScript exporter: the newer one needs onnxscript, and this MLP needs nothing newer.
        warnings.simplefilter("ignore", DeprecationWarning)
        torch.onnx.export(
            net,
            torch.zeros(1, obs_size),
            str(tmp),
            input_names=["obs"],
            output_names=["logits", "value"],
            dynamic_axes={"obs": {0: "batch"}, "logits": {0: "batch"}, "value": {0: "batch"}},
            dynamo=False,
        )
    os.replace(tmp, path)
    net.train()


# -- the lab, as a program ---------------------------------------------------------------------


def lab(*args: str) -> subprocess.CompletedProcess:
    run = subprocess.run(lab_command() + list(args), capture_output=True, text=True)
    if run.returncode != 0:
        lines = [line for line in run.stderr.splitlines() if line.strip() and "npm warn" not in line]
        raise LabError(f"the lab refused {args[0]}: {lines[-1] if lines else run.returncode}")
    return run


def tournament(
    game: str, players: int, agents: List[str], games: int, seed: str, threads: int, out: Path, log: Optional[Path] = None, shard: str = ""
) -> Dict[str, Any]:
    """A lab tournament on duplicate deals (every rotation): ``games`` deals of the table ``agents``
    (a list per seat; a bot listed again is another copy of it); its summary.json. ``shard`` ("I/N")
    plays only that shard's deals: the shards' logs, in order, are the whole run's log."""
    pool = list(dict.fromkeys(agents))
    table = ",".join(str(pool.index(a)) for a in agents)
    args = ["tournament", "--game", game, "--players", str(players), "--agents", ",".join(pool), "--table", table, "--games", str(games)]
    args += ["--seatings", "rotations", "--seed", seed, "--threads", str(threads), "--out", str(out), "--force", "--quiet"]
    if log is not None:
        args += ["--log", str(log)]
    if shard:
        args += ["--shard", shard]
    lab(*args)
    return json.loads((out / "summary.json").read_text())


# -- progress --------------------------------------------------------------------------------


class Progress:
    """One updating line on a terminal; a line every 30 seconds when piped."""

    def __init__(self) -> None:
        self.tty = sys.stderr.isatty()
        self.last = 0.0

    def __call__(self, text: str, force: bool = False) -> None:
        now = time.monotonic()
        if self.tty:
            sys.stderr.write("\r\x1b[K" + text)
            sys.stderr.flush()
        elif force or now - self.last >= 30:
            sys.stderr.write(text + "\n")
            sys.stderr.flush()
            self.last = now

    def done(self) -> None:
        if self.tty:
            sys.stderr.write("\n")


# -- stage 1: the apprentice -------------------------------------------------------------------


EXPERT_SHARD_GAMES = 100


def expert_games(args, work: Path, progress: "Progress") -> List[Path]:
    """The expert's games as logs of shards of one tournament (seed ``SEED-expert``), played or
    found in ``work/expert``: an interrupted run keeps its finished shards, and a slow expert
    (``search``) shows its progress shard by shard. In order, they are the unsharded run's log."""
    folder = work / "expert"
    folder.mkdir(exist_ok=True)
    n = -(-args.expert_deals // EXPERT_SHARD_GAMES)
    logs = [folder / f"{k}-of-{n}.jsonl" for k in range(n)]
    for k, log in enumerate(logs):
        if log.exists():
            continue
        progress(f"apprentice: the lab plays {args.expert_deals} deals of {args.expert}: shard {k + 1}/{n} ...", force=True)
        part = log.with_suffix(".part")
        agents = [args.expert] * args.players
        tournament(args.game, args.players, agents, args.expert_deals, f"{args.seed}-expert", args.lab_threads, folder / f"{k}-of-{n}", part, f"{k}/{n}")
        os.replace(part, log)
    return logs


def apprentice(args, net, optimizer, server: EngineServer, work: Path, progress: Progress) -> None:
    torch = _torch()
    records = []
    for shard in expert_games(args, work, progress):
        records += [json.loads(line) for line in shard.read_text().splitlines() if line.strip()]
    parts = [server.examples(records[i : i + 200]) for i in range(0, len(records), 200)]
    obs = torch.from_numpy(np.concatenate([p["obs"] for p in parts]))
    mask = torch.from_numpy(np.concatenate([p["mask"] for p in parts]))
    action = torch.from_numpy(np.concatenate([p["action"] for p in parts])).long()
    # The value target: the acting seat's win share in its game.
    shares = []
    for part, start in zip(parts, range(0, len(records), 200)):
        for seat, k in zip(part["seat"], part["record"]):
            winners = records[start + k]["winners"]
            shares.append(1.0 / len(winners) if seat in winners else 0.0)
    value = torch.tensor(shares, dtype=torch.float32)
    n = len(action)
    g = torch.Generator().manual_seed(args.seed)
    for epoch in range(args.expert_epochs):
        order = torch.randperm(n, generator=g)
        total = 0.0
        for i in range(0, n, 512):
            b = order[i : i + 512]
            logits, v = net(obs[b])
            loss = torch.nn.functional.cross_entropy(masked(logits, mask[b]), action[b]) + 0.5 * ((v - value[b]) ** 2).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += loss.item() * len(b)
        progress(f"apprentice: epoch {epoch + 1}/{args.expert_epochs}, {n} decisions of {len(records)} games, loss {total / n:.4f}", force=True)


# -- stage 2: self-play with a league ----------------------------------------------------------


class League:
    """The opponents of self-play: the anchor (the apprentice, frozen: a stand-in for the expert the
    curve measures against), frozen past networks, and the current one, drawn per game."""

    def __init__(self, make, size: int, anchor_share: float, self_share: float) -> None:
        self.make = make
        self.size = size
        self.anchor_share = anchor_share
        self.self_share = self_share
        self.frozen: List[Any] = []
        self.anchor: Optional[Any] = None

    def frozen_copy(self, state_dict) -> Any:
        copy = self.make()
        copy.load_state_dict(state_dict)
        copy.eval()
        return copy

    def add(self, net) -> None:
        self.frozen.append(self.frozen_copy(net.state_dict()))
        del self.frozen[: -self.size]

    def draw(self, rng) -> int:
        """Who plays a new game's other seats: -2 the anchor, -1 the current network, k the k-th frozen one."""
        r = rng.random()
        if self.anchor is not None and r < self.anchor_share:
            return -2
        if not self.frozen or rng.random() < self.self_share:
            return -1
        return int(rng.integers(0, len(self.frozen)))



def self_play(args, net, optimizer, league: League, state: Dict[str, Any], work: Path, progress: Progress, curve) -> None:
    torch = _torch()
    rng = np.random.default_rng(args.seed + state["update"])
    n = args.games
    with EngineServer(args.game, {"players": args.players}, games=n, reward="win") as env:
        s = env.reset(seed=f"{args.seed}-selfplay-{state['update']}")
        P = env.players
        learner = rng.integers(0, P, n)
        # Who plays the other seats of each game (League.draw).
        opponent = np.array([league.draw(rng) for _ in range(n)])
        trajectories: List[List[Any]] = [[] for _ in range(n)]
        started = time.monotonic()
        while state["update"] < args.updates and state["seconds"] < 60 * args.minutes:
            batch: List[Any] = []
            while len(batch) < args.batch:
                obs = torch.from_numpy(s.obs[:, 0, :].copy())
                mask = torch.from_numpy(s.mask[:, 0, :].copy())
                seat = s.seat.copy()
                actions = np.zeros(n, np.int32)
                mine = seat == learner
                with torch.no_grad():
                    logits, value = net(obs)
                    dist = torch.distributions.Categorical(logits=masked(logits, mask))
                    chosen = dist.sample()
                    logp = dist.log_prob(chosen)
                    actions[:] = chosen.numpy()
                    for k in np.unique(opponent[~mine]):
                        if k == -1:
                            continue
                        rows = np.flatnonzero((~mine) & (opponent == k))
                        lk, _ = (league.anchor if k == -2 else league.frozen[k])(obs[rows])
                        actions[rows] = torch.distributions.Categorical(logits=masked(lk, mask[rows])).sample().numpy()
                for i in np.flatnonzero(mine):
                    trajectories[i].append((obs[i], mask[i], int(actions[i]), float(logp[i]), float(value[i])))
                s = env.step(actions)
                for i in np.flatnonzero(s.ended):
                    reward = float(s.reward[i, learner[i]])
                    steps = trajectories[i]
                    # Episodic, one reward at the end, gamma = 1: GAE(lambda) over the learner's own decisions.
                    advantage = 0.0
                    for j in range(len(steps) - 1, -1, -1):
                        o, m, a, lp, v = steps[j]
                        last = j == len(steps) - 1
                        delta = (reward if last else steps[j + 1][4]) - v
                        advantage = delta + args.gae_lambda * advantage
                        batch.append((o, m, a, lp, advantage + v, advantage))
                    trajectories[i] = []
                    state["games"] += 1
                    state["wins"] += reward
                    learner[i] = rng.integers(0, P)
                    opponent[i] = league.draw(rng)
            ppo_update(args, net, optimizer, batch, league.anchor)
            state["update"] += 1
            state["seconds"] += time.monotonic() - started
            started = time.monotonic()
            progress(
                f"self-play: update {state['update']}/{args.updates}, {state['games']} games, "
                f"win share vs league {state['wins'] / max(1, state['games']):.3f}, {state['seconds'] / 60:.1f} min"
            )
            if state["update"] % args.league_every == 0:
                league.add(net)
            last = state["update"] == args.updates or state["seconds"] >= 60 * args.minutes
            if state["update"] % args.eval_every == 0 or last:
                curve(state)
                save_checkpoint(args, net, optimizer, league, state, work)


def ppo_update(args, net, optimizer, batch, anchor) -> None:
    torch = _torch()
    obs = torch.stack([b[0] for b in batch])
    mask = torch.stack([b[1] for b in batch])
    action = torch.tensor([b[2] for b in batch])
    old_logp = torch.tensor([b[3] for b in batch])
    ret = torch.tensor([b[4] for b in batch])
    adv = torch.tensor([b[5] for b in batch])
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    n = len(batch)
    # A pull toward the anchor's policy (KL(anchor || current)), as AlphaStar keeps its agents near
    # the supervised policy: self-play alone drifts to play that beats itself, not the expert.
    if anchor is not None and args.kl > 0:
        with torch.no_grad():
            anchor_logp = torch.log_softmax(masked(anchor(obs)[0], mask), -1)
    for _ in range(args.ppo_epochs):
        order = torch.randperm(n)
        for i in range(0, n, 1024):
            b = order[i : i + 1024]
            logits, value = net(obs[b])
            dist = torch.distributions.Categorical(logits=masked(logits, mask[b]))
            ratio = torch.exp(dist.log_prob(action[b]) - old_logp[b])
            clipped = torch.clamp(ratio, 1 - args.clip, 1 + args.clip)
            policy_loss = -torch.min(ratio * adv[b], clipped * adv[b]).mean()
            loss = policy_loss + 0.5 * ((value - ret[b]) ** 2).mean() - args.entropy * dist.entropy().mean()
            if anchor is not None and args.kl > 0:
                p_anchor = anchor_logp[b].exp()
                kl = (p_anchor * (anchor_logp[b] - torch.log_softmax(masked(logits, mask[b]), -1))).masked_fill(~mask[b], 0).sum(-1).mean()
                loss = loss + args.kl * kl
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), 0.5)
            optimizer.step()


# -- checkpoints and the curve -----------------------------------------------------------------


def save_checkpoint(args, net, optimizer, league: League, state, work: Path) -> None:
    torch = _torch()
    tmp = work / "checkpoint.pt.tmp"
    torch.save(
        {
            "net": net.state_dict(),
            "optimizer": optimizer.state_dict(),
            "league": [m.state_dict() for m in league.frozen],
            "anchor": None if league.anchor is None else league.anchor.state_dict(),
            "state": state,
            "torch_rng": torch.get_rng_state(),
        },
        tmp,
    )
    os.replace(tmp, work / "checkpoint.pt")


def _at_least_one(text: str) -> int:
    """An argparse type: a whole number of 1 or more (a count that cannot be empty)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is below 1")
    return value


class _OneLineParser(argparse.ArgumentParser):
    """Bad flags are one line (the usage is in --help), with argparse's exit code 2."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message} (--help lists the flags)\n")


def main(argv: Optional[List[str]] = None) -> int:
    p = _OneLineParser(prog="python -m nothanks_lab.train", description=__doc__.split("\n\n")[0])
    p.add_argument("game", choices=sorted(DEFAULTS))
    p.add_argument("--out", required=True, help="folder for the model, its checkpoint, curve and card")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hidden", type=_at_least_one, default=128)
    p.add_argument(
        "--net",
        choices=["mlp", "cards"],
        default="mlp",
        help="mlp: two hidden layers over the whole tensor; cards (6 nimmt!, base game): each card scored by the row it would join (nothanks_lab/card_net.py)",
    )
    p.add_argument("--lr", type=float, default=1e-4)
    p.add_argument("--expert", help="the bot the apprentice stage learns from (default: the game's mc or value)")
    p.add_argument("--expert-deals", type=_at_least_one, default=500, help="deals the expert plays, each at every rotation of its seats")
    p.add_argument("--expert-epochs", type=int, default=8)
    p.add_argument("--updates", type=int, default=1000, help="self-play PPO updates at most (0: the apprentice only)")
    p.add_argument("--minutes", type=float, default=60, help="training time at most (apprentice and self-play; the curve's games not counted)")
    p.add_argument("--games", type=_at_least_one, default=256, help="games played at once in self-play")
    p.add_argument("--batch", type=_at_least_one, default=16384, help="learner decisions per update")
    p.add_argument("--ppo-epochs", type=_at_least_one, default=4)
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--entropy", type=float, default=0.01)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--league-every", type=_at_least_one, default=5, help="updates between snapshots added to the league")
    p.add_argument("--league-size", type=_at_least_one, default=8)
    p.add_argument("--anchor-share", type=float, default=0.5, help="share of self-play games whose other seats are the apprentice, frozen")
    p.add_argument("--self-share", type=float, default=0.5, help="of the other games, the share whose other seats are the current network (else a past one)")
    p.add_argument("--kl", type=float, default=0.1, help="weight of the pull toward the apprentice's policy (0: none)")
    p.add_argument("--eval-every", type=_at_least_one, default=10)
    p.add_argument("--eval-opponent", help="the lab bot the curve measures against (default: mc)")
    p.add_argument("--eval-deals", type=int, default=400, help="deals of each point of the curve, each at every rotation (0: no curve)")
    p.add_argument("--lab-threads", type=_at_least_one, default=2)
    p.add_argument("--torch-threads", type=_at_least_one, default=1)
    p.add_argument("--resume", action="store_true", help="go on from the checkpoint in --out")
    p.add_argument("--defer-curve", action="store_true", help="keep snapshots only; measure the curve later with --curve")
    p.add_argument("--curve", action="store_true", help="measure the snapshots of the run in --out that are not on its curve yet, then stop")
    p.add_argument("--curve-stride", type=_at_least_one, default=1, help="with --curve: only the snapshots whose update is a multiple of this")
    args = p.parse_args(argv)
    args.expert = args.expert or DEFAULTS[args.game]["expert"]
    args.eval_opponent = args.eval_opponent or DEFAULTS[args.game]["opponent"]
    try:
        if args.curve:
            measure_curve(args, Path(args.out), Progress())
            return 0
        return train(args)
    except LabError as err:
        print(f"nothanks_lab.train: {err}", file=sys.stderr)
        return 1


def train(args) -> int:
    work = Path(args.out)
    checkpoint = work / "checkpoint.pt"
    if work.exists() and any(work.iterdir()) and not args.resume:
        raise LabError(f"{work} already holds a run: --resume goes on with it, or give another --out")
    try:
        work.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise LabError(f"cannot make the run folder {work}: {err.strerror}") from None
    torch = _torch()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.torch_threads)
    progress = Progress()
    with EngineServer(args.game, {"players": args.players}) as probe:
        obs_size, action_size = probe.obs_size, probe.action_size
        if args.net == "cards" and not card_net_fits(probe.fields, action_size):
            raise LabError("--net cards reads the base 6 nimmt! tensor: use it with 6-nimmt and its base rules")
        if args.net == "cards":
            make = lambda: make_card_net(probe.fields, obs_size, action_size, args.hidden)  # noqa: E731
        else:
            make = lambda: make_network(obs_size, action_size, args.hidden)  # noqa: E731
        net = make()
        optimizer = torch.optim.Adam(net.parameters(), lr=args.lr)
        league = League(make, args.league_size, args.anchor_share, args.self_share)
        state: Dict[str, Any] = {"update": 0, "games": 0, "wins": 0.0, "seconds": 0.0, "apprentice": False}
        if args.resume and checkpoint.exists():
            saved = torch.load(checkpoint, weights_only=False)
            net.load_state_dict(saved["net"])
            optimizer.load_state_dict(saved["optimizer"])
            league.frozen = [league.frozen_copy(sd) for sd in saved["league"]]
            if saved.get("anchor") is not None:
                league.anchor = league.frozen_copy(saved["anchor"])
            state = saved["state"]
            torch.set_rng_state(saved["torch_rng"])
            progress(f"resumed at update {state['update']}", force=True)

        def curve(st: Dict[str, Any]) -> None:
            """A snapshot of the network (snapshots/, listed in snapshots.csv), measured now unless --defer-curve."""
            snapshot = work / "snapshots" / f"update-{st['update']:05d}.onnx"
            snapshot.parent.mkdir(exist_ok=True)
            export_onnx(net, obs_size, snapshot)
            fresh = not (work / "snapshots.csv").exists()
            with open(work / "snapshots.csv", "a", newline="") as f:
                w = csv.writer(f, lineterminator="\n")
                if fresh:
                    w.writerow(["update", "minutes", "games", "model"])
                w.writerow([st["update"], round(st["seconds"] / 60, 2), st["games"], snapshot.name])
            if not args.defer_curve:
                measure_curve(args, work, progress)

        interrupted = False

        def on_interrupt(*_: Any) -> None:
            nonlocal interrupted
            interrupted = True
            raise KeyboardInterrupt

        signal.signal(signal.SIGINT, on_interrupt)
        try:
            if not state["apprentice"]:
                t0 = time.monotonic()
                apprentice(args, net, optimizer, probe, work, progress)
                state["apprentice"] = True
                league.anchor = league.frozen_copy(net.state_dict())
                state["seconds"] += time.monotonic() - t0
                curve(state)
                save_checkpoint(args, net, optimizer, league, state, work)
            if args.updates > 0:
                self_play(args, net, optimizer, league, state, work, progress, curve)
        except KeyboardInterrupt:
            progress.done()
            save_checkpoint(args, net, optimizer, league, state, work)
            print(f"interrupted: checkpoint saved in {checkpoint}; --resume goes on", file=sys.stderr)
            return 130
    progress.done()
    export_onnx(net, obs_size, work / "model.onnx")
    print(f"model: {work / 'model.onnx'}; curve: {work / 'curve.csv'}", file=sys.stderr)
    return 0


def measure_curve(args, work: Path, progress: Progress) -> None:
    """Plays every snapshot not yet on the curve against the evaluation field (a lab tournament each)."""
    if args.eval_deals == 0:
        return
    curve_file = work / "curve.csv"
    done = {r["update"] for r in csv.DictReader(open(curve_file))} if curve_file.exists() else set()
    for snap in csv.DictReader(open(work / "snapshots.csv")):
        if snap["update"] in done or int(snap["update"]) % args.curve_stride != 0:
            continue
        model = work / "snapshots" / snap["model"]
        summary = tournament(
            args.game,
            args.players,
            [f"net:model={model}"] + [args.eval_opponent] * (args.players - 1),
            args.eval_deals,
            f"{args.seed}-eval",
            args.lab_threads,
            work / "eval-run",
        )
        row = next(a for a in summary["agents"] if a["agent"].startswith("net"))
        fresh = not curve_file.exists()
        with open(curve_file, "a", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            if fresh:
                w.writerow(["update", "minutes", "games", "win_share", "lo", "hi", "eval_deals", "opponent"])
            w.writerow([snap["update"], snap["minutes"], snap["games"], row["winShare"], row["winShareCI"][0], row["winShareCI"][1], args.eval_deals, args.eval_opponent])
        lo, hi = row["winShareCI"]
        progress(f"curve: update {snap['update']} ({snap['minutes']} min): win share {row['winShare']:.3f} [{lo:.3f}, {hi:.3f}] against {args.eval_opponent} x{args.players - 1}", force=True)
        plot_curve(curve_file, work / "curve.png", args)


def plot_curve(csv_file: Path, png: Path, args) -> None:
    """The learning curve as a chart (matplotlib, when installed)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    rows = list(csv.DictReader(open(csv_file)))
    x = [float(r["minutes"]) for r in rows]
    y = [float(r["win_share"]) for r in rows]
    lo = [float(r["lo"]) for r in rows]
    hi = [float(r["hi"]) for r in rows]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.fill_between(x, lo, hi, alpha=0.25, label="95% interval (Wilson)")
    ax.plot(x, y, marker="o", label=f"net vs {args.eval_opponent} x{args.players - 1}")
    ax.axhline(1 / args.players, color="grey", linestyle="--", label="parity")
    ax.set_xlabel("training time (minutes)")
    ax.set_ylabel("win share")
    deals = sorted({int(r["eval_deals"]) for r in rows})
    per_point = f"{deals[0]}" if len(deals) == 1 else f"{deals[0]} to {deals[-1]}"
    ax.set_title(f"{args.game}, {args.players} players: {per_point} deals per point, every rotation", fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    tmp = png.with_suffix(".tmp.png")
    fig.savefig(tmp, dpi=120)
    plt.close(fig)
    os.replace(tmp, png)


if __name__ == "__main__":
    sys.exit(main())
