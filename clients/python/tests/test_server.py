"""The engine server's client (nothanks_lab.server): a session cut off mid-request, a dead server, seeds."""

import os
import signal
import time
import unittest

from tests.envs_support import alive
from nothanks_lab.errors import LabError
from nothanks_lab.server import EngineServer


class CutOff(unittest.TestCase):
    def test_an_interrupt_between_request_and_reply_ends_the_session_with_a_line_that_says_so(self):
        with EngineServer("no-thanks", {"players": 3}, games=8192) as s:
            st = s.reset(seed=1)
            # The interrupt lands while the server answers a big step (most of a step's time).
            previous = signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
            try:
                signal.setitimer(signal.ITIMER_REAL, 0.05)
                with self.assertRaises(KeyboardInterrupt):
                    while True:
                        st = s.step(st.mask[:, 0, :].argmax(1))
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
            pid = s._process.pid
            with self.assertRaisesRegex(LabError, r"^a request was cut off before its reply .*make a new one$"):
                s.step([0] * 8192)
            # The server went with the session.
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and alive(pid):
                time.sleep(0.05)
            self.assertFalse(alive(pid))


class DeadServer(unittest.TestCase):
    def test_every_call_after_the_server_died_says_how_it_died(self):
        s = EngineServer("no-thanks", {"players": 3})
        s.reset(seed=1)
        os.kill(s._process.pid, signal.SIGKILL)
        for _ in range(2):
            with self.assertRaisesRegex(LabError, r"^the lab's engine server was killed by signal 9$"):
                s.step([1])
        s.close()


class Seeds(unittest.TestCase):
    def test_an_integer_seed_beyond_2_53_deals_as_its_digits_do(self):
        big = 2**70 + 1
        with EngineServer("no-thanks", {"players": 3}) as a, EngineServer("no-thanks", {"players": 3}) as b:
            self.assertTrue((a.reset(seed=big).obs == b.reset(seed=str(big)).obs).all())
            self.assertFalse((a.reset(seed=big).obs == b.reset(seed=str(big + 1)).obs).all())

    def test_a_record_keeps_its_master_seed_and_deal_after_an_unseeded_reset(self):
        with EngineServer("no-thanks", {"players": 3}, autoreset=False) as s:
            st = s.reset()
            while st.seat[0] >= 0:
                st = s.step([1])
            record = s.record()
            master, deal = s.last_origin["master"], s.last_origin["deal"]
            self.assertEqual(deal, 0)
            # The same deal again from its master seed: the same game.
            st = s.reset(seed=master)
            while st.seat[0] >= 0:
                st = s.step([1])
            self.assertEqual(s.record(), record)


if __name__ == "__main__":
    unittest.main()
