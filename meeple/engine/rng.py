"""A small seeded random-number generator owned by each state.

Why not ``random.Random``: its state is 625 words, so copying it makes
``clone()`` slow, and the spelling of its helpers (``randrange``, ``shuffle``)
has changed between Python versions.  ``Rng`` is splitmix64: one integer of
state, so a clone copies one int, and every draw is defined here, bit for bit,
on every machine and Python version.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_SPAN = 1 << 64


class Rng:
    """Deterministic splitmix64 generator with the helpers games need."""

    __slots__ = ("state", "draws")

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK
        self.draws = 0  # how many numbers were drawn: an undo barrier counter

    def copy(self) -> Rng:
        other = Rng.__new__(Rng)
        other.state = self.state
        other.draws = self.draws
        return other

    def next64(self) -> int:
        self.draws += 1
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in ``[lo, hi]``, both ends included."""
        return lo + self.below(hi - lo + 1)

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates in place (``below`` written out inline: the same draws, faster)."""
        state = self.state
        draws = self.draws
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                draws += 1
                state = z = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            seq[i], seq[j] = seq[j], seq[i]
        self.state = state
        self.draws = draws

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> Rng:
        """A new independent generator seeded from this one."""
        return Rng(self.next64())


def as_rng(rng: object) -> Rng:
    """Accept an ``Rng``, an int seed, or a ``random.Random`` and return an ``Rng``."""
    if isinstance(rng, Rng):
        return rng
    if isinstance(rng, int):
        return Rng(rng)
    getrandbits = getattr(rng, "getrandbits", None)
    if getrandbits is not None:
        return Rng(int(getrandbits(64)))
    raise TypeError(f"expected an Rng, an int seed or a random.Random, got {type(rng).__name__}")
