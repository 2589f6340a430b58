"""The training's expert stage (nothanks_lab.train.expert_games): the expert's games are played as
shards of one lab tournament, kept as each finishes. The shards' logs, in order, must be the
unsharded tournament's log (so a model's command names its data whatever the shard size), and a
run that stops part way must replay only the shards it had not finished. And the command's bad
input (an empty count, a run folder that cannot be made) is one line and a non-zero exit."""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from tests.envs_support import lab  # noqa: F401  (skips without numpy, as the training needs it)

from nothanks_lab import train


class ExpertShards(unittest.TestCase):
    def setUp(self):
        self.work = Path(tempfile.mkdtemp(prefix="expert-"))
        self.args = argparse.Namespace(game="no-thanks", players=3, expert="greedy", expert_deals=5, seed=7, lab_threads=1)
        self.saved = train.EXPERT_SHARD_GAMES
        train.EXPERT_SHARD_GAMES = 2

    def tearDown(self):
        train.EXPERT_SHARD_GAMES = self.saved
        shutil.rmtree(self.work, ignore_errors=True)

    def test_shards_are_the_whole_run_and_resume_replays_only_what_is_missing(self):
        quiet = lambda *_a, **_k: None  # noqa: E731
        logs = train.expert_games(self.args, self.work, quiet)
        self.assertEqual([p.name for p in logs], ["0-of-3.jsonl", "1-of-3.jsonl", "2-of-3.jsonl"])
        sharded = "".join(p.read_text() for p in logs)
        whole = self.work / "whole.jsonl"
        train.tournament("no-thanks", 3, ["greedy"] * 3, 5, "7-expert", 1, self.work / "whole", whole)
        self.assertEqual(sharded, whole.read_text())
        self.assertEqual(len(sharded.splitlines()), 5)
        self.assertTrue(all(json.loads(line)["game"] == "no-thanks" for line in sharded.splitlines()))

        # A stop after the first shard: the finished ones stay as they are, the missing one comes back.
        os.remove(logs[1])
        before = [os.stat(logs[k]).st_mtime_ns for k in (0, 2)]
        again = train.expert_games(self.args, self.work, quiet)
        self.assertEqual([os.stat(again[k]).st_mtime_ns for k in (0, 2)], before)
        self.assertEqual("".join(p.read_text() for p in again), sharded)


class BadInput(unittest.TestCase):
    def refusal(self, *args):
        run = subprocess.run([sys.executable, "-m", "nothanks_lab.train", *args], capture_output=True, text=True, timeout=60)
        lines = run.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, run.stderr)
        return run.returncode, lines[0]

    def test_bad_flags_and_an_unusable_run_folder_are_one_line(self):
        work = Path(tempfile.mkdtemp(prefix="train-bad-"))
        self.addCleanup(shutil.rmtree, work, True)
        code, line = self.refusal("no-thanks", "--out", str(work / "run"), "--expert-deals", "0")
        self.assertEqual((code, line), (2, "python -m nothanks_lab.train: argument --expert-deals: 0 is below 1 (--help lists the flags)"))
        code, line = self.refusal("no-thanks", "--out", str(work / "run"), "--games", "many")
        self.assertEqual(code, 2)
        self.assertIn("--games: 'many' is not a whole number", line)
        (work / "file").write_text("")
        code, line = self.refusal("no-thanks", "--out", str(work / "file" / "run"))
        self.assertEqual(code, 1)
        self.assertRegex(line, r"^nothanks_lab\.train: cannot make the run folder .*/file/run: ")


if __name__ == "__main__":
    unittest.main()
