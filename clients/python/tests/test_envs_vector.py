"""The vector environment's arrays, autoreset and turn order; the tensor decoder."""

import unittest

from tests.envs_support import GAMES, module

import numpy as np

from nothanks_lab.envs import Batch, random_actions


class Vector(unittest.TestCase):
    def test_shapes_autoreset_and_rewards_on_every_game(self):
        rng = np.random.default_rng(2)
        for game in GAMES:
            with self.subTest(game=game):
                n = 8
                venv = module(game).vector_env(n, players=3)
                try:
                    d, a, p = venv.obs_size, venv.action_size, venv.players
                    batch = venv.reset(seed=4)
                    self.assertIsInstance(batch, Batch)
                    self.assertEqual(batch.obs.shape, (n, d))
                    self.assertEqual(batch.obs.dtype, np.float32)
                    self.assertEqual(batch.mask.shape, (n, a))
                    self.assertEqual(batch.mask.dtype, np.bool_)
                    self.assertEqual(batch.reward.shape, (n, p))
                    self.assertEqual(batch.deal.tolist(), list(range(n)))
                    ended = 0
                    for _ in range(3000):
                        before = batch.deal.copy()
                        batch = venv.step(random_actions(batch.mask, rng))
                        self.assertTrue(batch.mask.any(axis=1).all(), "every game always has a decision (autoreset)")
                        self.assertTrue(((batch.seat >= 0) & (batch.seat < p)).all())
                        done = batch.terminated
                        # A game that ends gets the next deal at once; its rewards are the ended game's.
                        self.assertTrue((batch.deal[done] >= n).all() and (batch.deal[done] != before[done]).all())
                        self.assertTrue((batch.deal[~done] == before[~done]).all())
                        np.testing.assert_array_equal(batch.reward[done], -batch.score[done].astype(np.float32))
                        self.assertFalse(batch.reward[~done].any())
                        ended += int(done.sum())
                        if ended >= 2 * n:
                            break
                    self.assertGreaterEqual(ended, 2 * n)
                    self.assertEqual(sorted(set(batch.deal.tolist())), sorted(batch.deal.tolist()))
                finally:
                    venv.close()

    def test_the_taker_acts_again(self):
        # No Thanks!: taking (id 1 is "take" when it is named so) keeps the turn; the seat array says so.
        venv = module("no_thanks").vector_env(4, players=3)
        try:
            take = venv.action_names.index("take")
            batch = venv.reset(seed=1)
            seats = batch.seat.copy()
            batch = venv.step(np.full(4, take))
            self.assertFalse(batch.terminated.any())
            np.testing.assert_array_equal(batch.seat, seats)
        finally:
            venv.close()

    def test_win_reward_and_views(self):
        rng = np.random.default_rng(3)
        venv = module("no_thanks").vector_env(16, players=4, reward="win", copy=False)
        try:
            batch = venv.reset(seed=1)
            for _ in range(400):
                batch = venv.step(random_actions(batch.mask, rng))
                if batch.terminated.any():
                    shares = batch.reward[batch.terminated]
                    np.testing.assert_allclose(shares.sum(axis=1), 1.0, rtol=1e-6)
        finally:
            venv.close()

if __name__ == "__main__":
    unittest.main()
