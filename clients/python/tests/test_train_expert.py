"""The training's expert stage (nothanks_lab.train.expert_games): the expert's games are played as
shards of one lab tournament, kept as each finishes. The shards' logs, in order, must be the
unsharded tournament's log (so a model's command names its data whatever the shard size), and a
run that stops part way must replay only the shards it had not finished."""

import argparse
import json
import os
import shutil
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


if __name__ == "__main__":
    unittest.main()
