"""The PettingZoo AEC environment (and the ParallelEnv of games with simultaneous choices).

One server session of one game that reports every seat's tensor and mask at each step
(``all_seats``), so ``observe(agent)`` is a lookup, never a round trip. The game does not
restart by itself (no autoreset): at its end every agent is terminated and leaves ``agents`` in
turn, as PettingZoo's classic environments do.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from ..errors import IllegalActionError, LabError
from ._one_game import OneGame
from ._common import GameInfo, action_id, check_illegal, illegal, open_server, space_seed, split_kwargs


def _spaces(info: GameInfo):
    obs = spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (info.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (info.action_size,), np.int8),
        }
    )
    return obs, spaces.Discrete(info.action_size)


class _Session(OneGame):
    """The server session and the last state every AEC/Parallel environment keeps (copied per step)."""

    def _open(self, game: str, kwargs: Dict[str, Any]) -> None:
        rules, (reward, render_mode) = split_kwargs(dict(kwargs), "reward", "render_mode")
        if render_mode not in (None, "ansi", "human"):
            raise LabError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.render_mode = render_mode
        self.reward_kind = reward or "score"
        self._server = open_server(game, rules, reward=self.reward_kind, all_seats=True, autoreset=False)
        self._take_facts(self._server)
        self.possible_agents: List[str] = [f"player_{i}" for i in range(self.players)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        # One object per agent, always the same one (api_test checks identity; seeding relies on it).
        self.observation_spaces = {a: _spaces(self)[0] for a in self.possible_agents}
        self.action_spaces = {a: _spaces(self)[1] for a in self.possible_agents}
        self._obs = np.zeros((self.players, self.obs_size), np.float32)
        self._mask = np.zeros((self.players, self.action_size), np.int8)
        self._seat = -1
        self._deal = -1
        self._over = True

    def _take(self, state) -> None:
        # Fresh arrays each step: an observation handed out earlier stays as it was.
        self._obs = state.obs[0].copy()
        self._mask = state.mask[0].astype(np.int8)
        self._acting = state.acting[0].copy()
        self._seat = int(state.seat[0])
        self._deal = int(state.deal[0])
        self._ended = bool(state.ended[0])
        self._last_rewards = state.reward[0].astype(np.float64)
        self._last_scores = state.score[0].copy()

    def _seed_spaces(self, seed: Any) -> None:
        # PettingZoo's seed_test seeds the spaces itself; a user expects reset(seed=S) alone to make
        # action_space(agent).sample(mask) repeat. One seed per agent: their samples differ.
        if seed is not None:
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(space_seed(seed, i))

    def _observation(self, seat: int) -> Dict[str, np.ndarray]:
        return {"observation": self._obs[seat], "action_mask": self._mask[seat]}

    def _checked(self, seat: int, action: Any) -> int:
        """The seat's action as an id, checked against its mask here (no round trip for a refusal)."""
        if self._server.closed:
            raise LabError("the environment is closed")
        who = f"{self.possible_agents[seat]} (seat {seat})"
        a = action_id(action, self.action_size, who)
        if not self._mask[seat, a]:
            raise illegal(who, a, self._mask[seat], self.action_names)
        return a

    def _play(self, seat: int, action: Any) -> None:
        """Plays one seat's checked action on the server."""
        self._take(self._server.step([self._checked(seat, action)]))


