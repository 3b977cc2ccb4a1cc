"""The WebSocket protocol ``meeple serve`` runs: uvicorn's sans-I/O one, answering a message over
the size the server reads with close code 4400 and a reason, as every other refused hello.

uvicorn's protocol (``websockets``' ``ServerProtocol`` underneath) reads at most ``ws_max_size``
bytes a message; over that, the library fails the connection itself with close code 1009 and no
message the page understands, before the app sees a byte (issue 30: ``docs/server.md`` promises
4400 for a hello over 1 KB).  Here the library's refusal speaks the server's language: an
``{"type": "error", "error": ..., "key", "args"}`` text frame in the reader's language (its
``meeple_lang`` cookie or ``Accept-Language`` at the handshake), then close code 4400.  Smaller hellos still reach
the app, which refuses anything over ``MAX_HELLO`` the same way (``app.read_hello``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from http.cookies import CookieError, SimpleCookie
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import CloseCode
from websockets.protocol import OPEN
from websockets.server import ServerProtocol

from meeple.engine.messages import msg
from meeple.i18n.render import render
from meeple.server.schemas import MAX_HELLO
from meeple.server.web import LANG_COOKIE, choose_language

REFUSED = 4400  # the close code of a refused hello (docs/server.md, "Live updates")


class _Refusing(ServerProtocol):
    """``ServerProtocol`` whose message-too-big failure is a 4400 with the reason first."""

    def fail(self, code: CloseCode | int, reason: str = "") -> None:
        if code == CloseCode.MESSAGE_TOO_BIG and self.state is OPEN:
            error = msg("server.hello.frame_too_large", limit=self.max_message_size or 0, hello=MAX_HELLO)
            lang = getattr(self, "meeple_lang", None)  # set at the handshake (MeepleWebSocketProtocol)
            self.send_text(json.dumps({"type": "error", "error": render(lang, error), "key": error["key"],
                                       "args": error["args"]}).encode())
            code, reason = REFUSED, "message too big"
        super().fail(code, reason)


class MeepleWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with ``_Refusing`` as its connection.

    A refused message is answered, then the sending side is shut (the client reads the message,
    the close frame and the end of the stream) and the rest of the message is read and dropped
    until the client hangs up or ``LINGER`` seconds pass: closing at once, with the rest of a
    large message unread, resets the connection and can lose the answer on its way."""

    LINGER = 2.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.conn.__class__ = _Refusing  # same state, one method more (no new fields)
        self._refused = False

    def handle_connect(self, event: Any) -> None:
        # the reader's language for a refusal before the app runs (as web.request_language)
        cookie = SimpleCookie()
        with contextlib.suppress(CookieError):
            cookie.load(event.headers.get("Cookie", ""))
        chosen = cookie.get(LANG_COOKIE)
        self.conn.meeple_lang = choose_language(chosen.value if chosen else None,  # type: ignore[attr-defined]
                                                event.headers.get("Accept-Language"))
        super().handle_connect(event)

    def handle_parser_exception(self) -> None:
        close = self.conn.close_sent
        if close is None or close.code != REFUSED:
            super().handle_parser_exception()
            return
        if self._refused:  # more of the refused message: the protocol drops it
            return
        self._refused = True
        self.queue.put_nowait({"type": "websocket.disconnect", "code": close.code, "reason": close.reason})
        self.transport.write(b"".join(self.conn.data_to_send()))
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.close_sent = True
        self.close_timer = asyncio.get_running_loop().call_later(self.LINGER, self.transport.close)

    def eof_received(self) -> None:
        if self._refused:  # the client hung up after reading the refusal
            self.transport.close()
