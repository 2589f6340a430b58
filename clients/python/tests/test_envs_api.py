"""PettingZoo's and Gymnasium's own conformance checks on every game's environments."""

import contextlib
import io
import unittest
import warnings

from tests.envs_support import GAMES, module

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from nothanks_lab.envs import decode


def quietly(check, *args, **kwargs):
    # The checks print progress and warn about all-zero observations (a finished game's tensor is zeros).
    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(*args, **kwargs)


class PettingZooAPI(unittest.TestCase):
    def test_api_test_on_every_game(self):
        for game in GAMES:
            with self.subTest(game=game):
                env = module(game).env()
                try:
                    quietly(api_test, env, num_cycles=1000)
                finally:
                    env.close()

    def test_seed_test_on_every_game(self):
        for game in GAMES:
            with self.subTest(game=game):
                made = []

                def make():
                    made.append(module(game).env())
                    return made[-1]

                try:
                    quietly(seed_test, make, num_cycles=100)
                finally:
                    for env in made:
                        env.close()

    def test_parallel_api_test_on_six_nimmt(self):
        env = module("six_nimmt").parallel_env()
        try:
            quietly(parallel_api_test, env, num_cycles=1000)
        finally:
            env.close()

    def test_parallel_seed_test_on_six_nimmt(self):
        # parallel_seed_test samples every agent's action without its mask: illegal ones end the game.
        made = []

        def make():
            made.append(module("six_nimmt").parallel_env(illegal=-1.0))
            return made[-1]

        try:
            quietly(parallel_seed_test, make, num_cycles=100)
        finally:
            for env in made:
                env.close()

    def test_only_envs_aec_to_parallel_can_convert_say_they_are_parallelizable(self):
        for game in GAMES:
            with self.subTest(game=game):
                # No Thanks!'s taker acts again, 6 nimmt!'s row choice is one seat's turn alone.
                self.assertFalse(module(game).raw_env.metadata["is_parallelizable"])
        self.assertTrue(module("six_nimmt").parallel_env.metadata["is_parallelizable"])

    def test_reset_with_a_seed_seeds_the_action_spaces(self):
        def samples(make, seed):
            env = make()
            try:
                env.reset(seed=seed)
                space = env.action_space(env.possible_agents[1]) if hasattr(env, "possible_agents") else env.action_space
                return [int(space.sample()) for _ in range(8)]
            finally:
                env.close()

        for make in (module("six_nimmt").raw_env, module("six_nimmt").parallel_env, lambda: module("six_nimmt").gym_env(opponents=["random"])):
            with self.subTest(make=make):
                self.assertEqual(samples(make, 5), samples(make, 5))
                self.assertEqual(samples(make, "five"), samples(make, "five"))
                self.assertNotEqual(samples(make, 5), samples(make, 6))

    def test_rules_reach_the_engine_and_decode_names_every_field(self):
        env = module("no_thanks").raw_env(players=3, chips=7, min_card=3, max_card=20, removed=2)
        try:
            self.assertEqual(env.possible_agents, ["player_0", "player_1", "player_2"])
            self.assertEqual(env.rules["startChips"], 7)
            env.reset(seed=1)
            fields = env.decode(env.observe(env.agent_selection)["observation"])
            self.assertEqual(list(fields), [f["name"] for f in env.fields])
            self.assertEqual(sum(v.size for v in fields.values()), env.obs_size)
            self.assertEqual(fields["card"].shape, (18,))  # cards 3..20
            self.assertEqual(fields["card"].sum(), 1)
            self.assertEqual(fields["current"][0], 1)  # the acting seat is block 0 of its own tensor
            self.assertAlmostEqual(float(fields["myChips"][0]), 7 / 21, places=6)
            batch = np.stack([env.observe(a)["observation"] for a in env.possible_agents])
            self.assertEqual(decode(env.fields, batch)["chips"].shape, (3, 3))
        finally:
            env.close()


class GymnasiumAPI(unittest.TestCase):
    def test_check_env_on_every_game(self):
        for game in GAMES:
            with self.subTest(game=game):
                # check_env steps with unmasked samples drawn before a reset: illegal ones end the episode.
                env = module(game).gym_env(opponents=["random", "random"], seat=1, illegal=-1.0)
                try:
                    quietly(check_env, env, skip_render_check=True)
                finally:
                    env.close()


if __name__ == "__main__":
    unittest.main()
