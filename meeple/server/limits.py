"""The limits a public server needs, per client (its IP address) and per table.

``Limits`` holds every number (``create_app(limits=Limits(...))`` or a dict of
fields); ``RateLimiter`` is a token bucket per (what, client): ``hit`` answers
``None`` when the call may go ahead, else the seconds to wait (the server
answers 429 with ``Retry-After``).  Buckets of quiet clients are forgotten,
so the limiter's memory stays bounded.
"""

from __future__ import annotations

import time

from pydantic import BaseModel, ConfigDict, Field


class Limits(BaseModel):
    """Every limit the server enforces (all positive; see docs/server.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    creates_per_minute: float = Field(default=10.0, gt=0)
    """tables one client may create per minute (a burst of that many, refilled evenly)"""
    acts_per_second: float = Field(default=8.0, gt=0)
    """acts (and joins, undos) one client may send per second (burst: twice that)"""
    open_tables_per_client: int = Field(default=20, gt=0)
    """running tables one client may have created at once"""
    sockets_per_client: int = Field(default=32, gt=0)
    sockets_per_table: int = Field(default=500, gt=0)
    hello_timeout: float = Field(default=10.0, gt=0)
    """seconds a new socket has to send its hello"""
    presence_every: float = Field(default=1.0, gt=0)
    """seconds over which sockets coming and going are batched into one presence message"""
    spectator_every: float = Field(default=0.2, ge=0)
    """seconds of changes sent to spectators as one message (0: every change at once)"""
    idle_unload: float = Field(default=600.0, gt=0)
    """a table nobody watches or used for this long leaves memory (the database keeps it)"""
    expire_after: float = Field(default=30 * 86400.0, gt=0)
    """a running table nobody changed for this long is aborted as abandoned"""
    sweep_every: float = Field(default=60.0, gt=0)
    """seconds between the sweeps that unload and expire tables"""


class RateLimiter:
    """Token buckets keyed by (what, client)."""

    def __init__(self, max_keys: int = 10_000) -> None:
        self.buckets: dict[tuple[str, str], tuple[float, float]] = {}
        self.max_keys = max_keys

    def hit(self, what: str, client: str, rate: float, burst: float) -> float | None:
        """Take one token; ``None`` if there was one, else the seconds until there is."""
        now = time.monotonic()
        key = (what, client)
        tokens, last = self.buckets.get(key, (burst, now))
        tokens = min(burst, tokens + (now - last) * rate)
        if tokens < 1.0:
            self.buckets[key] = (tokens, now)
            return (1.0 - tokens) / rate
        if len(self.buckets) >= self.max_keys and key not in self.buckets:
            self._forget(now, rate, burst)
        self.buckets[key] = (tokens - 1.0, now)
        return None

    def give_back(self, what: str, client: str, burst: float) -> None:
        """Return the token a call took (it turned out not to count: a right password)."""
        key = (what, client)
        if key in self.buckets:
            tokens, last = self.buckets[key]
            self.buckets[key] = (min(burst, tokens + 1.0), last)

    def _forget(self, now: float, rate: float, burst: float) -> None:
        """Drop the buckets that have refilled (their clients were quiet); if none has,
        drop the oldest half (a flood of new clients)."""
        full = [k for k, (tok, last) in self.buckets.items() if tok + (now - last) * rate >= burst]
        for k in full:
            del self.buckets[k]
        if len(self.buckets) >= self.max_keys:
            oldest = sorted(self.buckets, key=lambda k: self.buckets[k][1])[: self.max_keys // 2]
            for k in oldest:
                del self.buckets[k]
