"""Bad input is a one-line exception, never a hang; no server process outlives its environment."""

import gc
import os
import signal
import subprocess
import sys
import textwrap
import time
import unittest

from tests.envs_support import alive, module

import numpy as np

from nothanks_lab.errors import IllegalActionError, LabError


def one_line(test, err):
    test.assertNotIn("\n", str(err))
    test.assertTrue(str(err))


class BadInput(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.env = module("no_thanks").env(players=3)

    @classmethod
    def tearDownClass(cls):
        cls.env.close()

    def test_illegal_and_out_of_range_actions(self):
        env = module("six_nimmt").env(players=3)
        try:
            env.reset(seed=1)
            mask = env.observe(env.agent_selection)["action_mask"]
            bad = int(np.flatnonzero(mask == 0)[0])
            for action in (bad, -1, env.action_space(env.agent_selection).n, 2.5, "1", None):
                with self.subTest(action=action):
                    with self.assertRaises(IllegalActionError) as caught:
                        env.step(action)
                    one_line(self, caught.exception)
            env.step(int(np.flatnonzero(mask)[0]))  # the refusals moved nothing
        finally:
            env.close()

    def test_a_parallel_step_with_one_illegal_action_plays_none(self):
        env = module("six_nimmt").parallel_env(players=3)
        try:
            observations, infos = env.reset(seed=1)
            masks = {a: o["action_mask"] for a, o in observations.items()}
            first = {a: int(np.flatnonzero(m)[0]) for a, m in masks.items()}
            bad = dict(first, player_2=int(np.flatnonzero(masks["player_2"] == 0)[0]))
            with self.assertRaises(IllegalActionError) as caught:
                env.step(bad)
            one_line(self, caught.exception)
            self.assertIn("player_2", str(caught.exception))
            # Nothing moved: every seat still chooses, and a retry plays the retried cards.
            self.assertTrue(all(info["acting"] for info in env._infos().values()))
            retry = {a: int(np.flatnonzero(m)[-1]) for a, m in masks.items()}
            env.step(retry)
            for agent, card in retry.items():
                self.assertFalse(env._mask[env._seat_of[agent], card], f"{agent} kept a card it played")
            # illegal=<reward>: the illegal agents get it, the game ends, the next reset deals anew.
            lenient = module("six_nimmt").parallel_env(players=3, illegal=-2.0)
            try:
                lenient.reset(seed=1)
                _, rewards, terminations, _, infos = lenient.step(bad)
                self.assertEqual(rewards, {"player_0": 0.0, "player_1": 0.0, "player_2": -2.0})
                self.assertTrue(all(terminations.values()))
                self.assertTrue(infos["player_2"]["illegal"])
                self.assertEqual(lenient.agents, [])
                with self.assertRaises(LabError):
                    lenient.step(first)
                observations, _ = lenient.reset()
                self.assertTrue(observations["player_0"]["action_mask"].any())
            finally:
                lenient.close()
        finally:
            env.close()

    def test_numpy_alone_runs_vector_env_and_names_the_missing_libraries(self):
        # As after `pip install clients/python` without [envs]: PettingZoo and Gymnasium unimportable.
        program = textwrap.dedent(
            """
            import sys
            sys.modules["pettingzoo"] = sys.modules["gymnasium"] = None
            import numpy as np
            from nothanks_lab import LabError
            from nothanks_lab.envs import no_thanks, random_actions
            venv = no_thanks.vector_env(2)
            batch = venv.step(random_actions(venv.reset(seed=1).mask, np.random.default_rng(0)))
            venv.close()
            for kind in ("env", "raw_env", "gym_env"):
                try:
                    getattr(no_thanks, kind)
                except LabError as err:
                    print(err)
            """
        )
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        run = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, cwd=here, timeout=60)
        self.assertEqual(run.returncode, 0, run.stderr)
        lines = run.stdout.splitlines()
        self.assertEqual(len(lines), 3, run.stdout)
        for line in lines:
            self.assertIn('is not installed: pip install "clients/python[envs]"', line)

    def test_step_after_the_end(self):
        env = self.env
        env.reset(seed=2)
        rng = np.random.default_rng(0)
        for agent in env.agent_iter():
            obs, _, term, _, _ = env.last()
            env.step(None if term else int(rng.choice(obs["action_mask"].nonzero()[0])))
        with self.assertRaises(LabError) as caught:
            env.step(0)
        one_line(self, caught.exception)
        gym = module("no_thanks").gym_env(opponents=["random", "random"])
        try:
            obs, info = gym.reset(seed=3)
            done = False
            while not done:
                _, _, done, _, info = gym.step(int(rng.choice(info["action_mask"].nonzero()[0])))
            with self.assertRaises(LabError):
                gym.step(0)
        finally:
            gym.close()
        # illegal=<reward>: an illegal action ends the episode with that reward instead.
        lenient = module("six_nimmt").gym_env(opponents=["random", "random"], illegal=-5.0)
        try:
            obs, info = lenient.reset(seed=3)
            bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
            obs, reward, done, _, info = lenient.step(bad)
            self.assertEqual((reward, done, info["illegal"]), (-5.0, True, True))
            with self.assertRaises(LabError):
                lenient.step(bad)
            obs, info = lenient.reset()
            self.assertTrue(info["action_mask"].any())
        finally:
            lenient.close()
        venv = module("no_thanks").vector_env(2)
        try:
            with self.assertRaises(LabError):
                venv.step(np.zeros(2, np.int64))
            venv.reset(seed=1)
            for actions in (np.zeros(3, np.int64), np.array([0.5, 1.0]), np.array([5, 0])):
                with self.assertRaises(IllegalActionError) as caught:
                    venv.step(actions)
                one_line(self, caught.exception)
        finally:
            venv.close()

    def test_closed_env(self):
        venv = module("no_thanks").vector_env(2)
        venv.reset(seed=1)
        venv.close()
        with self.assertRaises(LabError) as caught:
            venv.step(np.zeros(2, np.int64))
        one_line(self, caught.exception)

    def test_killed_server(self):
        env = module("six_nimmt").raw_env()
        env.reset(seed=1)
        pid = env._server._process.pid
        os.kill(pid, signal.SIGKILL)
        start = time.monotonic()
        with self.assertRaises(LabError) as caught:
            env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
            env.reset()
        self.assertLess(time.monotonic() - start, 10)
        self.assertIn("killed", str(caught.exception))
        one_line(self, caught.exception)
        env.close()

    def test_wrong_rule_settings(self):
        cases = [
            ("no_thanks", {"players": 9}),
            ("no_thanks", {"colour": "red"}),
            ("no_thanks", {"reward": "money"}),  # refused before any server starts
        ]
        for game, rules in cases:
            with self.subTest(game=game, rules=rules):
                with self.assertRaises(LabError) as caught:
                    module(game).env(**rules)
                one_line(self, caught.exception)
        # Wrong types are named before any server starts, with the type expected.
        typed = [
            (lambda: module("no_thanks").vector_env(1, players="4"), "players must be an integer, got '4'"),
            (lambda: module("no_thanks").gym_env(opponents=["random"], players="2"), "players must be an integer, got '2'"),
            (lambda: module("no_thanks").env(chips=[11]), "rule setting chips must be a number, a boolean or a string"),
            (lambda: module("no_thanks").vector_env(2, copy="no"), "copy must be True or False, got 'no'"),
            (lambda: module("no_thanks").vector_env(True), "n must be a positive integer"),
            (lambda: module("no_thanks").gym_env(opponents=["random"], seat=True), "seat must be 0..1"),
        ]
        for make, message in typed:
            with self.subTest(message=message):
                with self.assertRaises(LabError) as caught:
                    make()
                self.assertIn(message, str(caught.exception))
                one_line(self, caught.exception)
        venv = module("no_thanks").vector_env(1, players=np.int64(3))  # numpy integers are integers
        self.assertEqual(venv.players, 3)
        venv.close()
        with self.assertRaises(LabError):
            module("no_thanks").gym_env(opponents=["random"], players=4)
        with self.assertRaises(LabError) as caught:
            module("no_thanks").gym_env(opponents=["no-such-bot", "random"])
        one_line(self, caught.exception)


