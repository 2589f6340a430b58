"""Rule fidelity: games played through the environments are the lab's games, record for record."""

import json
import os
import shutil
import subprocess
import tempfile
import unittest

from tests.envs_support import GAMES, LAB_IDS, lab, module, play_random_aec

import numpy as np

from nothanks_lab.envs import random_actions
from nothanks_lab.lab import lab_command


BOTS = {"no_thanks": "greedy", "six_nimmt": "heuristic", "no_thanks_specials": "value"}


def strip_agents(record):
    # The seats the client played carry the server's name for them; everything else must be equal.
    return {k: v for k, v in record.items() if k != "agents"}


class Fidelity(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="nothanks-envs-")
        # The lab's tournaments, side by side: each mostly waits on Node's start.
        cls.tournaments = {}
        for game in GAMES:
            log = os.path.join(cls.dir, f"tournament-{game}.jsonl")
            args = [
                "tournament", "--game", LAB_IDS[game], "--agents", BOTS[game], "--players", "3", "--self-play",
                "--games", "1", "--seed", "5", "--threads", "1", "--log", log, "--no-report", "--force",
                "-o", os.path.join(cls.dir, f"out-{game}"),
            ]
            cls.tournaments[game] = (log, subprocess.Popen(lab_command() + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True))
        # One AEC environment per game for every test here (each server start loads the lab).
        cls.envs = {game: module(game).env(players=3) for game in GAMES}

    @classmethod
    def tearDownClass(cls):
        for env in cls.envs.values():
            env.close()
        for _, child in cls.tournaments.values():
            if child.poll() is None:
                child.kill()
                child.wait()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def tournament_record(self, game):
        log, child = self.tournaments[game]
        _, err = child.communicate(timeout=120)
        self.assertEqual(child.returncode, 0, err)
        with open(log) as f:
            return json.loads(f.readline())

    def test_random_games_of_every_env_kind_replay_in_the_lab(self):
        rng = np.random.default_rng(1)
        path = os.path.join(self.dir, "random.jsonl")
        count = 0
        for game in GAMES:
            m = module(game)
            env = self.envs[game]
            env.reset(seed=11)
            for _ in range(2):
                play_random_aec(env, rng)
                env.unwrapped.save_record(path)
                env.reset()
            venv = m.vector_env(4, players=3)
            try:
                batch = venv.reset(seed=12)
                saved = 0
                while saved < 2:
                    batch = venv.step(random_actions(batch.mask, rng))
                    for i in np.flatnonzero(batch.terminated)[: 2 - saved]:
                        venv.save_record(path, int(i))
                        saved += 1
            finally:
                venv.close()
            count += 4
            if game == "six_nimmt":
                penv = m.parallel_env(players=3)
                try:
                    obs, _ = penv.reset(seed=13)
                    while penv.agents:
                        acts = {a: int(rng.choice(o["action_mask"].nonzero()[0])) if o["action_mask"].any() else 0 for a, o in obs.items()}
                        obs, *_ = penv.step(acts)
                    penv.save_record(path)
                finally:
                    penv.close()
                count += 1
        # One replay of every game's records (each record names its game).
        code, out, err = lab("replay", path)
        self.assertEqual(code, 0, err)
        self.assertIn(f"{count} records", out)
        self.assertIn("all legal, all results match", out)

    def test_a_tournament_record_played_through_the_env_is_the_same_record(self):
        # Every game: a deterministic built-in at three seats, deal 0 of seed 5, the tournament's first seating.
        for game in GAMES:
            bot = BOTS[game]
            with self.subTest(game=game):
                expected = self.tournament_record(game)
                env = self.envs[game]
                env.reset(seed=5)
                decisions = env.unwrapped.decisions(expected)
                for seat, action in decisions:
                    self.assertEqual(env.agent_selection, f"player_{seat}")
                    env.step(action)
                self.assertTrue(all(env.terminations.values()))
                got = env.unwrapped.record()
                self.assertEqual(strip_agents(got), strip_agents(expected))

                # The same deal with the bots inside the server at seats 1 and 2, the learner
                # at seat 0 replaying its recorded decisions: the bots must play as they did.
                genv = module(game).gym_env(opponents=[bot, bot], seat=0, players=3)
                try:
                    genv.reset(seed=5)
                    mine = [a for s, a in decisions if s == 0]
                    done = False
                    for a in mine:
                        self.assertFalse(done)
                        _, _, done, _, _ = genv.step(a)
                    self.assertTrue(done)
                    got = genv.record()
                finally:
                    genv.close()
                self.assertEqual(strip_agents(got), strip_agents(expected))
                self.assertEqual(got["agents"][1:], expected["agents"][1:])

    def test_reset_deals_the_labs_deals_in_order(self):
        # reset(seed=S) is deal 0 of S, the next reset deal 1; a vector env's game i starts at deal i.
        env = self.envs["no_thanks"].unwrapped
        venv = module("no_thanks").vector_env(3, players=3)
        try:
            env.reset(seed=3)
            first = {a: env.observe(a)["observation"].copy() for a in env.possible_agents}
            self.assertEqual(env.deal, 0)
            env.reset()
            self.assertEqual(env.deal, 1)
            second = env.observe(env.agent_selection)["observation"].copy()
            batch = venv.reset(seed=3)
            self.assertEqual(batch.deal.tolist(), [0, 1, 2])
            np.testing.assert_array_equal(batch.obs[0], first[f"player_{batch.seat[0]}"])
            np.testing.assert_array_equal(batch.obs[1], second)
        finally:
            venv.close()


if __name__ == "__main__":
    unittest.main()
