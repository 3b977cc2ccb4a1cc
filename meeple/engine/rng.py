"""A small seeded random-number generator owned by each state.

Why not ``random.Random``: its state is 625 words, so copying it makes
``clone()`` slow, and the spelling of its helpers (``randrange``, ``shuffle``)
has changed between Python versions.  ``Rng`` is splitmix64: one integer of
state, so a clone copies one int, and every draw is defined here, bit for bit,
on every machine and Python version.

Two spellings of the same draws: the pure-Python one works on unsigned Python ints masked to 64
bits; compiled (``make fast``, ``NATIVE``), ``next64``, ``below`` and ``shuffle`` run on ``i64``
machine words instead, whose arithmetic wraps around (the C extensions are built with ``-fwrapv``),
so splitmix64's products need no big integers.  There a word holds the unsigned value minus 2**64
when it is 2**63 or more; right shifts are masked to be logical.  The public ``state`` is the
unsigned value in both builds, and both give the same numbers (``tests/engine/test_rng.py``).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_SPAN: Final = 1 << 64

_I64_MAX: Final = (1 << 63) - 1
_SMALL: Final = 1 << 62
"""``below(n)`` for ``n`` under this runs on machine words when compiled (and ``2**64 % n`` fits one)."""
_GAMMA: Final = 0x9E3779B97F4A7C15 - (1 << 64)
"""splitmix64's increment and multipliers as signed words (the same bits)."""
_MUL1: Final = 0xBF58476D1CE4E5B9 - (1 << 64)
_MUL2: Final = 0x94D049BB133111EB - (1 << 64)
_LOW34: Final = (1 << 34) - 1
"""``z >> 30`` of a signed word, masked: the unsigned (logical) shift."""
_LOW37: Final = (1 << 37) - 1
_LOW33: Final = (1 << 33) - 1


def _probe() -> None:
    """Only asked for its type: a compiled module's functions are not Python functions."""


NATIVE: Final = type(_probe).__name__ != "function"
"""Whether this module runs compiled (``make fast``): then the draws use ``i64`` words."""


def _word(u: int) -> i64:
    """The unsigned 64-bit ``u`` as a signed word (the same bits)."""
    return i64(u - _SPAN) if u > _I64_MAX else i64(u)


def _unsigned(w: i64) -> int:
    """The signed word ``w`` as the unsigned value of the same bits."""
    return int(w) + _SPAN if w < 0 else int(w)


def _span_mod(n: i64) -> i64:
    """``2**64 % n`` for ``0 < n < 2**62``, in words: ``2**64 = 2 * (2**63 - 1 + 1)``."""
    return (2 * (_I64_MAX % n + 1)) % n


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
        if NATIVE:
            return _unsigned(self._next_word())
        self.draws += 1
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def _next_word(self) -> i64:
        """``next64`` as a signed word (compiled only: interpreted, ``i64`` does not wrap)."""
        self.draws += 1
        s: i64 = _word(self.state) + _GAMMA
        self.state = _unsigned(s)
        z: i64 = (s ^ ((s >> 30) & _LOW34)) * _MUL1
        z = (z ^ ((z >> 27) & _LOW37)) * _MUL2
        return z ^ ((z >> 31) & _LOW33)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if NATIVE and n < _SMALL:
            m: i64 = n
            rem = _span_mod(m)
            while True:
                z = self._next_word()
                # accept the unsigned value below 2**64 - rem: every word >= 0, or below -rem
                if z >= 0:
                    return int(z % m)
                if z < -rem:
                    return int((z % m + rem) % m)
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
        if NATIVE and isinstance(seq, list):
            self._shuffle_words(seq)
            return
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

    def _shuffle_words(self, seq: list[Any]) -> None:
        """``shuffle`` of a list on signed words (compiled only; the same draws, see ``below``)."""
        s: i64 = _word(self.state)
        draws: i64 = 0
        i: i64 = len(seq) - 1
        while i > 0:
            n: i64 = i + 1
            rem = _span_mod(n)
            while True:
                draws += 1
                s += _GAMMA
                z: i64 = (s ^ ((s >> 30) & _LOW34)) * _MUL1
                z = (z ^ ((z >> 27) & _LOW37)) * _MUL2
                z ^= (z >> 31) & _LOW33
                if z >= 0:
                    j = z % n
                    break
                if z < -rem:
                    j = (z % n + rem) % n
                    break
            seq[i], seq[j] = seq[j], seq[i]
            i -= 1
        self.state = _unsigned(s)
        self.draws += int(draws)

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
