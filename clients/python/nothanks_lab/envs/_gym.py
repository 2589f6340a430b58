"""The Gymnasium environment: one learner seat, the other seats lab bots played inside the server."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from ..errors import IllegalActionError, LabError
from ._one_game import OneGame
from ._common import action_id, check_count, check_illegal, check_rules, illegal, open_server, space_seed, split_kwargs


class LabGymEnv(OneGame, gymnasium.Env):
    """A lab game for one learner seat as a ``gymnasium.Env``.

    ``opponents``: a lab bot spec for each other seat in seat order (a built-in such as ``"mc"``,
    ``"search"``, ``"threshold:margin=2"``, a bot file, or a program), played by the lab between the
    learner's decisions. Observation: the learner's float32 tensor; action: an id of the game's
    action space, legal ones in ``info["action_mask"]`` and ``action_masks()`` (MaskablePPO's
    name). Reward 0 until the game ends, then minus the learner's final score or its win share.

    ``illegal``: what an illegal or out-of-range action does. ``"raise"`` (the default): an
    IllegalActionError, nothing moves. A number: the episode ends at once with that reward, as
    PettingZoo's TerminateIllegalWrapper does (for learners that explore unmasked, and for
    Gymnasium's check_env, which steps with unmasked samples drawn before a reset); the abandoned
    game leaves no record.

    ``decision_timeout``: seconds a lab bot may take on one call (default 10, as tournaments): a
    program that stops answering is stopped then, and the step raises a LabError naming it.
    """

    GAME = ""
    metadata: Dict[str, Any] = {"render_modes": ["ansi", "human"]}

    def __init__(
        self, opponents: Sequence[str] = (), seat: int = 0, illegal: Any = "raise", decision_timeout: Optional[float] = None, **kwargs: Any
    ) -> None:
        rules, (reward, render_mode) = split_kwargs(dict(kwargs), "reward", "render_mode")
        if isinstance(opponents, str):
            opponents = [opponents]
        opponents = list(opponents)
        if not opponents or not all(isinstance(o, str) and o for o in opponents):
            raise LabError("opponents must be a list of lab bot specs, one per other seat (e.g. ['mc', 'threshold:margin=2'])")
        players = len(opponents) + 1
        rules = check_rules(rules)
        if rules.get("players", players) != players:
            raise LabError(f"players={rules['players']} but {len(opponents)} opponents make {players} seats")
        seat = check_count("seat", seat, 0, players - 1, f" (the learner's seat among {players})")
        if render_mode not in (None, "ansi", "human"):
            raise LabError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.illegal = check_illegal(illegal)
        rules["players"] = players
        self.seat = int(seat)
        self.opponents = opponents
        self.render_mode = render_mode
        self.reward_kind = reward or "score"
        seats: List[Optional[str]] = list(opponents)
        seats.insert(self.seat, None)
        self._server = open_server(self.GAME, rules, opponents=seats, reward=self.reward_kind, autoreset=False, decision_timeout=decision_timeout)
        self._take_facts(self._server)
        self.observation_space = spaces.Box(0.0, 1.0, (self.obs_size,), np.float32)
        self.action_space = spaces.Discrete(self.action_size)
        self._mask = np.zeros(self.action_size, np.int8)
        self._over = True
        self._deal = -1

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now, as bool [A] (all False once the game is over)."""
        return self._mask.astype(bool)

    def _info(self, state) -> Dict[str, Any]:
        return {"action_mask": self._mask, "deal": self._deal}

    def reset(self, *, seed: Optional[Any] = None, options: Optional[Dict[str, Any]] = None):
        """Deals deal 0 of master seed ``seed``, or without one the deal after the last one dealt.

        A deal in which the learner never decides (the bots end it first, rare) is skipped: an
        episode always starts at a decision of the learner.
        """
        # Gymnasium's own generator takes integers only; the lab's master seed may also be a string.
        super().reset(seed=None if isinstance(seed, str) else seed)
        if seed is not None:
            # So that reset(seed=S) alone makes action_space.sample(mask) repeat, as for the AEC env.
            self.action_space.seed(space_seed(seed, self.seat))
        state = self._server.reset(seed)
        while state.ended[0] or state.seat[0] != self.seat:
            if not state.ended[0] and state.seat[0] >= 0:
                raise LabError(f"the engine server gave the turn to seat {int(state.seat[0])}, not the learner's seat {self.seat}")
            state = self._server.reset()
        return self._take(state), self._info(state)

    def _take(self, state) -> np.ndarray:
        self._deal = int(state.deal[0])
        self._over = bool(state.ended[0]) or int(state.seat[0]) < 0
        self._mask = state.mask[0, 0].astype(np.int8)
        return state.obs[0, 0].copy()

    def step(self, action: Any):
        if self._server.closed:
            raise LabError("the environment is closed")
        if self._over:
            raise LabError("step() after the game ended: call reset()")
        who = f"seat {self.seat}"
        try:
            a = action_id(action, self.action_size, who)
            if not self._mask[a]:
                raise illegal(who, a, self._mask, self.action_names)
        except IllegalActionError:
            if self.illegal == "raise":
                raise
            self._over = True
            self._mask = np.zeros(self.action_size, np.int8)
            info = {"action_mask": self._mask, "deal": self._deal, "illegal": True}
            return np.zeros(self.obs_size, np.float32), float(self.illegal), True, False, info
        state = self._server.step([a])
        obs = self._take(state)
        info = self._info(state)
        if state.ended[0]:
            info["scores"] = state.score[0].tolist()
            info["rewards"] = state.reward[0].tolist()
            return obs, float(state.reward[0, self.seat]), True, False, info
        if int(state.seat[0]) != self.seat:
            raise LabError(f"the engine server gave the turn to seat {int(state.seat[0])}, not the learner's seat {self.seat}")
        return obs, 0.0, False, False, info

