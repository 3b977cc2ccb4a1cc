"""Deliberately broken variants of the test game, one per conformance check.

Each variant breaks exactly one rule of the contract; ``test_conformance_catches``
proves the matching check fails on it (so no check is one that cannot fail).
"""

from __future__ import annotations

import random
from typing import Any

from meeple.engine import Action, Event, IllegalAction, Rng, State
from tests.engine.tinygame import HiLo, HiLoState

_leaky_counter = [0]


class NondeterministicState(HiLoState):
    """Uses the global random module to decide points."""

    __slots__ = ()

    def _apply(self, action: Action) -> list[Event]:
        events = super()._apply(action)
        self.points[0] += random.randint(0, 5)
        return events


class BadRecordState(HiLoState):
    """Writes a record that does not reproduce the game (wrong seed)."""

    __slots__ = ()

    def record(self) -> dict[str, Any]:
        rec = super().record()
        rec["seed"] = self.seed + 1
        return rec


class SharedCloneState(HiLoState):
    """``clone`` shares the hands with the original."""

    __slots__ = ()

    def _copy_into(self, other: State) -> None:
        super()._copy_into(other)
        assert isinstance(other, HiLoState)
        other.hands = self.hands
        other.points = self.points


class AcceptsGarbageState(HiLoState):
    """Treats any unknown text as a draw or skip instead of refusing it."""

    __slots__ = ()

    def find(self, action: Action | str) -> Action:
        try:
            return super().find(action)
        except IllegalAction:
            return self.legal_actions()[-1]


class MutatesOnRejectState(HiLoState):
    """Explaining an illegal action consumes randomness."""

    __slots__ = ()

    def explain_illegal(self, text: str) -> str | None:
        self.rng.below(6)
        return "no"


class StuckState(HiLoState):
    """Has no legal action when a player's hand is empty, though the game goes on."""

    __slots__ = ()

    def _legal(self) -> list[Action]:
        acts = super()._legal()
        return [a for a in acts if a.notation != "skip"]


class DuplicateNotationState(HiLoState):
    """Names every play alike."""

    __slots__ = ()

    def _legal(self) -> list[Action]:
        return [Action("play" if a.notation.startswith("play") else a.notation, a.data)
                for a in super()._legal()]


class LeakyViewState(HiLoState):
    """Shows every hand to everyone."""

    __slots__ = ()

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = super()._view(seat)
        view["all_hands"] = [sorted(self.tables.cards[c].value for c in h) for h in self.hands]
        return view


class DeterminizeTouchesState(HiLoState):
    """Resamples the original's deck instead of the copy's."""

    __slots__ = ()

    def determinize(self, seat: int, rng: Any) -> State:
        self.rng.shuffle(self.deck)
        return super().determinize(seat, rng)


class UncanonicalState(HiLoState):
    """Resamples from the pool in its current order, so the sample depends on the true hands."""

    __slots__ = ()

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        unseen = self.deck + [c for s, h in enumerate(self.hands) if s != seat for c in h]
        rng.shuffle(unseen)
        for s, hand in enumerate(self.hands):
            if s != seat:
                n = len(hand)
                hand[:] = unseen[:n]
                del unseen[:n]
        self.deck[:] = unseen


class EndlessState(HiLoState):
    """Never ends: once the cards are gone, players skip forever."""

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        return False

    def _legal(self) -> list[Action]:
        acts = super()._legal()
        if acts[-1].notation == "skip":
            acts.append(Action("wait", (2, -1)))
        return acts


class FloatScoresState(HiLoState):
    """Returns scores as floats."""

    __slots__ = ()

    def scores(self) -> list[int]:
        return [p + 0.5 for p in self.points]  # type: ignore[misc]


class TupleViewState(HiLoState):
    """Puts a tuple in its view."""

    __slots__ = ()

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = super()._view(seat)
        view["pile"] = tuple(view["pile"])
        return view


class OverclaimsState(HiLoState):
    """Tells ``settle`` there is always a choice ahead, so forced steps are left to the player."""

    __slots__ = ()

    def _decision_ahead(self) -> bool:
        return True


class StrayTargetState(HiLoState):
    """A play names a card the mover's view does not draw (a value past the deck's)."""

    __slots__ = ()

    def targets(self, action: Action) -> list[str]:
        return [f"hand:{v}00" for v in (t.split(":")[1] for t in super().targets(action))]


def variant(name: str, state_class: type[HiLoState], **attrs: Any) -> HiLo:
    """A test-game instance registered under ``name`` that builds ``state_class``."""
    cls = type(f"Broken_{name}", (HiLo,), {"name": name, "state_class": state_class, **attrs})
    return cls()


BROKEN = {
    "determinism": variant("broken_nondeterministic", NondeterministicState),
    "replay": variant("broken_record", BadRecordState),
    "clone_independent": variant("broken_clone", SharedCloneState),
    "illegal_rejected": variant("broken_accepts", AcceptsGarbageState),
    "illegal_rejected_mutates": variant("broken_mutates", MutatesOnRejectState),
    "legal_actions": variant("broken_stuck", StuckState),
    "legal_actions_duplicates": variant("broken_duplicates", DuplicateNotationState),
    "legal_actions_overclaims": variant("broken_overclaims", OverclaimsState),
    "hidden_information": variant("broken_leak", LeakyViewState),
    "hidden_information_touches": variant("broken_touch", DeterminizeTouchesState),
    "canonical_determinize": variant("broken_uncanonical", UncanonicalState),
    "ends": variant("broken_endless", EndlessState),
    "scores_and_ranking": variant("broken_scores", FloatScoresState),
    "view_json": variant("broken_view", TupleViewState),
    "targets": variant("broken_targets", StrayTargetState),
}

__all__ = ["BROKEN", "Rng"]
