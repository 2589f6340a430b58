"""Reference client of the nothanks lab's line protocol, version 1 (docs/protocol.md).

Standard library only, one file that imports nothing of its package: copy it next to your bot (as
``nothanks_bot.py``, the name bots import it by), or let the lab put it on PYTHONPATH (it does for
every bot program it starts, where ``nothanks_bot`` re-exports this module). A bot is a class with
decide(); run(MyBot) speaks the protocol on stdin/stdout. Print your debugging to stderr (the lab
keeps it in the run's bot logs): stdout carries the protocol.

    from nothanks_bot import Bot, run

    class Greedy(Bot):
        name = "greedy-py"

        def decide(self, obs):
            return "take" if obs["myChips"] == 0 else "pass"

    if __name__ == "__main__":
        run(Greedy)

A policy on observation tensors (numpy) is served by ``nothanks_lab.policy`` instead.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from typing import Any, Callable, Dict, List, Optional, TextIO

PROTOCOL = 1

_MASK = 0xFFFFFFFF


class Random:
    """The seat's own random stream, the very numbers an in-process bot's start.random() gives.

    sfc32 keyed by the 16-hex-digit key and stream number of the new-game message.
    """

    def __init__(self, key: str, stream: int) -> None:
        self._s = [int(key[:8], 16), int(key[8:], 16), (0x9E3779B9 ^ ((stream * 0x85EBCA6B) & _MASK)) & _MASK, 1]
        for _ in range(12):
            self._next()

    def _next(self) -> int:
        a, b, c, d = self._s
        t = (a + b + d) & _MASK
        self._s[3] = (d + 1) & _MASK
        self._s[0] = b ^ (b >> 9)
        self._s[1] = (c + (c << 3)) & _MASK
        r = ((c << 21) | (c >> 11)) & _MASK
        self._s[2] = (r + t) & _MASK
        return t

    def random(self) -> float:
        """Uniform in [0, 1), 32 bits."""
        return self._next() / 4294967296.0


class GameStart:
    """What a bot learns before each game: its seat, the rules, who sits where, its random stream."""

    def __init__(self, message: Dict[str, Any]) -> None:
        self.seat: int = message["seat"]
        self.players: int = message["players"]
        self.rules: Dict[str, Any] = message["rules"]
        self.agents: List[str] = message["agents"]
        stream = message.get("random")
        self.random: Optional[Random] = Random(stream["key"], stream["stream"]) if stream else None


class LabError(Exception):
    """Something the lab refused or could not do, in one line: here, the lab's answer to a question
    was an error (a hidden value, a bad argument).

    The package's own LabError (``nothanks_lab.errors``) is this class, defined here so that this
    file stays standalone: ``except nothanks_lab.LabError`` catches the bot client's errors too.
    """


class Observation(dict):
    """The seat's observation: the JSON object of the decide message (a dict: obs["pot"]).

    call() asks the lab to run one of the observation's methods (marginalCost, scoreWith, ...)
    on the real observation, as an in-process bot would; each call is a round trip.
    """

    def __init__(self, data: Dict[str, Any], connection: "Connection") -> None:
        super().__init__(data)
        self._connection = connection

    def call(self, method: str, *args: Any) -> Any:
        return self._connection.ask({"type": "call", "name": method, "args": list(args)})

    def read(self, name: str) -> Any:
        """A property of the real observation (e.g. "historyLength")."""
        return self._connection.ask({"type": "get", "name": name})


class Bot:
    """Subclass and override decide(); new_game() and on_event() are optional.

    name: the label the lab shows. events: set True to get on_event() for every public event
    (each costs a message). One instance plays one seat of one table, game after game: reset in
    new_game() what must not carry over.
    """

    name = "python-bot"
    events = False

    def __init__(self, params: Dict[str, Any]) -> None:
        self.params = params

    def new_game(self, start: GameStart) -> None:
        pass

    def decide(self, obs: Observation) -> Any:
        raise NotImplementedError("decide() must return the bot's action")

    def on_event(self, event: Dict[str, Any], obs: Observation) -> None:
        """A public event. The event message carries no observation: obs here is empty (obs["pot"]
        raises KeyError); ask the lab with obs.read("pot") or obs.call(...) instead."""
        pass


class Connection:
    """The protocol over two text streams (the process's stdin and stdout)."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self._in = stdin
        self._out = stdout

    def send(self, message: Dict[str, Any]) -> None:
        self._out.write(json.dumps(message, separators=(",", ":")) + "\n")
        self._out.flush()

    def receive(self) -> Optional[Dict[str, Any]]:
        line = self._in.readline()
        return json.loads(line) if line else None

    def ask(self, question: Dict[str, Any]) -> Any:
        self.send(question)
        reply = self.receive()
        if reply is None:
            raise EOFError("the lab closed the connection")
        if "error" in reply:
            raise LabError(reply["error"])
        return reply.get("value")


def run(bot_class: Callable[[Dict[str, Any]], Bot], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> None:
    """Plays for the lab until it says bye (or closes stdin). A bot's exception is sent as an error."""
    connection = Connection(stdin, stdout)
    bots: Dict[int, Bot] = {}
    params: Dict[str, Any] = {}
    try:
        while True:
            message = connection.receive()
            if message is None or message["type"] == "bye":
                return
            kind = message["type"]
            if kind == "hello":
                params = message.get("params", {})
                probe = bot_class(params)
                connection.send({"type": "hello", "protocol": PROTOCOL, "name": probe.name, "events": bool(probe.events)})
            elif kind == "new-game":
                bot = bots.get(message["id"])
                if bot is None:
                    bot = bots[message["id"]] = bot_class(params)
                bot.new_game(GameStart(message))
            elif kind == "decide":
                action = bots[message["id"]].decide(Observation(message["observation"], connection))
                connection.send({"type": "action", "action": action})
            elif kind == "event":
                bots[message["id"]].on_event(message["event"], Observation({}, connection))
                connection.send({"type": "ok"})
    except Exception as err:  # the lab prints it as the bot's one line
        # The whole traceback goes to the bot's stderr log, and the line that raised to the lab's
        # one line: without them the author learns only "KeyError: 'pot'", not where.
        traceback.print_exc(file=sys.stderr)
        sys.stderr.flush()
        connection.send({"type": "error", "message": f"{_what(err)}{_where(err)}"})
        sys.exit(1)


def _what(err: BaseException) -> str:
    """'KeyError: 'pot'', or the type alone when the exception says nothing (MemoryError())."""
    text = str(err)
    return f"{type(err).__name__}: {text}" if text else type(err).__name__


def _where(err: BaseException) -> str:
    """Where the exception was raised, as ' (at bot.py line 12, in decide)' ('' if unknown)."""
    frames = traceback.extract_tb(err.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f" (at {os.path.basename(last.filename)} line {last.lineno}, in {last.name})"
