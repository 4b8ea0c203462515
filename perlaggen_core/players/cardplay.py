"""How the rule-following player plays its cards: cheap cards while the trick is safe or lost,
Perlaggen saved for the later tricks, and a Perlagg's name chosen to serve its figures.

Each reason states what the decision rested on, and only what holds in the position as the seat
knows it ("nothing still out can beat it": no unseen card can; "the trick is already lost": no
card the seat may play takes it); tests/test_reasons.py checks every claim over random deals."""
from __future__ import annotations

from typing import Optional

from ..actions import Action, card_of
from ..cards import RANK_VALUE
from ..messages import Message, msg
from ..tricks import NOTHING, best_in, led_suit, strength
from .base import Decision
from .knowledge import card_weight, threat
from .turn import Turn


Plays = dict[str, dict[Optional[str], Action]]   # the legal plays by card, then by name (None: as itself)


def plays_by_card(plays: list[Action]) -> Plays:
    """The legal plays by card and name, in the engine's order."""
    by_card: Plays = {}
    for a in plays:
        names = by_card.get(a.card)   # type: ignore[arg-type]
        if names is None:
            names = by_card[card_of(a)] = {}
        names[a.baptism] = a
    return by_card


def _value(card: str) -> int:
    return RANK_VALUE[card[1:]]


def _over(card: str, led: str, trump: str) -> str:
    """Why a natural card that no unseen natural of the led suit beats is played: as the top of its
    suit, as a trump on another suit, or as the top natural trump."""
    if led == trump:
        return "why.top_trump"
    return "why.trump_in" if card[0] == trump else "why.top_of_suit"


