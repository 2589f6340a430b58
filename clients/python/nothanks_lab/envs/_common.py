"""What every environment kind shares: opening a session, rules, decoding tensors, records."""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from ..errors import IllegalActionError, LabError
from ..server import EngineServer

REWARDS = ("score", "win")


def open_server(
    game: str,
    rules: Mapping[str, Any],
    *,
    games: int = 1,
    opponents: Optional[Sequence[Optional[str]]] = None,
    reward: str = "score",
    autoreset: bool = False,
    all_seats: bool = False,
    decision_timeout: Optional[float] = None,
) -> EngineServer:
    """A server session for an environment; the reward kind is checked here, the rules by the lab."""
    if reward not in REWARDS:
        raise LabError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return EngineServer(
        game,
        check_rules(rules),
        games=games,
        opponents=opponents,
        reward=reward,
        autoreset=autoreset,
        all_seats=all_seats,
        decision_timeout=decision_timeout,
    )


def check_rules(rules: Mapping[str, Any]) -> Dict[str, Any]:
    """The rule settings with numpy scalars as Python's, their types checked here.

    The lab checks names and ranges and says what a setting takes; this says it first for what a
    Python caller gets wrong most: ``players="4"`` would reach the lab as a string and read
    "got 4", and a numpy integer would not reach it at all (JSON has no np.int64).
    """
    out: Dict[str, Any] = {}
    for name, value in rules.items():
        if isinstance(value, np.generic):
            value = value.item()
        if name == "players" and (isinstance(value, bool) or not isinstance(value, int)):
            raise LabError(f"players must be an integer, got {value!r}")
        if not isinstance(value, (bool, int, float, str)):
            raise LabError(f"rule setting {name} must be a number, a boolean or a string, got {value!r} ({type(value).__name__})")
        out[name] = value
    return out


def check_flag(name: str, value: Any) -> bool:
    """A True/False option, strictly: copy="no" or copy=0 is a mistake, not False."""
    if not isinstance(value, (bool, np.bool_)):
        raise LabError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def check_count(name: str, value: Any, low: int, high: Optional[int] = None, what: str = "") -> int:
    """An integer option in [low, high] (True is no integer here)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else ("a positive integer" if low == 1 else f"an integer from {low}")
        raise LabError(f"{name} must be {bound}{what}, got {value!r}")
    return int(value)


def decode(fields: Sequence[Mapping[str, Any]], tensor: Any) -> Dict[str, np.ndarray]:
    """A tensor (or a batch of them, the fields along the last axis) split into its named fields.

    Each value is a view of ``tensor`` (no copy): ``decode(fields, obs)["card"].argmax()``.
    """
    t = np.asarray(tensor)
    size = fields[-1]["offset"] + fields[-1]["length"] if fields else 0
    if t.shape[-1:] != (size,):
        raise LabError(f"a tensor of this game has {size} floats in its last axis, not shape {t.shape}")
    return {f["name"]: t[..., f["offset"] : f["offset"] + f["length"]] for f in fields}


def append_record(record: Mapping[str, Any], path: "os.PathLike[str] | str") -> None:
    """Appends one lab record as a JSON Lines line (what ``--log`` writes: replay and analyse read it)."""
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps(record, separators=(",", ":")) + "\n")


def action_id(action: Any, size: int, who: str) -> int:
    """An action id as an int, or an IllegalActionError saying why it is none."""
    if isinstance(action, (bool, np.bool_)) or action is None:
        raise IllegalActionError(f"{who}: {action!r} is not an action id (0..{size - 1})")
    try:
        a = int(action)
    except (TypeError, ValueError):
        raise IllegalActionError(f"{who}: {action!r} is not an action id (0..{size - 1})") from None
    if a != action or not 0 <= a < size:
        raise IllegalActionError(f"{who}: {action!r} is out of range (action ids are 0..{size - 1})")
    return a


def illegal(who: str, a: int, mask: np.ndarray, names: Sequence[str]) -> IllegalActionError:
    """The error of an in-range action the seat may not play now, listing the legal ones."""
    legal = ", ".join(f"{i} ({names[i]})" for i in np.flatnonzero(mask)[:12])
    more = " ..." if int(np.count_nonzero(mask)) > 12 else ""
    return IllegalActionError(f"{who} may not play {a} ({names[a]}) now: legal are {legal}{more}")


def check_illegal(value: Any) -> Any:
    """The ``illegal=`` option: "raise", or the reward of an episode an illegal action ends."""
    if value != "raise" and (isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating))):
        raise LabError(f"illegal must be 'raise' or a reward (a number), not {value!r}")
    return value


def space_seed(seed: Any, index: int) -> int:
    """A seed for space ``index``'s sampler from a lab master seed (an int, maybe negative, or a
    string): numpy takes non-negative ints only, so both are hashed."""
    key = seed if isinstance(seed, str) else int(seed)  # np.int64(7) seeds as 7 does
    digest = hashlib.sha256(f"{key!r}/{index}".encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "little")


def split_kwargs(kwargs: Dict[str, Any], *names: str) -> Tuple[Dict[str, Any], List[Any]]:
    """Separates an environment's own keywords from the lab's rule settings (everything else)."""
    own = [kwargs.pop(n, None) for n in names]
    return kwargs, own


class GameInfo:
    """The session's facts as attributes, for every environment kind."""

    def _take_facts(self, server: EngineServer) -> None:
        self.facts: Dict[str, Any] = server.facts
        self.game: str = server.facts["game"]
        self.players: int = server.players
        self.obs_size: int = server.obs_size
        self.action_size: int = server.action_size
        self.fields: List[Dict[str, Any]] = server.fields
        self.action_names: List[str] = server.action_names
        self.rules: Dict[str, Any] = server.facts.get("rules", {})

    def decode(self, tensor: Any) -> Dict[str, np.ndarray]:
        """The observation tensor (or a batch, fields along the last axis) as named fields (views)."""
        return decode(self.fields, tensor)

    def decisions(self, record: Mapping[str, Any]) -> List[List[int]]:
        """A lab record's decisions in order, as [seat, action id] pairs (to replay it through an environment)."""
        return self._server.decisions(dict(record))

    def examples(self, records: Sequence[Mapping[str, Any]]) -> Dict[str, np.ndarray]:
        """Lab records (of this game and seat count) as training pairs: every decision's seat,
        action, record index, tensor [C, D] and mask [C, A] (EngineServer.examples)."""
        return self._server.examples([dict(r) for r in records])
