"""What the environments that play one game at a time (AEC, Parallel, Gymnasium) share: the lab
record of the last game, the deal in progress, the position as text, and closing the server."""

from __future__ import annotations

from typing import Any, Dict, Optional

import gymnasium

from ._common import GameInfo, append_record


class OneGame(GameInfo):
    """Mixed into each one-game environment, which sets ``_server``, ``_deal`` and ``render_mode``."""

    def record(self) -> Dict[str, Any]:
        """The lab record of the last finished game (what a tournament's --log holds), lab bots' seats included."""
        return self._server.record(0)

    def save_record(self, path) -> Dict[str, Any]:
        """Appends the last finished game's record to a JSON Lines file (replay, analyse and the web viewer open it)."""
        record = self.record()
        append_record(record, path)
        return record

    @property
    def deal(self) -> int:
        """The deal number of the game in progress (deal k of the master seed)."""
        return self._deal

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: make the environment with render_mode='ansi' (or 'human')")
            return None
        text = self._server.render(0)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        if hasattr(self, "_server"):
            self._server.close()
