"""Tests of nothanks_lab.policy, a numpy function served as a bot program in the tensor encoding
(docs/protocol.md). Skipped without numpy (the bot client itself needs none)."""

import base64
import contextlib
import io
import json
import os
import unittest

try:
    import numpy as np
except ImportError:  # pragma: no cover: the system's Python in a bare CI image
    np = None

HERE = os.path.dirname(os.path.abspath(__file__))


def lab_lines(obs, mask, rules=None, sizes=None):
    """What the lab sends a tensor-encoded program: greeting, one game, one decision."""
    d, a = sizes or (len(obs), len(mask))
    return "".join(
        json.dumps(m) + "\n"
        for m in [
            {"type": "hello", "protocol": 1, "game": "no-thanks", "params": {}},
            {"type": "new-game", "id": 0, "seat": 0, "players": 3, "rules": rules or {"players": 3}, "agents": [], "random": None, "obsSize": d, "actionSize": a},
            {
                "type": "decide",
                "id": 0,
                "obs": base64.b64encode(np.asarray(obs, dtype="<f4").tobytes()).decode("ascii"),
                "mask": "".join("1" if m else "0" for m in mask),
            },
            {"type": "bye"},
        ]
    )


@unittest.skipIf(np is None, "numpy is not installed")
class Serve(unittest.TestCase):
    def play(self, fn, lines, name="p"):
        from nothanks_lab.policy import Policy, serve

        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err):
            try:
                serve(Policy(fn, name), stdin=io.StringIO(lines), stdout=out)
            except SystemExit:
                pass
        return [json.loads(line) for line in out.getvalue().splitlines()]

    def test_greets_in_the_tensor_encoding_and_answers_an_id(self):
        from nothanks_lab.policy import load

        fn, name = load(os.path.join(HERE, "first_legal.py") + ":policy")
        self.assertEqual(name, "first_legal:policy")
        seen = {}

        def spy(obs, mask):
            seen.update(obs=obs, mask=mask)
            return fn(obs, mask)

        sent = self.play(spy, lab_lines([0.25, 1.0, 0.0], [False, True, True]))
        self.assertEqual(sent[0], {"type": "hello", "protocol": 1, "name": "p", "events": False, "encoding": "tensor"})
        self.assertEqual(sent[1], {"type": "action", "action": 1})
        self.assertEqual(seen["obs"].dtype, np.float32)
        self.assertTrue(seen["obs"].flags.writeable)
        self.assertEqual(seen["obs"].tolist(), [0.25, 1.0, 0.0])
        self.assertEqual(seen["mask"].dtype, np.bool_)
        self.assertEqual(seen["mask"].tolist(), [False, True, True])

    def test_a_batched_function_gets_one_row(self):
        from nothanks_lab.policy import load

        fn, _ = load(os.path.join(HERE, "first_legal.py") + ":batched")
        shapes = []

        def spy(obs, mask):
            shapes.append((obs.shape, mask.shape))
            return fn(obs, mask)

        spy.batched = True
        sent = self.play(spy, lab_lines([0.5, 0.5], [False, False, True, False]))
        self.assertEqual(sent[1], {"type": "action", "action": 2})
        self.assertEqual(shapes, [((1, 2), (1, 4))])

    def test_wrong_answers_and_sizes_are_one_line(self):
        def half(obs, mask):
            return 1.5

        sent = self.play(half, lab_lines([0.0], [True, True]), name="half")
        self.assertEqual(sent[-1], {"type": "error", "message": "PolicyError: half returned 1.5 (float), not an integer action id"})

        def sized(obs, mask):
            return 0

        sized.obs_size = 7
        sent = self.play(sized, lab_lines([0.0], [True]), name="sized")
        self.assertRegex(sent[-1]["message"], r"^PolicyError: sized expects an observation tensor of 7, and the game's is 1 under these rules \(")

    def test_the_training_example_declares_its_weights_sizes(self):
        import tempfile

        from nothanks_lab.policy import Policy, PolicyError, load

        example = os.path.join(os.path.dirname(HERE), "examples", "train_no_thanks.py")
        with tempfile.TemporaryDirectory() as folder:
            weights = os.path.join(folder, "w.npz")
            np.savez(weights, w=np.zeros((246, 2), np.float32), b=np.zeros(2, np.float32))  # No Thanks! at 4 players
            before = os.environ.get("NO_THANKS_POLICY")
            os.environ["NO_THANKS_POLICY"] = weights
            try:
                fn, name = load(example + ":policy")
            finally:
                if before is None:
                    del os.environ["NO_THANKS_POLICY"]
                else:
                    os.environ["NO_THANKS_POLICY"] = before
        self.assertEqual((fn.obs_size, fn.action_size), (246, 2))
        policy = Policy(fn, name)
        policy.check_sizes(246, 2, {"players": 4})
        with self.assertRaisesRegex(PolicyError, r"expects an observation tensor of 246, and the game's is 184"):
            policy.check_sizes(184, 2, {"players": 3})

    def test_load_names_what_is_missing(self):
        from nothanks_lab.policy import PolicyError, load

        with self.assertRaisesRegex(PolicyError, r"has no function nope \(its functions: policy, batched\)"):
            load(os.path.join(HERE, "first_legal.py") + ":nope")
        with self.assertRaisesRegex(PolicyError, r"no Python file"):
            load(os.path.join(HERE, "missing.py"))
