"""Tests of the Python client (run by the lab's npm test: python3 -m unittest in clients/python)."""

import contextlib
import inspect
import io
import json
import unittest

from nothanks_bot import Bot, Random, run


# What the lab sends a bot that fails in its first decision: the greeting, a game, one decision.
ONE_DECISION = "".join(
    json.dumps(m) + "\n"
    for m in [
        {"type": "hello", "protocol": 1, "game": "no-thanks", "params": {}},
        {"type": "new-game", "id": 0, "seat": 0, "players": 3, "rules": {"players": 3}, "agents": [], "random": None},
        {"type": "decide", "id": 0, "observation": {"seat": 0}},
    ]
)


class RandomStream(unittest.TestCase):
    def test_matches_the_lab_sfc32(self):
        # The lab's SeatStream for key 0123456789abcdef, stream 1 (src/game/seed.ts Sfc32): first draws.
        r = Random("0123456789abcdef", 1)
        self.assertEqual([r.random() for _ in range(3)], EXPECTED)


EXPECTED = json.loads(open(__file__.replace("test_client.py", "sfc32.json")).read())


class Echo(Bot):
    name = "echo"

    def decide(self, obs):
        return "take" if obs.call("marginalCost") < 10 else "pass"


class Loop(unittest.TestCase):
    def test_greets_plays_asks_and_stops(self):
        lab = "\n".join(
            json.dumps(m)
            for m in [
                {"type": "hello", "protocol": 1, "game": "no-thanks", "params": {}},
                {"type": "new-game", "id": 0, "seat": 1, "players": 3, "rules": {"players": 3}, "agents": ["a", "echo", "b"], "random": None},
                {"type": "decide", "id": 0, "observation": {"seat": 1}},
                {"type": "result", "value": 4},
                {"type": "bye"},
            ]
        )
        out = io.StringIO()
        run(Echo, stdin=io.StringIO(lab + "\n"), stdout=out)
        sent = [json.loads(line) for line in out.getvalue().splitlines()]
        self.assertEqual(
            sent,
            [
                {"type": "hello", "protocol": 1, "name": "echo", "events": False},
                {"type": "call", "name": "marginalCost", "args": []},
                {"type": "action", "action": "take"},
            ],
        )

    def test_reports_a_bot_error_and_exits(self):
        class Broken(Bot):
            line = inspect.currentframe().f_lineno + 3

            def decide(self, obs):
                raise ValueError("no move")

        out, err = io.StringIO(), io.StringIO()
        with self.assertRaises(SystemExit), contextlib.redirect_stderr(err):
            run(Broken, stdin=io.StringIO(ONE_DECISION), stdout=out)
        # The lab's one line says what and where; the bot's stderr log has the whole traceback.
        self.assertEqual(
            json.loads(out.getvalue().splitlines()[-1]),
            {"type": "error", "message": f"ValueError: no move (at test_client.py line {Broken.line}, in decide)"},
        )
        self.assertIn("Traceback (most recent call last)", err.getvalue())
        self.assertIn('raise ValueError("no move")', err.getvalue())

    def test_names_an_exception_without_a_message_by_its_type(self):
        class Hungry(Bot):
            def decide(self, obs):
                raise MemoryError()

        out = io.StringIO()
        with self.assertRaises(SystemExit), contextlib.redirect_stderr(io.StringIO()):
            run(Hungry, stdin=io.StringIO(ONE_DECISION), stdout=out)
        message = json.loads(out.getvalue().splitlines()[-1])["message"]
        self.assertRegex(message, r"^MemoryError \(at test_client\.py line \d+, in decide\)$")


if __name__ == "__main__":
    unittest.main()


class OneFile(unittest.TestCase):
    def test_nothanks_bot_is_the_package_client(self):
        # Bots import nothanks_bot; the client lives in the package: both names, one module's objects.
        import nothanks_bot
        import nothanks_lab.bot

        for name in ("Bot", "run", "Random", "GameStart", "Observation", "LabError", "Connection", "PROTOCOL"):
            self.assertIs(getattr(nothanks_bot, name), getattr(nothanks_lab.bot, name), name)

    def test_one_lab_error_for_the_package_and_the_bot_client(self):
        # `except nothanks_lab.LabError` catches what the bot client raises (an error answer to a question).
        import nothanks_bot
        import nothanks_lab
        import nothanks_lab.errors

        self.assertIs(nothanks_lab.LabError, nothanks_bot.LabError)
        self.assertIs(nothanks_lab.errors.LabError, nothanks_bot.LabError)
        self.assertTrue(issubclass(nothanks_lab.errors.IllegalActionError, nothanks_bot.LabError))

    def test_bot_py_works_alone_copied_next_to_a_bot(self):
        # A copy of the file beside a bot, with nothing of the package on the path (-E: no PYTHONPATH, -s: no user site).
        import os
        import shutil
        import subprocess
        import sys
        import tempfile

        import nothanks_lab.bot

        with tempfile.TemporaryDirectory() as folder:
            shutil.copy(nothanks_lab.bot.__file__, os.path.join(folder, "nothanks_bot.py"))
            with open(os.path.join(folder, "bot.py"), "w") as f:
                f.write("from nothanks_bot import Bot, run\nclass T(Bot):\n    name = 't'\n    def decide(self, obs):\n        return 'take'\nrun(T)\n")
            r = subprocess.run([sys.executable, "-E", "-s", "bot.py"], cwd=folder, input=ONE_DECISION, capture_output=True, text=True, timeout=30)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual([json.loads(line)["type"] for line in r.stdout.splitlines()], ["hello", "action"])
