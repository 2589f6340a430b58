"""Builds a game's module API (raw_env, env, gym_env, vector_env, parallel_env) from its lab id.

vector_env needs numpy only and is made at import. The PettingZoo and Gymnasium kinds are made on
first use (the game module's ``__getattr__``): a ``pip install clients/python`` without ``[envs]``
still imports every game module and runs its vector environment, and asking for another kind says
in one line what to install instead of a ModuleNotFoundError from deep inside.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Dict, Tuple

from ..errors import LabError
from ._vector import LabVectorEnv

INSTALL = 'pip install "clients/python[envs]"'
_LIBRARIES = {"pettingzoo": "PettingZoo", "gymnasium": "Gymnasium"}


def _import(kind: str, attr: str) -> Any:
    """The module of an environment kind (_aec or _gym), or a LabError naming what to install."""
    try:
        if kind == "aec":
            from . import _aec as module
        else:
            from . import _gym as module
    except ImportError as err:
        top = (getattr(err, "name", None) or "").split(".")[0]
        if top not in _LIBRARIES:
            raise
        raise LabError(f"{attr} needs {_LIBRARIES[top]}, which is not installed: {INSTALL}") from None
    return module


def game_api(game: str, name: str, parallel: bool) -> Tuple[type, Callable[[str], Any], Tuple[str, ...]]:
    """The game's vector_env class, the module's ``__getattr__`` for the other kinds, and their names."""
    module_name = f"nothanks_lab.envs.{name[:-3]}"
    meta = {"render_modes": ["ansi", "human"], "name": name}
    vector = type("vector_env", (LabVectorEnv,), {"GAME": game, "__module__": module_name})
    lazy = ("raw_env", "env", "gym_env") + (("parallel_env",) if parallel else ())

    def build_aec(attr: str) -> Dict[str, Any]:
        aec = _import("aec", attr)
        # Not parallelizable, even for 6 nimmt!: aec_to_parallel needs every agent to act once per
        # cycle, and a row choice after a low card is one seat's turn alone (parallel_env is native).
        raw = type("raw_env", (aec.LabAECEnv,), {"GAME": game, "metadata": {**meta, "is_parallelizable": False}, "__module__": module_name})

        def env(**rules: Any):
            """The AEC environment, wrapped as PettingZoo's classic environments are."""
            return aec.wrap(raw(**rules))

        env.__module__, env.__qualname__ = module_name, "env"
        made: Dict[str, Any] = {"raw_env": raw, "env": env}
        if parallel:
            made["parallel_env"] = type(
                "parallel_env", (aec.LabParallelEnv,), {"GAME": game, "metadata": {**meta, "is_parallelizable": True}, "__module__": module_name}
            )
        return made

    def build_gym(attr: str) -> Dict[str, Any]:
        gym = _import("gym", attr)
        return {"gym_env": type("gym_env", (gym.LabGymEnv,), {"GAME": game, "__module__": module_name})}

    def attribute(attr: str) -> Any:
        if attr not in lazy:
            raise AttributeError(f"module {module_name!r} has no attribute {attr!r}")
        made = build_gym(attr) if attr == "gym_env" else build_aec(attr)
        module = sys.modules[module_name]
        for key, value in made.items():
            setattr(module, key, value)  # made once: later look-ups find the module's own attribute
        return made[attr]

    return vector, attribute, lazy
