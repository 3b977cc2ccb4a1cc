"""``Rng`` gives splitmix64's numbers bit for bit in both builds (docs/engine.md "Determinism"; issue 31):
compiled (``make fast``) its draws run on wrapping ``i64`` words, interpreted on masked Python ints.
Each check below runs against a plain reference written out here, on whichever build is running."""

from __future__ import annotations

import random

import meeple._compiled
from meeple.engine import rng as rng_module
from meeple.engine.rng import Rng

MASK = (1 << 64) - 1


class Reference:
    """splitmix64 and the draws as first written (unsigned ints masked to 64 bits)."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK
        self.draws = 0

    def next64(self) -> int:
        self.draws += 1
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, seq: list[int]) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]


# bounds that reject often (2**61 + 1: one draw in 8), powers of two (never), and past the
# compiled build's word path (2**62 and more)
BOUNDS = (1, 2, 3, 6, 7, 10, 52, 100, 1 << 20, (1 << 61) + 1, (1 << 62) - 1, 1 << 62,
          (1 << 62) + 5, 3 * (1 << 62) + 1, MASK)


def test_rng_draws_match_splitmix64_in_this_build() -> None:
    """below, next64 and shuffle, their state and draw count, over seeds on both sides of 2**63."""
    pick = random.Random(31)
    for trial in range(400):
        seed = pick.getrandbits(64) if trial % 2 else pick.randrange(1000)
        got, want = Rng(seed), Reference(seed)
        for _ in range(6):
            n = pick.choice(BOUNDS + (pick.randrange(1, 1 << 62),))
            assert got.below(n) == want.below(n), (seed, n)
            assert got.next64() == want.next64(), seed
            deck = list(range(pick.randrange(0, 70)))
            mine, theirs = deck.copy(), deck.copy()
            got.shuffle(mine)
            want.shuffle(theirs)
            assert mine == theirs, (seed, len(deck))
            assert (got.state, got.draws) == (want.state, want.draws), seed


def test_rng_shuffles_another_mutable_sequence_like_a_list() -> None:
    """Only a list takes the compiled word path; an array gets the same order by the other path."""
    import array

    as_list = list(range(40))
    as_array = array.array("i", range(40))
    a, b = Rng(2**63 + 12345), Rng(2**63 + 12345)
    a.shuffle(as_list)
    b.shuffle(as_array)
    assert as_list == list(as_array)
    assert (a.state, a.draws) == (b.state, b.draws)


def test_rng_word_path_is_used_exactly_when_compiled() -> None:
    """``NATIVE`` (the i64 draws) is on in the compiled build and off in the pure one."""
    assert rng_module.NATIVE == meeple._compiled.active()
    assert rng_module.NATIVE == (not (rng_module.__file__ or "").endswith(".py"))
