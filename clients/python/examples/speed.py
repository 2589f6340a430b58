"""Agent steps per second of every environment kind, random legal actions chosen in numpy.

    python examples/speed.py                      # every game, a Markdown table
    python examples/speed.py --games no_thanks --seconds 5 --sizes 1,64,1024

An agent step is one decision of one seat. Each row plays for --seconds after a short warm-up; the
vector rows also say how much of the time went to choosing the actions in numpy (the rest is the
server's engine and the pipe). Measure on an idle machine: the environments wait on a second
process, so a busy core slows them more than it slows pure Python.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from nothanks_lab.envs import random_actions

GAMES = ("no_thanks", "six_nimmt", "no_thanks_specials")


def module(name: str):
    import importlib

    return importlib.import_module(f"nothanks_lab.envs.{name}")


def aec(game: str, players: int, seconds: float) -> float:
    env = module(game).env(players=players)
    rng = np.random.default_rng(0)
    env.reset(seed=1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        env.reset()
    rate = steps / (time.perf_counter() - start)
    env.close()
    return rate


def parallel(game: str, players: int, seconds: float) -> float:
    env = module(game).parallel_env(players=players)
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = {}
        for agent, o in obs.items():
            legal = np.flatnonzero(o["action_mask"])
            if len(legal):
                actions[agent] = int(legal[rng.integers(len(legal))])
                steps += 1
        obs, *_ = env.step(actions)
        if not env.agents:
            obs, _ = env.reset()
    rate = steps / (time.perf_counter() - start)
    env.close()
    return rate


def gym(game: str, players: int, seconds: float) -> float:
    env = module(game).gym_env(opponents=["random"] * (players - 1))
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        legal = np.flatnonzero(info["action_mask"])
        obs, _, done, _, info = env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
        if done:
            obs, info = env.reset()
    rate = steps / (time.perf_counter() - start)
    env.close()
    return rate


def vector(game: str, players: int, n: int, seconds: float, copy: bool):
    venv = module(game).vector_env(n, players=players, copy=copy)
    rng = np.random.default_rng(0)
    batch = venv.reset(seed=1)
    for _ in range(10):
        batch = venv.step(random_actions(batch.mask, rng))
    steps, choosing, start = 0, 0.0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        t = time.perf_counter()
        actions = random_actions(batch.mask, rng)
        choosing += time.perf_counter() - t
        batch = venv.step(actions)
        steps += n
    elapsed = time.perf_counter() - start
    venv.close()
    return steps / elapsed, choosing / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--sizes", default="1,64,1024", help="vector env sizes N")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--views", action="store_true", help="vector env with copy=False (views of the reply)")
    args = parser.parse_args()
    print(f"| game | environment | agent steps/s | choosing actions |")
    print("|---|---|---|---|")
    for game in args.games.split(","):
        print(f"| {game} | AEC (env) | {aec(game, args.players, args.seconds):,.0f} | |", flush=True)
        if hasattr(module(game), "parallel_env"):
            print(f"| {game} | ParallelEnv | {parallel(game, args.players, args.seconds):,.0f} | |", flush=True)
        print(f"| {game} | gym_env vs {args.players - 1} x random | {gym(game, args.players, args.seconds):,.0f} | |", flush=True)
        for n in (int(x) for x in args.sizes.split(",")):
            rate, share = vector(game, args.players, n, args.seconds, not args.views)
            print(f"| {game} | vector_env N={n} | {rate:,.0f} | {100 * share:.0f}% |", flush=True)


if __name__ == "__main__":
    main()