class LabAECEnv(_Session, AECEnv):
    """A lab game as a PettingZoo AEC environment: agents ``player_0``.. are the seats.

    The agent that acts is the seat the lab says acts (No Thanks!'s taker acts again; 6 nimmt!'s
    simultaneous card choices are made one seat at a time, lowest seat first, none seeing another's
    card). Observations are dicts of the seat's float32 tensor and int8 action mask (all zero for a
    seat that does not act now). Rewards come at the end: minus the final score, or the win share.
    """

    GAME = ""
    metadata: Dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "", "is_parallelizable": False}

    def __init__(self, **kwargs: Any) -> None:
        AECEnv.__init__(self)
        self._open(self.GAME, kwargs)
        self.agents = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        return self._observation(self._seat_of[agent])

    def reset(self, seed: Optional[Any] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Deals deal 0 of master seed ``seed``, or without one the deal after the last one dealt."""
        self._take(self._server.reset(seed))
        self._seed_spaces(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self._seat]

    def step(self, action: Any) -> None:
        if not self.agents:
            raise LabError("step() after the game ended and every agent left: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise LabError(f"the game is over: {agent} steps with None to leave, then reset()")
            self._was_dead_step(None)
            return
        self._play(self._seat_of[agent], action)
        self._clear_rewards()
        if self._ended:
            for a in self.agents:
                self.rewards[a] = float(self._last_rewards[self._seat_of[a]])
                self.terminations[a] = True
                self.infos[a] = {"score": int(self._last_scores[self._seat_of[a]])}
            # The agent that ended the game leaves first, then the others in seat order.
        else:
            self.agent_selection = self.possible_agents[self._seat]
        self._accumulate_rewards()


class _StrictOrder(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order checks, with an error (not a warning) for a step after the game ended."""

    def step(self, action: Any) -> None:
        if self._has_reset and not self.agents:
            raise LabError("step() after the game ended and every agent left: call reset()")
        super().step(action)


def wrap(env: LabAECEnv) -> wrappers.OrderEnforcingWrapper:
    """Wrapped as PettingZoo's classic environments are. Illegal and out-of-range actions raise
    IllegalActionError in the environment itself (not TerminateIllegalWrapper's penalty): a lab
    game has no forfeit, and a silent penalty would hide a learner's masking bug."""
    return _StrictOrder(env)


class LabParallelEnv(_Session, ParallelEnv):
    """A lab game with simultaneous choices as a PettingZoo ParallelEnv.

    Each step takes an action of every agent that acts now (``infos[agent]["acting"]``, a nonzero
    mask): all seats in a simultaneous choice (6 nimmt!'s cards), one seat in a turn of its own
    (6 nimmt!'s row choice after a low card). Actions of agents that do not act are ignored. The
    server makes the simultaneous choices one seat at a time, lowest seat first; the observations
    returned are those after all of them.

    Every acting agent's action is checked against its mask before any is played (the masks of a
    simultaneous choice are all known at its start), so a refusal moves nothing.

    ``illegal``: what an illegal or out-of-range action does. ``"raise"`` (the default): an
    IllegalActionError, nothing moves. A number: the game ends at once, every agent terminated,
    that reward to each agent whose action was illegal and 0 to the others, as PettingZoo's
    TerminateIllegalWrapper does (for learners that explore unmasked, and for parallel_seed_test,
    which samples without masks); the abandoned game leaves no record.
    """

    GAME = ""
    metadata: Dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "", "is_parallelizable": True}

    def __init__(self, illegal: Any = "raise", **kwargs: Any) -> None:
        self.illegal = check_illegal(illegal)
        self._open(self.GAME, kwargs)
        self.agents = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _infos(self) -> Dict[str, Dict[str, Any]]:
        return {a: {"acting": bool(self._acting[i])} for i, a in enumerate(self.possible_agents)}

    def reset(self, seed: Optional[Any] = None, options: Optional[Dict[str, Any]] = None):
        """Deals deal 0 of master seed ``seed``, or without one the deal after the last one dealt."""
        self._take(self._server.reset(seed))
        self._seed_spaces(seed)
        self.agents = self.possible_agents[:]
        return {a: self._observation(i) for i, a in enumerate(self.possible_agents)}, self._infos()

    def step(self, actions: Dict[str, Any]):
        if not self.agents:
            raise LabError("step() after the game ended: call reset()")
        acting = [int(s) for s in np.flatnonzero(self._acting)]
        checked: List[int] = []
        refused: List[int] = []
        for seat in acting:
            agent = self.possible_agents[seat]
            try:
                if agent not in actions:
                    raise IllegalActionError(f"{agent} acts now: step() needs its action")
                checked.append(self._checked(seat, actions[agent]))
            except IllegalActionError:
                if self.illegal == "raise":
                    raise
                refused.append(seat)
        if refused:
            return self._forfeit(refused)
        for seat, a in zip(acting, checked):
            if self._seat != seat:
                raise LabError(f"the engine server asked seat {self._seat} to act where seat {seat} was due")
            self._take(self._server.step([a]))
            if self._ended:
                break
        agents = self.agents
        obs = {a: self._observation(self._seat_of[a]) for a in agents}
        if self._ended:
            rewards = {a: float(self._last_rewards[self._seat_of[a]]) for a in agents}
            infos = {a: {"acting": False, "score": int(self._last_scores[self._seat_of[a]])} for a in agents}
            self.agents = []
        else:
            rewards = dict.fromkeys(agents, 0.0)
            all_infos = self._infos()
            infos = {a: all_infos[a] for a in agents}
        terminations = dict.fromkeys(agents, self._ended)
        truncations = dict.fromkeys(agents, False)
        return obs, rewards, terminations, truncations, infos

    def _forfeit(self, refused: List[int]):
        """Ends the game on illegal actions (``illegal=<reward>``): the server's game is left as it
        was, unfinished, and the next reset() deals anew."""
        agents = self.agents
        losers = {self.possible_agents[s] for s in refused}
        self._acting = np.zeros(self.players, bool)
        self._mask = np.zeros((self.players, self.action_size), np.int8)
        self.agents = []
        obs = {a: self._observation(self._seat_of[a]) for a in agents}
        rewards = {a: float(self.illegal) if a in losers else 0.0 for a in agents}
        infos = {a: {"acting": False, "illegal": a in losers} for a in agents}
        return obs, rewards, dict.fromkeys(agents, True), dict.fromkeys(agents, False), infos