class NoServerLeft(unittest.TestCase):
    def test_close_and_garbage_collection_end_the_server(self):
        env = module("no_thanks").env()
        env.reset(seed=1)
        pid = env.unwrapped._server._process.pid
        self.assertTrue(alive(pid))
        env.close()
        self.assertFalse(alive(pid))
        env.close()  # again is harmless
        for call in (lambda: env.step(0), lambda: env.reset()):
            with self.assertRaises(LabError) as caught:
                call()
            one_line(self, caught.exception)
        for make in (lambda: module("no_thanks").env(), lambda: module("six_nimmt").vector_env(2), lambda: module("no_thanks").gym_env(opponents=["random", "random"])):
            env = make()
            server = env.unwrapped._server if hasattr(env, "unwrapped") else env._server
            pid = server._process.pid
            del env, server
            gc.collect()
            deadline = time.monotonic() + 10
            while alive(pid) and time.monotonic() < deadline:
                time.sleep(0.05)
            self.assertFalse(alive(pid))

    def test_the_python_process_ending_ends_the_server(self):
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        # A normal end (finalizers run) and a killed one (none run: the server sees its stdin close).
        endings = ("pass", "os.kill(os.getpid(), signal.SIGKILL)")
        children = {}
        for ending in endings:  # side by side: each waits mostly on imports and Node's start
            program = textwrap.dedent(
                f"""
                import os, signal, sys
                from nothanks_lab.envs import no_thanks
                env = no_thanks.env()
                env.reset(seed=1)
                print(env.unwrapped._server._process.pid, flush=True)
                {ending}
                """
            )
            children[ending] = subprocess.Popen([sys.executable, "-c", program], stdout=subprocess.PIPE, text=True, cwd=here)
        for ending, child in children.items():
            with self.subTest(ending=ending):
                out, _ = child.communicate(timeout=60)
                pid = int(out.split()[0])
                deadline = time.monotonic() + 10
                while alive(pid) and time.monotonic() < deadline:
                    time.sleep(0.05)
                self.assertFalse(alive(pid), f"server {pid} outlived its Python process ({ending})")


if __name__ == "__main__":
    unittest.main()
