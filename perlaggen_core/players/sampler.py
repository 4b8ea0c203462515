"""Guessing the hidden cards: deals of the unseen cards to the other hands that fit everything
public (cards played and shown, the turned card and exchanges, Perlaggen kept in the cut, suits a
player failed to follow, the example every bettor and holder of a Gleich or Hanger must show),
weighed by the signs the seat saw and the bets and answers.

A sign is evidence, not fact: each guess takes a seat's batch of signs as true with the chance the
sign model gives (`signals.trust`), and otherwise ignores it. A partner's batch is complete (he
signs his whole hand: the counts are exact); a caught opponent's sign is one of a batch the seat
may have partly missed, so it says only "at least"."""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Optional

from ..actions import card_of
from ..deal import Deal
from ..errors import PerlaggenError
from ..exchange import passed_over
from ..figures import can_show, gleich_key, hanger_key
from ..signals import CATCH, SYSTEMS, latest_batches, system_of, trust
from ..tricks import led_suit
from .evidence import BetEvidence

REPAIRS = 150   # new deals of one seat's free cards to meet what its actions imply


# signals read as evidence about a group of cards: the signal is made once per card of the group


def signal_groups(deal) -> dict[str, set[str]]:
    """For each card signal, the cards it speaks of (under this deal's trumps)."""
    trump, perl = deal.trump, set(deal.perl)
    naturals = {c for c in deal.rules.pack if c[0] == trump and c not in perl}
    groups = {"martl": {"HK"}, "weli": {"S6"}, "schell_spitz": {"S7"}, "eichel_spitz": {"E7"},
              "trump_seven": {trump + "7"}, "trump_ace": {trump + "A"} & naturals,
              "trump_king": {trump + "K"} & naturals,
              "trump_unter_ober": {trump + "U", trump + "O"} & perl,
              "acorn_perlagg": {c for c in perl if c[0] == "E" and c[0] != trump}}
    system = system_of(deal.rules)
    if system == "innsbruck":
        groups["trump_seven"] -= {"S7", "E7"}
        groups.pop("trump_king")
        groups.pop("acorn_perlagg")
        small = naturals - {trump + "A"}
    else:
        groups.pop("schell_spitz")
        groups.pop("eichel_spitz")
        small = naturals - {trump + "A", trump + "K"}
    groups["small_trumps"] = small
    signs = SYSTEMS.get(system, {}) if system else {}   # only what the system has a sign for (no Martl in Giltspiel)
    return {k: v & set(deal.rules.pack) for k, v in groups.items() if k in signs}