class CardPlay:
    """The card-play half of the rule-following player."""

    def _play(self, t: Turn, plays: list[Action]) -> Decision:
        if len(plays) == 1:
            return Decision(plays[0], msg("why.only_card"))
        deal = t.deal
        by_card = plays_by_card(plays)
        naturals = [c for c in by_card if deal.natural(c)]
        wilds = sorted((c for c in by_card if deal.is_perlagg(c)), key=lambda c: -deal.perl_rank[c])
        trick = deal.current_trick
        ours, theirs = t.need()
        stage = len(deal.tricks) - (1 if trick is not None else 0)
        pressing = ours <= 1 or theirs <= 1 or stage >= 2 or len(wilds) >= 3
        if trick is None:
            return self._lead(t, by_card, naturals, wilds, pressing)
        led = led_suit(trick)
        trump, ranks = deal.trump, deal.perl_rank
        best, best_seat = best_in(trick, trump, ranks)
        later = [(t.seat + i) % deal.n for i in range(1, deal.n - len(trick.cards))]
        later_opps = [s for s in later if deal.team(s) != t.team]
        danger = t.danger(led) if later_opps else NOTHING
        partner_has = deal.team(best_seat) == t.team
        if partner_has and best > danger:
            return self._discard(t, by_card, naturals, wilds, led, msg("why.partner_has"), best)
        keys = {c: strength(trump, ranks, c, None, led) for c in naturals}
        winners = sorted((c for c in naturals if keys[c] > best), key=lambda c: keys[c])
        safe = [c for c in winners if keys[c] > danger]
        if safe:
            return Decision(by_card[safe[0]][None], msg("why.unbeatable" if later_opps else "why.lowest_winner"))
        if pressing or (partner_has is False and not naturals):
            choice = self._wild_win(t, by_card, wilds, led, best, danger if later_opps else best, bool(later_opps))
            if choice is None and later_opps and theirs <= 1:
                choice = self._wild_win(t, by_card, wilds, led, best, best, True)
            if choice is not None:
                card, baptism, why = choice
                return Decision(by_card[card][baptism], why)
        danger_natural = threat(deal, (c for c in t.unseen if deal.natural(c) and c[0] == led), led) \
            if later_opps and winners else NOTHING
        fair = [c for c in winners if keys[c] > danger_natural]
        if fair and not partner_has:
            return Decision(by_card[fair[0]][None], msg(_over(fair[0], led, trump)))
        if partner_has:
            code = "why.partner_may"
        elif winners:
            code = "why.could_be_beaten"      # each card that takes it now, a card still out could beat
        elif any(strength(trump, ranks, c, b, led) > best for c in wilds for b in by_card[c]):
            code = "why.save_perlaggen"
        else:
            code = "why.trick_lost"
        return self._discard(t, by_card, naturals, wilds, led, msg(code), best if partner_has else None)

    def _lead(self, t: Turn, by_card: Plays, naturals: list[str], wilds: list[str], pressing: bool) -> Decision:
        deal = t.deal
        trump = deal.trump
        if naturals:
            def sure(c: str) -> bool:
                return strength(trump, deal.perl_rank, c, None, c[0]) > t.danger(c[0])
            sure_cards = sorted((c for c in naturals if sure(c)), key=lambda c: card_weight(deal, c))
            if pressing and sure_cards:
                return Decision(by_card[sure_cards[0]][None], msg("why.unbeatable"))
            aces = [c for c in naturals if c[1:] == "A" and c[0] != trump]
            if aces and not pressing:
                again = any(led_suit(trick) == aces[0][0] for trick in deal.tricks)
                return Decision(by_card[aces[0]][None], msg("why.lead_ace_again" if again else "why.lead_ace"))
        if pressing and wilds:
            choice = self._wild_win(t, by_card, wilds, None, NOTHING, None, True)
            if choice is not None:
                card, baptism, why = choice
                return Decision(by_card[card][baptism], why)
        if naturals:
            card = min(naturals, key=lambda c: (c[0] == trump, card_weight(deal, c), _value(c)))
            return Decision(by_card[card][None], msg("why.lead_low"))
        choice = self._wild_win(t, by_card, wilds, None, NOTHING, None, True)
        card, baptism, why = choice if choice else (wilds[-1], next(reversed(by_card[wilds[-1]])), msg("why.only_perlaggen_lead"))
        return Decision(by_card[card][baptism], why)

    def _wild_win(self, t: Turn, by_card: Plays, wilds: list[str], led: Optional[str], best,
                  danger, later: bool) -> Optional[tuple[str, Optional[str], Message]]:
        """The Perlagg and name that take the trick (beating `danger` too), serving the figures best;
        `later`: an opponent plays after this seat."""
        deal = t.deal
        options = []
        useful = t.useful
        for card in wilds:
            for baptism in by_card[card]:
                if baptism is None or (baptism not in useful and (led is None or baptism[0] != led)):
                    continue
                suit = led or baptism[0]
                key = strength(deal.trump, deal.perl_rank, card, baptism, suit)
                if key <= best:
                    continue
                safe = key > (t.danger(suit) if danger is None else danger)
                score = self._figure_score(t, card, baptism) + (1.0 if safe else 0.0) \
                    - 0.02 * (len(deal.perl) - deal.perl_rank[card]) + 0.001 * key[1]
                options.append((score, safe, card, baptism))
        if not options:
            return None
        score, safe, card, baptism = max(options)
        if not safe and danger is not None and danger > best:
            return None
        suit = led or baptism[0]
        if later and strength(deal.trump, deal.perl_rank, card, baptism, suit) <= t.danger(suit):
            return card, baptism, msg("why.perlagg_risk")    # a card still out could beat it
        top = deal.trump + "A"
        why = "why.perlagg_wins"
        if baptism == top:
            why = "why.perlagg_wins_top"
        elif self._figure_score(t, card, baptism) > self._figure_score(t, card, top) + 0.01:
            why = "why.perlagg_wins_figure"
        return card, baptism, msg(why)

    def _discard(self, t: Turn, by_card: Plays, naturals: list[str], wilds: list[str], led: str,
                 why: Message, partner=None) -> Decision:
        """The cheapest card; with `partner` (the partner's card leads the trick) one that stays
        under it where the hand has one."""
        deal = t.deal
        if naturals:
            def over(c: str) -> bool:
                return partner is not None and strength(deal.trump, deal.perl_rank, c, None, led) > partner
            card = min(naturals, key=lambda c: (over(c), card_weight(deal, c), c[0] == deal.trump, _value(c)))
            if over(card):   # every card it may play is higher than the partner's
                why = msg("why.no_card_under")
            return Decision(by_card[card][None], why)
        # only Perlaggen may be played: the lowest one, named to help the figures
        card = wilds[0]
        names: list[Optional[str]] = [b for b in by_card[card] if b is not None]
        options = [b for b in names if b in t.useful or (b and b[0] == led)] or names or [None]
        baptism = max(options, key=lambda b: (self._figure_score(t, card, b),
                                              strength(deal.trump, deal.perl_rank, card, b, led) if b else (0, 0, 0)))
        return Decision(by_card[card][baptism], msg("why.only_perlaggen"))

    def _figure_score(self, t: Turn, card: str, baptism: Optional[str]) -> float:
        """Expected figure points if this Perlagg is fixed as `baptism` now."""
        deal = t.deal
        cache = t.fig_cache
        if baptism in cache:
            return cache[baptism]
        hand = t.hand
        score = 0.0
        for figure, key in zip(("gleich", "hanger"), hand.named(baptism)):
            fig = deal.figs[figure]
            if fig.status != "open":
                continue
            value = fig.value if isinstance(fig.value, int) else deal.target
            score += value * t.odds_of(figure, key)
        duties = t.duties
        if duties and not hand.shows(baptism, "gleich" in duties, "hanger" in duties):
            score -= 5.0
        cache[baptism] = score
        return score
