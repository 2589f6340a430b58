"""Builds a game's module API (raw_env, env, gym_env, vector_env, parallel_env) from its lab id."""

from __future__ import annotations

from typing import Any, Dict

from ._aec import LabAECEnv, LabParallelEnv, wrap
from ._gym import LabGymEnv
from ._vector import LabVectorEnv


def game_api(game: str, name: str, parallel: bool) -> Dict[str, Any]:
    meta = {"render_modes": ["ansi", "human"], "name": name}
    raw = type("raw_env", (LabAECEnv,), {"GAME": game, "metadata": {**meta, "is_parallelizable": parallel}, "__module__": f"nothanks_lab.envs.{name[:-3]}"})

    def env(**rules: Any):
        """The AEC environment, wrapped as PettingZoo's classic environments are."""
        return wrap(raw(**rules))

    api: Dict[str, Any] = {
        "raw_env": raw,
        "env": env,
        "gym_env": type("gym_env", (LabGymEnv,), {"GAME": game, "__module__": f"nothanks_lab.envs.{name[:-3]}"}),
        "vector_env": type("vector_env", (LabVectorEnv,), {"GAME": game, "__module__": f"nothanks_lab.envs.{name[:-3]}"}),
    }
    if parallel:
        api["parallel_env"] = type(
            "parallel_env", (LabParallelEnv,), {"GAME": game, "metadata": {**meta, "is_parallelizable": True}, "__module__": f"nothanks_lab.envs.{name[:-3]}"}
        )
    return api
