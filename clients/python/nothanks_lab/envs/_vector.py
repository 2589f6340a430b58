"""The vector environment: N games of one game stepped in one call, numpy arrays in and out."""

from __future__ import annotations

from typing import Any, Dict, List, NamedTuple, Optional

import numpy as np

from ..errors import IllegalActionError, LabError
from ._common import GameInfo, append_record, check_count, check_flag, open_server, split_kwargs


class Batch(NamedTuple):
    """What ``reset`` and ``step`` return for N games, P seats, tensor size D, A action ids.

    obs [N, D] float32: the tensor of each game's acting seat; mask [N, A] bool: its legal
    actions; seat [N] int32: the seat that acts next in each game (No Thanks!'s taker acts
    again, 6 nimmt!'s seats choose their cards one after another: never assume seats alternate);
    reward [N, P] float32: every seat's reward in a game that ended in this step, else 0;
    terminated [N] bool: the game ended in this step; score [N, P] int32: the final scores of a
    game that ended in this step, else 0; deal [N] int32: the deal number now in each game.

    With autoreset, on a step where game i ends, reward[i], score[i] and terminated[i] are the
    ended game's while obs[i], mask[i], seat[i] and deal[i] already are the next deal's first
    decision: act on them as on any other row. The ended game's final tensor is not returned.
    """

    obs: np.ndarray
    mask: np.ndarray
    seat: np.ndarray
    reward: np.ndarray
    terminated: np.ndarray
    score: np.ndarray
    deal: np.ndarray


class LabVectorEnv(GameInfo):
    """N games of a lab game, always running: a game that ends is dealt the next deal at once.

    ``reset(seed=S)`` deals game i deal i of master seed S; each game that ends takes the next
    deal of the counter (deals N, N+1, ... in the order games end; games ending in one step take
    theirs in game order). ``step(actions)`` takes one action id per game for its acting seat.

    ``copy=False`` returns views of the server's reply instead of copies: valid until the next
    call, for a loop that copies what it keeps into its own buffers.
    """

    GAME = ""

    def __init__(self, n: int, copy: bool = True, **kwargs: Any) -> None:
        rules, (reward,) = split_kwargs(dict(kwargs), "reward")
        self.num_envs = check_count("n", n, 1, what=" (the number of games)")
        self.copy = check_flag("copy", copy)
        self.reward_kind = reward or "score"
        self._server = open_server(self.GAME, rules, games=self.num_envs, reward=self.reward_kind, autoreset=True)
        self._take_facts(self._server)
        self._mask: Optional[np.ndarray] = None
        self._rows = np.arange(self.num_envs)

    def reset(self, seed: Optional[int] = None) -> Batch:
        """Deals every game anew: game i gets deal i of master seed ``seed``, or the next N deals."""
        return self._batch(self._server.reset(seed))

    def step(self, actions: Any) -> Batch:
        """Plays one action id per game (int array [N]) for each game's acting seat."""
        if self._mask is None:
            raise LabError("step() before reset()")
        a = np.asarray(actions)
        if a.shape != (self.num_envs,) or a.dtype.kind not in "iu":
            raise IllegalActionError(f"step takes an integer array of shape ({self.num_envs},), not {a.dtype} {a.shape}")
        # The legality check is one fancy index: cheaper than a server round trip that refuses.
        if a.min() < 0 or a.max() >= self.action_size:
            i = int(np.flatnonzero((a < 0) | (a >= self.action_size))[0])
            raise IllegalActionError(f"game {i}: action {int(a[i])} is out of range (action ids are 0..{self.action_size - 1})")
        ok = self._mask[self._rows, a]
        if not ok.all():
            i = int(np.flatnonzero(~ok)[0])
            legal = ", ".join(str(x) for x in np.flatnonzero(self._mask[i])[:12])
            raise IllegalActionError(
                f"game {i}: seat {int(self._seat[i])} may not play {int(a[i])} ({self.action_names[int(a[i])]}) now: legal are {legal}"
            )
        return self._batch(self._server.step(a))

    def _batch(self, s) -> Batch:
        c = self.copy
        obs = s.obs[:, 0, :]
        mask = s.mask[:, 0, :]
        batch = Batch(
            obs.copy() if c else obs,
            mask.copy() if c else mask,
            s.seat.copy() if c else s.seat,
            s.reward.copy() if c else s.reward,
            s.ended.copy() if c else s.ended,
            s.score.copy() if c else s.score,
            s.deal.copy() if c else s.deal,
        )
        # The legality check of the next step needs this step's masks even when the caller's views move on.
        self._mask = batch.mask if c else mask.copy()
        self._seat = batch.seat if c else s.seat.copy()
        return batch

    def record(self, game: int = 0) -> Dict[str, Any]:
        """The lab record of game ``game``'s last finished game."""
        return self._server.record(game)

    def save_record(self, path, game: int = 0) -> Dict[str, Any]:
        """Appends game ``game``'s last finished game to a JSON Lines file of lab records."""
        record = self.record(game)
        append_record(record, path)
        return record

    def render(self, game: int = 0) -> str:
        """Game ``game``'s position as text: its acting seat's observation, one field per line."""
        return self._server.render(game)

    def close(self) -> None:
        if hasattr(self, "_server"):
            self._server.close()

    def __enter__(self) -> "LabVectorEnv":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action id per row of a bool mask [N, A], with no Python loop."""
    # The argmax of uniform noise on the legal ids is uniform over them; illegal ids get -1.
    noise = rng.random(mask.shape, dtype=np.float32)
    return np.argmax(np.where(mask, noise, np.float32(-1)), axis=1)
