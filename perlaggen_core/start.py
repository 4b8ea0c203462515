"""A deal's starting position: the rules, dealer, scores, target and the dealt cards, checked.

`Start.problems()` lists everything wrong with a position (the scenario editor shows them all);
`Start.check()` raises the first as a RecordError naming its field.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .dealing import deal_from_seed
from .errors import RecordError
from .messages import msg
from .rules import TARGETS, Rules


def _problem(field: str, code: str, **params) -> RecordError:
    return RecordError(msg(code, field=field, **params), field)


def setting_problems(rules: Rules, dealer: int, scores: tuple[int, ...], target: int) -> list[RecordError]:
    """What is wrong with a deal's dealer, scores and target (ruling 25; Strafperlaggen counts down
    to 0), before any card."""
    out = []
    if not 0 <= dealer < rules.players:
        out.append(_problem("dealer", "start.dealer", dealer=dealer, last=rules.players - 1))
    if len(scores) != rules.teams:
        out.append(_problem("scores", "start.scores", teams=rules.teams))
    if rules.count_down:
        if target != 0:
            out.append(_problem("target", "start.target_zero", target=target))
    elif not TARGETS[0] <= target <= TARGETS[1]:
        out.append(_problem("target", "start.target", target=target, low=TARGETS[0], high=TARGETS[1]))
    return out


@dataclass(frozen=True)
class Start:
    rules: Rules
    dealer: int
    scores: tuple[int, ...]
    target: int
    hands: tuple[tuple[str, ...], ...]
    trump_card: str
    captured: tuple[str, ...] = ()
    exposed: tuple[str, ...] = ()     # Eichel: acorns set aside while turning trumps
    seed: Optional[int] = None        # set when the cards were dealt by the seeded shuffle
    shown_stock: tuple[str, ...] = () # Luck und Boden: the stock's top and bottom cards, shown to all
    leader_exchanges: bool = False    # Strafperlaggen's play-on: the leader has the dealer's exchange right
    before_cut: bool = False          # the deal begins before the cut: the blind-bet window, then a `cut` act
    # the cards came from the seeded shuffle itself (`seeded`), so they need no checking; `replace`
    # makes a Start without it, as its cards may be anything
    dealt: bool = field(default=False, init=False, repr=False, compare=False)

    @classmethod
    def seeded(cls, rules: Rules, seed: int, dealer: int = 0, scores: Optional[tuple[int, ...]] = None,
               target: Optional[int] = None, before_cut: bool = False) -> "Start":
        """Shuffle with the seed, cut, deal and turn trumps; with `before_cut` the deal begins
        before the cut is made known (the blind-bet window, closed by the cutter's `cut`)."""
        dealt = deal_from_seed(rules, seed, dealer)
        shown = (dealt.stock[0], dealt.stock[-1]) if rules.luck_und_boden and len(dealt.stock) >= 2 else ()
        start = cls(rules, dealer, tuple(scores) if scores is not None else (rules.start_score,) * rules.teams,
                    target if target is not None else rules.target, dealt.hands, dealt.trump_card, dealt.captured,
                    dealt.exposed, seed, shown, before_cut=before_cut)
        object.__setattr__(start, "dealt", True)
        return start

    @property
    def cutter(self) -> int:
        return (self.dealer - 1) % self.rules.players

    def check(self) -> None:
        problems = self.problems()
        if problems:
            raise problems[0].within(self.rules)

    def problems(self) -> list[RecordError]:
        rules, n = self.rules, self.rules.players
        out = setting_problems(rules, self.dealer, self.scores, self.target)
        if self.dealt:
            return out

        def problem(field: str, code: str, **params) -> None:
            out.append(_problem(field, code, **params))

        if len(self.hands) != n:
            problem("hands", "start.hands", players=n)
        pack = set(rules.pack)
        seen: dict[str, str] = {}

        def place(card: str, where: str) -> None:
            if card not in pack:
                problem(where, "start.not_in_pack", card=card, rules=rules.name)
            elif card in seen:
                problem(where, "start.dealt_twice", card=card, also=seen[card])
            else:
                seen[card] = where

        for seat, hand in enumerate(self.hands):
            if len(hand) != rules.hand_size:
                problem(f"hands.{seat}", "start.hand_size", seat=seat, count=len(hand), size=rules.hand_size)
            for card in hand:
                place(card, f"hands.{seat}")
        place(self.trump_card, "trump_card")
        if self.trump_card[:1] in rules.no_trump_suits:
            problem("trump_card", "start.trump_suit", card=self.trump_card, suit=self.trump_card[0])
        for card in self.exposed:
            place(card, "exposed")
            if card[0] not in rules.no_trump_suits:
                problem("exposed", "start.exposed_trump", card=card)
        if len(self.captured) > rules.max_capture:
            problem("captured", "start.captured_too_many", most=rules.max_capture)
        if self.shown_stock and not rules.luck_und_boden:
            problem("shown_stock", "start.shown_stock_off")
        elif rules.luck_und_boden and len(self.shown_stock) != 2 and self.seed is None:
            problem("shown_stock", "start.shown_stock_two")
        for card in self.shown_stock:
            place(card, "shown_stock")
        cutter_hand = self.hands[self.cutter] if 0 <= self.dealer < n and len(self.hands) == n else ()
        for card in self.captured:
            if card not in rules.permanent:
                problem("captured", "start.captured_not_permanent", card=card)
            elif card not in cutter_hand:
                problem("captured", "start.captured_not_with_cutter", card=card, seat=self.cutter)
        return out
