"""The card network's features (nothanks_lab/card_net.py), checked against the rules by brute
force on positions of random 6 nimmt! games from the engine server: for every card slot, the row
it would join (the highest last card below it), that row's length and bullheads, the unseen and
own cards in the gap, and whether the card is below every row or takes its row. Skipped without
torch (src/net/torch-model.test.ts runs it, and requires it in CI)."""

import os
import unittest

try:
    import numpy as np
    import torch
except ImportError:  # pragma: no cover: torch is the training's, not the environments'
    torch = None

REQUIRED = os.environ.get("REQUIRE_TORCH") == "1"


@unittest.skipIf(torch is None and not REQUIRED, "torch is not installed")
class CardFeatures(unittest.TestCase):
    def positions(self, players=4, games=16, steps=120):
        from nothanks_lab.server import EngineServer

        rng = np.random.default_rng(5)
        rows = []
        with EngineServer("6-nimmt", {"players": players}, games=games) as server:
            fields = server.fields
            s = server.reset(seed=11)
            for _ in range(steps):
                rows.append(s.obs[:, 0].copy())
                legal = [np.flatnonzero(m[0]) for m in s.mask]
                s = server.step([rng.choice(ids) for ids in legal])
        return fields, server.action_size, np.concatenate(rows)

    def test_features_follow_the_rules(self):
        from nothanks_lab.card_net import make_card_net

        fields, actions, obs = self.positions()
        at = {f["name"]: (f["offset"], f["length"]) for f in fields}
        net = make_card_net(fields, obs.shape[1], actions, 16)
        with torch.no_grad():
            got = net.card_features(torch.from_numpy(obs)).numpy()
        m = at["hand"][1]

        def field(row, name):
            o, n = at[name]
            return row[o : o + n]

        checked = 0
        for row, feats in zip(obs, got):
            hand = field(row, "hand") > 0.5
            seen = field(row, "seen") > 0.5
            ends = np.rint(field(row, "rowEnds") * m).astype(int)
            lengths = field(row, "rowLengths")
            bulls = field(row, "rowBullheads")
            if ends.min() == 0:
                continue  # between rounds: no rows to join
            for c in range(1, m + 1):
                f = feats[c - 1]
                under = [r for r in range(4) if ends[r] < c]
                joins = bool(under)
                self.assertEqual(f[3], float(joins), (c, ends))
                self.assertEqual(f[10], float(not joins))
                if joins:
                    r = max(under, key=lambda r: ends[r])
                    gap = range(ends[r] + 1, c)
                    unseen = sum(1 for k in gap if not hand[k - 1] and not seen[k - 1])
                    mine = sum(1 for k in gap if hand[k - 1])
                    self.assertAlmostEqual(f[4], ends[r] / m, places=5)
                    self.assertAlmostEqual(f[5], (c - ends[r]) / m, places=5)
                    self.assertAlmostEqual(f[6], lengths[r], places=5)
                    self.assertAlmostEqual(f[7], bulls[r], places=5)
                    self.assertAlmostEqual(f[8] * 10, unseen, places=3)
                    self.assertAlmostEqual(f[9] * 10, mine, places=3)
                    self.assertEqual(f[12], float(lengths[r] > 0.99))
                else:
                    self.assertAlmostEqual(f[11], bulls.min(), places=5)
                    self.assertEqual(f[12], 0.0)
                self.assertEqual(f[1], float(hand[c - 1]))
                self.assertEqual(f[2], float(seen[c - 1]))
                checked += 1
        # Most positions have rows: the check ran on thousands of (position, card) pairs.
        self.assertGreater(checked, 100 * m)

    def test_it_fits_the_base_game_only(self):
        from nothanks_lab.card_net import card_net_fits
        from nothanks_lab.server import EngineServer

        for game, rules, fits in [("6-nimmt", {"players": 4}, True), ("6-nimmt", {"players": 3, "variant": "pro"}, False), ("no-thanks", {"players": 4}, False)]:
            with EngineServer(game, rules) as server:
                self.assertEqual(card_net_fits(server.fields, server.action_size), fits, (game, rules))


if __name__ == "__main__":
    unittest.main()
