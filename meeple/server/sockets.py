"""The WebSocket protocol ``meeple serve`` runs: uvicorn's sans-I/O one, answering a message over
the size the server reads with close code 4400 and a reason, as every other refused hello.

uvicorn's protocol (``websockets``' ``ServerProtocol`` underneath) reads at most ``ws_max_size``
bytes a message; over that, the library fails the connection itself with close code 1009 and no
message the page understands, before the app sees a byte (issue 30: ``docs/server.md`` promises
4400 for a hello over 1 KB).  Here the library's refusal speaks the server's language: an
``{"type": "error", "error": ...}`` text frame, then close code 4400.  Smaller hellos still reach
the app, which refuses anything over ``MAX_HELLO`` the same way (``app.read_hello``).
"""

from __future__ import annotations

import json
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import CloseCode
from websockets.protocol import OPEN
from websockets.server import ServerProtocol

from meeple.server.schemas import MAX_HELLO

REFUSED = 4400  # the close code of a refused hello (docs/server.md, "Live updates")


class _Refusing(ServerProtocol):
    """``ServerProtocol`` whose message-too-big failure is a 4400 with the reason first."""

    def fail(self, code: CloseCode | int, reason: str = "") -> None:
        if code == CloseCode.MESSAGE_TOO_BIG and self.state is OPEN:
            limit = self.max_message_size
            text = (f"the message is larger than the server reads ({limit} bytes; "
                    f"a hello is at most {MAX_HELLO})")
            self.send_text(json.dumps({"type": "error", "error": text}).encode())
            code, reason = REFUSED, "message too big"
        super().fail(code, reason)


class MeepleWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with ``_Refusing`` as its connection."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.conn.__class__ = _Refusing  # same state, one method more (no new fields)
