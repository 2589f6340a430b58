"""The engine server's client: one ``nothanks serve`` process playing N games of one game for us.

The protocol is docs/engine-server.md. An ``EngineServer`` opens a session (game, rules, number of
games, opponents), then ``reset`` and ``step`` return a ``State`` of numpy arrays that are views
into the last reply: valid until the next call, copied by whoever keeps them.

The server process ends with the session: on ``close()``, when this object is garbage-collected,
and when this Python process ends (the server sees its stdin close). It runs in a session of its
own, so a Ctrl-C in a terminal interrupts Python only.
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import tempfile
import weakref
from typing import Any, Dict, List, Optional, Sequence

import numpy as np

from .errors import IllegalActionError, LabError
from .lab import serve_command

_LEN = struct.Struct("<I")
_PIPE_BYTES = 1 << 20
_F_SETPIPE_SZ = 1031


def _json_frame(command: Dict[str, Any]) -> bytes:
    data = json.dumps(command).encode("utf-8")
    return _LEN.pack(4 + len(data)) + b"J\0\0\0" + data


class State:
    """The state of every game after a reset or step (the ``B`` frame), as numpy views.

    seat[N] int32 (-1: over), deal[N] int32, obs[N, K, D] float32, reward[N, P] float32,
    score[N, P] int32, mask[N, K, A] bool, acting[N, P] bool, ended[N] bool; K is 1 (the acting
    seat) or P (every seat, with all_seats).
    """

    __slots__ = ("seat", "deal", "obs", "reward", "score", "mask", "acting", "ended")

    def __init__(self, body: memoryview, n: int, k: int, p: int, d: int, a: int) -> None:
        at = 4
        self.seat = np.frombuffer(body, np.int32, n, at)
        at += 4 * n
        self.deal = np.frombuffer(body, np.int32, n, at)
        at += 4 * n
        self.obs = np.frombuffer(body, np.float32, n * k * d, at).reshape(n, k, d)
        at += 4 * n * k * d
        self.reward = np.frombuffer(body, np.float32, n * p, at).reshape(n, p)
        at += 4 * n * p
        self.score = np.frombuffer(body, np.int32, n * p, at).reshape(n, p)
        at += 4 * n * p
        self.mask = np.frombuffer(body, np.bool_, n * k * a, at).reshape(n, k, a)
        at += n * k * a
        self.acting = np.frombuffer(body, np.bool_, n * p, at).reshape(n, p)
        at += n * p
        self.ended = np.frombuffer(body, np.bool_, n, at)


def _stop(process: subprocess.Popen, stderr: Any = None) -> None:
    """Ends a server process and closes its files (a finalizer: no reference to the EngineServer)."""
    if process.poll() is None:
        try:
            process.stdin.close()
            process.wait(timeout=5)
        except Exception:
            process.kill()
            process.wait()
    for stream in (process.stdin, process.stdout, stderr):
        try:
            stream.close()
        except Exception:
            pass


class EngineServer:
    """A session of ``games`` games of ``game`` under ``rules`` (the lab's rule names), served by the lab.

    opponents: None (the client plays every seat), or one entry per seat: a lab bot spec, or None
    for a seat the client plays (then games must be 1). reward: "score" (minus the final score) or
    "win" (the win share). autoreset: a game that ends is dealt the next deal at once. all_seats:
    every step reports every seat's tensor and mask, not only the acting seat's.
    """

    def __init__(
        self,
        game: str,
        rules: Optional[Dict[str, Any]] = None,
        games: int = 1,
        opponents: Optional[Sequence[Optional[str]]] = None,
        reward: str = "score",
        autoreset: bool = True,
        all_seats: bool = False,
        label: Optional[str] = None,
        decision_timeout: Optional[float] = None,
    ) -> None:
        self._process: Optional[subprocess.Popen] = None
        # Why the session cannot go on (closed, the server gone, a request cut off), once it cannot.
        self._gone: Optional[str] = None
        #: The master seed and deal number of the last record() (a reset without a seed draws its master seed).
        self.last_origin: Optional[Dict[str, Any]] = None
        command = serve_command()
        # A file, not a pipe: a server that says much (a bot's warnings) must never block on a full pipe.
        self._stderr = tempfile.TemporaryFile()
        try:
            process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                bufsize=0,
                start_new_session=True,
            )
        except OSError as err:
            self._stderr.close()
            raise LabError(f"could not start the lab ({' '.join(command)}): {err.strerror}") from None
        self._process = process
        self._finalizer = weakref.finalize(self, _stop, process, self._stderr)
        for pipe in (process.stdin, process.stdout):
            try:
                import fcntl

                fcntl.fcntl(pipe.fileno(), _F_SETPIPE_SZ, _PIPE_BYTES)
            except Exception:
                pass  # a smaller pipe only costs speed
        self._out = process.stdin
        self._in = process.stdout
        self._buffer = bytearray(1 << 16)
        self._body = memoryview(self._buffer)
        wire_rules = {str(k).replace("_", "-"): v for k, v in (rules or {}).items()}
        command: Dict[str, Any] = {
            "cmd": "open",
            "game": game,
            "rules": wire_rules,
            "games": games,
            "opponents": None if opponents is None else list(opponents),
            "reward": reward,
            "autoreset": autoreset,
            "allSeats": all_seats,
        }
        if label is not None:
            command["label"] = label
        if decision_timeout is not None:
            command["decisionTimeout"] = decision_timeout
        try:
            self.facts: Dict[str, Any] = self._ask(command)
        except BaseException:
            self._finalizer()  # a refused session leaves no process behind
            raise
        f = self.facts
        self.games: int = f["games"]
        self.players: int = f["players"]
        self.obs_size: int = f["obsSize"]
        self.action_size: int = f["actionSize"]
        self.seats_per_game: int = f["seatsPerGame"]
        self.fields: List[Dict[str, Any]] = f["fields"]
        self.action_names: List[str] = f["actions"]
        self._step_frame = bytearray(8 + 4 * self.games)
        _LEN.pack_into(self._step_frame, 0, 4 + 4 * self.games)
        self._step_frame[4:8] = b"S\0\0\0"
        self._actions = np.frombuffer(self._step_frame, np.int32, self.games, 8)

    # -- commands ---------------------------------------------------------------------------

    def reset(self, seed: Optional[Any] = None) -> State:
        """Deals every game anew: game i gets deal i of master seed ``seed`` (an int or a string, as
        a tournament's --seed), or the next deals."""
        command: Dict[str, Any] = {"cmd": "reset"}
        if seed is not None:
            if not isinstance(seed, (int, np.integer, str)) or isinstance(seed, bool):
                raise LabError(f"seed must be an integer or a string, got {seed!r}")
            # As text: the lab reads any integer's digits as the tournament's --seed does (a JSON number loses them past 2**53).
            command["seed"] = str(int(seed)) if not isinstance(seed, str) else seed
        return self._state(self._request(_json_frame(command), b"B"))

    def step(self, actions: Any) -> State:
        """Each game's acting seat plays its action id (one per game)."""
        try:
            self._actions[:] = actions
        except (ValueError, TypeError) as err:
            raise IllegalActionError(f"step takes {self.games} integer action ids, one per game: {err}") from None
        return self._state(self._request(self._step_frame, b"B"))

    def record(self, game: int = 0) -> Dict[str, Any]:
        """The lab record of game ``game``'s last finished game (a dict, one line of a --log file)."""
        reply = self._ask({"cmd": "record", "game": int(game)})
        self.last_origin = {"master": reply["master"], "deal": reply["deal"]}
        return reply["record"]

    def decisions(self, record: Dict[str, Any]) -> List[List[int]]:
        """A lab record's decisions in order, as [seat, action id] pairs (to play it again through a session)."""
        return self._ask({"cmd": "decisions", "record": record})["decisions"]

    def examples(self, records: Sequence[Dict[str, Any]]) -> Dict[str, np.ndarray]:
        """Lab records as training pairs: every decision's seat, action, record index, tensor and mask.

        Returns arrays (copies) seat[C], action[C], record[C] int32, obs[C, D] float32, mask[C, A]
        bool. The records must share a game and seat count (one tensor size).
        """
        body = self._request(_json_frame({"cmd": "examples", "records": list(records)}), b"X")
        c, d, a = np.frombuffer(body, np.int32, 3, 4)
        at = 16
        out: Dict[str, np.ndarray] = {}
        for name in ("seat", "action", "record"):
            out[name] = np.frombuffer(body, np.int32, c, at).copy()
            at += 4 * c
        out["obs"] = np.frombuffer(body, np.float32, c * d, at).reshape(c, d).copy()
        at += 4 * c * d
        out["mask"] = np.frombuffer(body, np.bool_, c * a, at).reshape(c, a).copy()
        return out

    def render(self, game: int = 0) -> str:
        """The position of game ``game`` as text, from its acting seat's view."""
        return self._ask({"cmd": "render", "game": int(game)})["text"]

    def close(self) -> None:
        """Ends the server (again is harmless)."""
        if self._gone is None and self._process is not None and self._process.poll() is None:
            try:
                self._out.write(_json_frame({"cmd": "close"}))
            except (OSError, ValueError):
                pass
        self._gone = self._gone or "the environment is closed"
        self._finalizer()

    @property
    def closed(self) -> bool:
        return not self._finalizer.alive

    def __enter__(self) -> "EngineServer":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- frames -----------------------------------------------------------------------------

    def _ask(self, command: Dict[str, Any]) -> Dict[str, Any]:
        body = self._request(_json_frame(command), b"J")
        return json.loads(bytes(body[4:]).decode("utf-8"))

    def _state(self, body: memoryview) -> State:
        return State(body, self.games, self.seats_per_game, self.players, self.obs_size, self.action_size)

    def _request(self, frame: Any, expect: bytes) -> memoryview:
        """Sends a frame and reads its reply (a tag ``expect`` frame, or an error raised).

        Anything that cuts in between (a Ctrl-C while the server answers) leaves the reply unread,
        and every later reply would be one behind: the session is then ended, and says why.
        """
        if self._gone is not None:
            raise LabError(self._gone)
        try:
            try:
                self._out.write(frame)
            except (BrokenPipeError, ValueError):
                raise self._ended() from None
            tag, body = self._read()
        except LabError:
            raise  # an error frame read whole, or the server gone (said once, kept in _gone)
        except BaseException:
            self._gone = "a request was cut off before its reply (a Ctrl-C?): this environment is out of step with its server; make a new one"
            self._finalizer()
            raise
        if tag != expect:
            raise LabError(f"the engine server sent a {tag!r} frame where a {expect!r} frame was due")
        return body

    def _read(self):
        header = self._read_exactly(4, self._body)
        (length,) = _LEN.unpack(header)
        if length > len(self._buffer):
            self._buffer = bytearray(max(length, 2 * len(self._buffer)))
            self._body = memoryview(self._buffer)
        body = self._read_exactly(length, self._body)
        tag = bytes(body[:1])
        if tag == b"E":
            message = bytes(body[4:]).decode("utf-8", "replace")
            if message.startswith("illegal: "):
                raise IllegalActionError(message[len("illegal: "):])
            raise LabError(message)
        return tag, body

    def _read_exactly(self, n: int, into: memoryview) -> memoryview:
        view = into[:n]
        got = 0
        while got < n:
            try:
                k = self._in.readinto(view[got:])
            except ValueError:
                k = 0
            if not k:
                raise self._ended()
            got += k
        return view

    def _ended(self) -> LabError:
        """Why the server is gone: its last line on stderr, or how it ended (kept for every later call)."""
        process = self._process
        if process is None or self.closed:
            return LabError(self._gone or "the environment is closed")
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        self._stderr.seek(0)
        # Node's own crash report ends with stack frames and its version: the line before them says what.
        lines = [
            line
            for line in self._stderr.read().decode("utf-8", "replace").splitlines()
            if line.strip() and not line[0].isspace() and not line.startswith("Node.js v")
        ]
        code = process.returncode
        how = f"was killed by signal {-code}" if code is not None and code < 0 else f"exited with code {code}"
        self._gone = f"the lab's engine server {how}" + (f": {lines[-1]}" if lines else "")
        self._finalizer()
        return LabError(self._gone)