# ----------------------------------------------------------------------------- guessing hands
class Sampler:
    """Deals the cards `seat` cannot see, consistently with the public record."""

    def __init__(self, deal: Deal, seat: int, signals=None, trust_in: Optional[float] = None) -> None:
        self.deal = deal
        self.seat = seat
        catch = getattr(signals, "catch", CATCH)
        self.trust = trust(deal.rules, catch) if trust_in is None else trust_in
        self.complete: dict[int, bool] = {}
        n = deal.n
        rules = deal.rules
        cutter = (deal.dealer - 1) % n
        takes: list[set[str]] = [set() for _ in range(n)]
        gives: list[set[str]] = [set() for _ in range(n)]
        for e in deal.exchanges:
            takes[e.seat].add(e.took)
            gives[e.seat].add(e.gave)
        played = [[c for c, _ in deal.played[s]] for s in range(n)]
        self.played = played
        self.takes, self.gives = takes, gives
        known_now: list[set[str]] = [set() for _ in range(n)]
        for s in range(n):
            known_now[s].update(c for c, _ in deal.shown[s])
            known_now[s].update(c for c in takes[s] if c not in played[s])
            if s == cutter:
                known_now[s].update(c for c in deal.captured if c not in played[s])
            known_now[s] -= gives[s]
        known_now[seat] = set(deal.hands[seat])
        self.known_now = known_now
        visible = set(deal.hands[seat]) | known_now[seat]
        for s in range(n):
            visible.update(played[s])
            visible.update(known_now[s])
        if deal.face_up:
            visible.add(deal.face_up)
        visible.update(deal.exposed)
        visible.update(deal.start.shown_stock)     # Luck und Boden: out of play, seen by all
        self.pool = sorted(set(rules.pack) - visible)
        self.hidden = {s: len(deal.hands[s]) - len(known_now[s]) for s in range(n) if s != seat}
        self.voids = self._voids()
        self.lacks = passed_over(deal, seat)
        # the unseen cards each seat cannot hold (`_allowed`), asked card by card in every draw
        self.barred = {s: frozenset(c for c in self.pool if not self._allowed(s, c)) for s in range(n)}
        self.claims, self.batches = self._signal_evidence(signals)
        self.duties = [(o.seat, o.figure) for o in deal.obligations if o.seat != seat and not o.blind]
        self.bets = BetEvidence(deal, seat)
        # what the checks of a duty and of a long-figure sign read of a seat besides the guessed hand
        self._shows = {s: self._show_parts(s) for s, _figure in self.duties}
        self._longs = {s: self._long_parts(s) for s in self.batches}

    def _voids(self) -> dict[int, set[str]]:
        deal = self.deal
        voids: dict[int, set[str]] = {s: set() for s in range(deal.n)}
        for trick in deal.tricks:
            led = led_suit(trick)
            for s, card, baptism in trick.cards[1:]:
                if (baptism or card)[0] not in (led, deal.trump):
                    voids[s].add(led)
        return voids

    def _signal_evidence(self, signals):
        """Per signalling seat: groups of unseen cards it should hold (how many, exactly when its
        batch is complete, else at least) or lack, from the signs this seat saw."""
        deal = self.deal
        claims: list[tuple[int, list[str], int, bool]] = []   # (seat, unseen cards of a group, how many, exact)
        if not signals or system_of(deal.rules) is None:
            return claims, {}
        teams = deal.n_teams
        seen = [sign for sign in signals if sign[0] != self.seat and
                (not hasattr(sign, "seen_by") or sign.seen_by(self.seat, teams))]
        batches = latest_batches(seen, {sign[0] for sign in seen})
        self.complete = {s: deal.team(s) == deal.team(self.seat) or
                         any(len(sign) < 4 or sign[3] is None for sign in seen if sign[0] == s and sign[2] == after)
                         for s, (after, _sigs) in batches.items()}
        pool = set(self.pool)
        every_wild_or_trump = {c for c in pool if c in deal.perl_rank or c[0] == deal.trump}
        for s, (after, sigs) in batches.items():
            exact = self.complete[s]
            later = {a.card for i, a in enumerate(deal.actions)
                     if i > after and a.act == "play" and a.seat == s}
            if "nothing" in sigs:
                claims.append((s, sorted(every_wild_or_trump), 0, True))
            for sig, group in signal_groups(deal).items():
                if not exact and sig not in sigs:
                    continue
                seen_cards = len(group & (later | self.known_now[s]))
                claims.append((s, sorted(group & pool), max(0, sigs.count(sig) - seen_cards), exact))
        return claims, batches

    def _allowed(self, s: int, card: str) -> bool:
        return not (card[0] in self.voids[s] and card not in self.deal.perl_rank) and card not in self.lacks[s]

    def believe(self, rng: random.Random) -> set[int]:
        """The seats whose signs one guess takes as true (each batch with the sign model's trust)."""
        return {s for s in self.batches if rng.random() < self.trust}

    def draw(self, rng: random.Random, relax: bool = False,
             believed: Optional[set[int]] = None) -> Optional[dict[int, list[str]]]:
        """One guess of the current hidden cards of every other seat (None if it failed)."""
        need = dict(self.hidden)
        hands: dict[int, list[str]] = {s: [] for s in need}
        rest = list(self.pool)
        rng.shuffle(rest)
        taken: set[str] = set()
        banned: dict[int, set[str]] = {s: set() for s in need}
        if not relax:
            if believed is None:
                believed = self.believe(rng)
            for s, group, count, exact in self.claims:
                if s not in believed:
                    continue
                free = [c for c in group if c not in taken and c not in self.barred[s]]
                rng.shuffle(free)
                pick = free[:min(count, need.get(s, 0))]
                hands[s].extend(pick)
                need[s] -= len(pick)
                taken.update(pick)
                if exact:
                    banned[s].update(c for c in group if c not in pick)
        rest = [c for c in rest if c not in taken]

        unfit = {s: self.barred[s] | banned[s] for s in need}

        def room(s: int) -> int:
            return sum(1 for c in rest if c not in unfit[s])
        dealt: dict[int, list[str]] = {}
        for s in sorted(need, key=lambda s: room(s) - need[s]):
            if need[s] == 0:
                continue
            got = []
            for c in rest:
                if c not in unfit[s]:
                    got.append(c)
                    if len(got) == need[s]:
                        break
            if len(got) < need[s]:
                return None
            for c in got:
                rest.remove(c)
            hands[s].extend(got)
            dealt[s] = got
        if not relax:
            self._repair(rng, hands, dealt, rest, banned, believed or set())
        return hands

    def _repair(self, rng: random.Random, hands, dealt, rest: list[str], banned, believed: set[int]) -> None:
        """Deal a seat's freely dealt cards again (from them and the cards left over) while its hand
        breaks what its actions imply: the example a bettor or holder must show, the long Gleich or
        Hanger its believed signs claim. Rejection would rarely find such hands among a few guesses."""
        for s, got in dealt.items():
            if self._fits(s, hands[s], believed):
                continue
            fixed = hands[s][:len(hands[s]) - len(got)]
            choice = [c for c in got + rest if c not in self.barred[s] and c not in banned[s]]
            for _ in range(REPAIRS):
                trial = rng.sample(choice, len(got))
                if self._fits(s, fixed + trial, believed):
                    rest[:] = [c for c in got + rest if c not in trial]
                    hands[s] = fixed + trial
                    break

    def _fits(self, s: int, hand: list[str], believed: set[int]) -> bool:
        """Whether seat `s` holding `hand` can show every figure it must, and has the long figures
        its signs claim (when they are believed)."""
        if any(not self._can_show(s, hand, figure) for seat, figure in self.duties if seat == s):
            return False
        if s in believed and s in self.batches:
            sigs = self.batches[s][1]
            return all(self._long(s, hand, sig) for sig in ("gleich4", "hanger4") if sig in sigs)
        return True

    def _can_show(self, s: int, hand: list[str], figure: str) -> bool:
        perl = self.deal.perl_rank
        fixed, known, shown = self._shows[s]
        held = known + hand
        wild = sum(1 for c in held if c in perl and c not in shown)
        cards = fixed + [c for c in held if c not in perl and c not in shown]
        return can_show(cards, wild, figure == "gleich", figure == "hanger")

    def _show_parts(self, s: int) -> tuple[list[str], list[str], set[str]]:
        """What `_can_show` reads of seat `s` besides the guessed hand, the same for every guess:
        its cards fixed by play or show, the cards it is known to hold now, those it has shown."""
        deal = self.deal
        return ([b or c for c, b in deal.played[s]] + [b or c for c, b in deal.shown[s]],
                list(self.known_now[s]), {c for c, _ in deal.shown[s]})

    def _long(self, s: int, hand: list[str], sig: str) -> bool:
        """Whether the seat held a Gleich or Hanger of four or more when it signed its last batch."""
        deal = self.deal
        before, known, later = self._longs[s]
        held = known + hand + later
        wild = sum(1 for c in held if c in deal.perl_rank)
        cards = before + [c for c in held if c not in deal.perl_rank]
        key = (gleich_key if sig == "gleich4" else hanger_key)(cards, wild, deal.rules.max_figure)
        return key is not None and key[0] >= 4

    def _long_parts(self, s: int) -> tuple[list[str], list[str], list[str]]:
        """What `_long` reads of seat `s` besides the guessed hand, the same for every guess: its
        cards played before its last batch of signs (as named), known now, and played since."""
        deal = self.deal
        after = self.batches[s][0]
        later = [card_of(a) for i, a in enumerate(deal.actions) if i > after and a.act == "play" and a.seat == s]
        before = [b or c for c, b in deal.played[s] if c not in later]
        return before, list(self.known_now[s]), later

    def weight(self, hands: dict[int, list[str]], believed: Optional[set[int]] = None) -> float:
        """How well a guess agrees with the long-figure signs believed and the bets and answers;
        0 when a bettor or holder of the Gleich or Hanger could not show an example (that costs
        him the penalty and the deal whatever else happens, so no sound player does it)."""
        w = 1.0
        for s, figure in self.duties:
            if not self._can_show(s, hands[s], figure):
                return 0.0
        for s, (after, sigs) in self.batches.items():
            if believed is not None and s not in believed:
                continue
            for sig in ("gleich4", "hanger4"):
                if sig not in sigs and not self.complete.get(s, True):
                    continue         # a caught sign tells what was made, not what was not
                if self._long(s, hands[s], sig) != (sig in sigs):
                    w *= 0.05
        return w * self.bets.weight(self.known_now, hands)

    def hands0(self, hands: dict[int, list[str]]) -> list[list[str]]:
        """The dealt hands that lead to this guess (exchanges undone)."""
        deal = self.deal
        out = []
        for s in range(deal.n):
            if s == self.seat:
                out.append(list(deal.hands0[s]))
                continue
            cards = set(self.known_now[s]) | set(hands[s]) | set(self.played[s])
            cards -= self.takes[s]
            cards |= self.gives[s]
            out.append(sorted(cards))
        return out

    def sample(self, rng: random.Random, pool: int = 8) -> Optional[Deal]:
        """A full deal replayed to the present: of `pool` guesses that keep every duty to show, one
        is picked with odds in proportion to how well it fits the evidence (None if no guess can be
        made; guesses that break a duty are used only when none keeps it)."""
        guesses: list[tuple[dict[int, list[str]], float]] = []
        broken: list[tuple[dict[int, list[str]], float]] = []
        for attempt in range(pool * 6):
            believed = self.believe(rng)
            hands = self.draw(rng, relax=attempt >= pool * 4, believed=believed)
            if hands is None:
                continue
            w = self.weight(hands, believed)
            (guesses if w > 0 else broken).append((hands, w))
            if len(guesses) == pool:
                break
        if not guesses:
            guesses = [(hands, 1.0) for hands, _w in broken[:pool]]
        while guesses:
            total = sum(w for _, w in guesses)
            if total <= 0:
                pick = rng.randrange(len(guesses))
            else:
                x, pick = rng.random() * total, 0
                while pick < len(guesses) - 1 and x >= guesses[pick][1]:
                    x -= guesses[pick][1]
                    pick += 1
            built = self.replay(guesses[pick][0])
            if built is not None:
                return built
            guesses.pop(pick)
        return None

    def replay(self, hands: dict[int, list[str]]) -> Optional[Deal]:
        deal = self.deal
        try:
            sim = Deal(replace(deal.start, hands=tuple(tuple(h) for h in self.hands0(hands)), seed=None))
            for action in deal.actions:
                sim.apply(action)
        except PerlaggenError:
            return None
        if sim.phase != deal.phase or sim.to_act != deal.to_act or outcomes(sim) != outcomes(deal):
            return None     # the hidden cards decide something the real deal did otherwise (the show's end,
        return sim          # who gets a conceded figure)


def outcomes(deal: Deal) -> list[tuple[object, Optional[int]]]:
    """Every figure's status and winner: what the table has seen decided."""
    return [(f.status, f.winner) for f in deal.figs.values()]
