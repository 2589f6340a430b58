"""A numpy policy as a lab bot: ``python -m nothanks_lab.policy FILE.py[:FUNCTION]``.

The function maps a seat's observation tensor and action mask to an action id:

    import numpy as np

    def policy(obs, mask):              # obs: float32[D], mask: bool[A]
        return int(np.flatnonzero(mask)[0])

and plays wherever the lab takes a bot (tournaments, tests, ladders) as a program bot:

    npm run nothanks -- tournament --agents 'exec:/path/to/venv/bin/python -m nothanks_lab.policy my_policy.py:policy,random'

It speaks the line protocol's tensor encoding (docs/protocol.md): each decision brings the game's
own tensor (``game.tensor``, the learning environments' ``obs``) and legal-action mask, and the
answer is an action id. A function with ``batched = True`` gets ``obs[N, D]`` and ``mask[N, A]``
and returns ``N`` ids; the lab asks one decision at a time, so N is 1 here (batching pays in the
vector environment, not in a tournament).

Optional attributes of the function: ``name`` (the label the lab shows; default FILE:FUNCTION),
``obs_size`` and ``action_size`` (checked against what the lab sends for each game's rules, so a
model trained on other rules fails in one line instead of playing nonsense).
"""

from __future__ import annotations

import os

# One thread for the numerical libraries, set before numpy (or torch) loads: the lab plays its
# seats in parallel already, a decision is a small product, and the sandbox allows 64 threads in
# all, which a BLAS sized to the machine's cores can pass on its own.
for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import base64  # noqa: E402
import importlib.util  # noqa: E402
import json  # noqa: E402
import operator  # noqa: E402
import sys  # noqa: E402
import traceback  # noqa: E402
from typing import Any, Callable, Dict, Optional, TextIO, Tuple  # noqa: E402

import numpy as np  # noqa: E402

from .bot import PROTOCOL, _what, _where  # noqa: E402
from .errors import LabError  # noqa: E402

USAGE = "usage: python -m nothanks_lab.policy FILE.py[:FUNCTION] (FUNCTION defaults to policy)"


class PolicyError(LabError):
    """A policy that cannot be served or answered wrongly: one line says what."""


def load(target: str) -> Tuple[Callable[..., Any], str]:
    """The callable ``FILE.py:FUNCTION`` names (FILE's folder on sys.path, for its own modules), and its label."""
    path, function = target, "policy"
    if ":" in target and not os.path.isfile(target):
        path, _, function = target.rpartition(":")
    if not path.endswith(".py") or not os.path.isfile(path):
        raise PolicyError(f"{target}: no Python file {path} ({USAGE})")
    folder = os.path.dirname(os.path.abspath(path))
    if folder not in sys.path:
        sys.path.insert(0, folder)
    module_name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    fn = getattr(module, function, None)
    if not callable(fn):
        found = [n for n, v in vars(module).items() if callable(v) and not n.startswith("_") and getattr(v, "__module__", None) == module_name]
        raise PolicyError(f"{path} has no function {function} (its functions: {', '.join(found) or 'none'})")
    return fn, str(getattr(fn, "name", None) or f"{module_name}:{function}")


def decode_obs(text: str) -> np.ndarray:
    """A decide message's tensor: base64 of little-endian float32. Writable (a bytearray beneath):
    a policy may scale it in place, and torch.from_numpy warns about a read-only array."""
    return np.frombuffer(bytearray(base64.b64decode(text)), dtype="<f4")


def decode_mask(text: str) -> np.ndarray:
    """A decide message's mask: one character per action id, "1" where legal."""
    return np.frombuffer(text.encode("ascii"), dtype=np.uint8) == 49


class Policy:
    """The callable with its declared sizes and batching, asked one decision at a time."""

    def __init__(self, fn: Callable[..., Any], name: str) -> None:
        self.fn = fn
        self.name = name
        self.batched = bool(getattr(fn, "batched", False))
        self.obs_size: Optional[int] = getattr(fn, "obs_size", None)
        self.action_size: Optional[int] = getattr(fn, "action_size", None)

    def check_sizes(self, obs_size: int, action_size: int, rules: Dict[str, Any]) -> None:
        for what, declared, sent in (("observation tensor", self.obs_size, obs_size), ("action space", self.action_size, action_size)):
            if declared is not None and declared != sent:
                raise PolicyError(f"{self.name} expects an {what} of {declared}, and the game's is {sent} under these rules ({json.dumps(rules)})")

    def act(self, obs: np.ndarray, mask: np.ndarray) -> int:
        if self.batched:
            answer = np.asarray(self.fn(obs[None, :], mask[None, :]))
            if answer.shape != (1,):
                raise PolicyError(f"{self.name} is batched and returned shape {answer.shape} for 1 decision, not (1,)")
            answer = answer[0]
        else:
            answer = self.fn(obs, mask)
        try:
            return operator.index(answer)
        except TypeError:
            raise PolicyError(f"{self.name} returned {answer!r} ({type(answer).__name__}), not an integer action id") from None


def serve(policy: Policy, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> None:
    """Plays for the lab in the tensor encoding until it says bye (or closes stdin)."""

    def send(message: Dict[str, Any]) -> None:
        stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
        stdout.flush()

    try:
        while True:
            line = stdin.readline()
            if not line:
                return
            message = json.loads(line)
            kind = message["type"]
            if kind == "decide":
                if "obs" not in message:
                    raise PolicyError("the lab sent a JSON observation: it did not take the tensor encoding (a lab older than this client?)")
                send({"type": "action", "action": policy.act(decode_obs(message["obs"]), decode_mask(message["mask"]))})
            elif kind == "new-game":
                policy.check_sizes(message["obsSize"], message["actionSize"], message["rules"])
            elif kind == "hello":
                if message.get("params"):
                    raise PolicyError(f"a policy takes no parameters (given: {', '.join(message['params'])})")
                send({"type": "hello", "protocol": PROTOCOL, "name": policy.name, "events": False, "encoding": "tensor"})
            elif kind == "bye":
                return
    except Exception as err:  # the lab prints it as the bot's one line; the traceback goes to its log
        traceback.print_exc(file=sys.stderr)
        sys.stderr.flush()
        send({"type": "error", "message": _line(err)})
        sys.exit(1)


def _line(err: BaseException) -> str:
    """The one line of an error: where the policy's own code raised, not where this module did."""
    return _what(err) if isinstance(err, PolicyError) else f"{_what(err)}{_where(err)}"


def main(argv: Optional[list] = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(USAGE, file=sys.stderr)
        sys.exit(2)
    try:
        fn, name = load(args[0])
    except Exception as err:
        # Before the greeting: the lab reads this last stderr line into its one line.
        traceback.print_exc(file=sys.stderr)
        print(_line(err), file=sys.stderr)
        sys.exit(1)
    serve(Policy(fn, name))


if __name__ == "__main__":
    main()
