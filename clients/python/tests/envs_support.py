"""What the environment tests share: the libraries (or a skip), the lab's CLI, small helpers.

Without numpy, PettingZoo or Gymnasium the environment tests skip (one reason line), unless
REQUIRE_PYTHON=1 (CI), where a missing library is a failure.
"""

import os
import subprocess
import unittest

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as err:  # pragma: no cover - depends on the machine
    if os.environ.get("REQUIRE_PYTHON") == "1":
        raise
    raise unittest.SkipTest(f"environment tests need numpy, pettingzoo and gymnasium (pip install -r requirements-test.txt): {err}")

from nothanks_lab.lab import lab_command

GAMES = ("no_thanks", "six_nimmt", "no_thanks_specials")
LAB_IDS = {"no_thanks": "no-thanks", "six_nimmt": "6-nimmt", "no_thanks_specials": "no-thanks-specials"}


def module(name):
    import importlib

    return importlib.import_module(f"nothanks_lab.envs.{name}")


def lab(*args, cwd=None, timeout=60):
    """Runs the lab's CLI; returns (exit code, stdout, stderr)."""
    r = subprocess.run(lab_command() + list(args), cwd=cwd, capture_output=True, text=True, timeout=timeout)
    return r.returncode, r.stdout, r.stderr


def alive(pid):
    """The process exists and is no zombie (a zombie's is over; its parent only has not reaped it)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ", 1)[1][0] != "Z"
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(pid, 0)
            return True
        except ProcessLookupError:
            return False


def play_random_aec(env, rng, steps=None):
    """Plays an AEC environment's game to the end with random legal actions."""
    n = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(obs["action_mask"].nonzero()[0])))
        n += 1
        if steps is not None and n >= steps:
            break
    return n
