"""A rule-following player: the table wisdom of Perlaggen as plain rules of thumb.

It plays tricks cheaply and keeps its Perlaggen for the later tricks, baptises a Perlagg to
serve its Gleich or Hanger (or as the top trump when a trick must be won), bets and holds by
the odds of its figures, gives up a hopeless Spiel, shows only what it needs in the show and
declares in the both-gestrichen endgame. Every choice is among `deal.legal_actions(seat)`.
"""
from __future__ import annotations

from typing import Optional

from ..actions import Action, card_of, figure_of
from ..cards import RANK_VALUE
from ..figures import can_show, describe, exact_key, figure_key
from ..legal import named
from ..messages import Message, msg
from ..state import AUS, DECLARE, PLAY, SHOW, FigureState
from ..tricks import best_in, led_suit
from .base import Decision, Player
from .blind import window_decision
from .cardplay import CardPlay, plays_by_card
from .knowledge import NONE_KEY, card_weight, spiel_secured, team_odds
from .show import show_plans
from .turn import Turn

ANSWERS = ("good", "hold", "raise")
SOUND_MARGIN = 0.05    # a sound player's hold needs a little more than the break-even chance
FALLBACK = msg("why.fallback")
CALLS = {3: "dritzig", 4: "viertig", 5: "fünftig"}   # "ist dritzig erlaubt?": the endgame's question


class RulePlayer(CardPlay, Player):
    """Plays by rules of thumb; fast enough to be the rollout policy of the sampling player."""

    kind = "rule"

    def __init__(self, signals: bool = False, bet: float = 0.6, hold: float = 0.36,
                 spiel_bet: float = 0.8, spiel_hold: float = 0.7, alone_spiel_hold: float = 0.05,
                 straf_spiel_hold: float = 0.05, concede: float = 0.1, sound: bool = False,
                 confer: bool = False) -> None:
        self.signals = signals
        # sound: answers a Gleich or Hanger bet by what the answer stakes (holds while its chances
        # beat 1 in 2x the new value), as a player who cannot be bluffed out does; the strong player
        # decides with it first. confer: in guessed deals played out (the look-ahead's and the
        # review's), partners count their sure winners together, as partners at a table may confer,
        # and never give up or play away a Spiel so made; at the real table a seat knows only its own
        self.sound = sound
        self.confer = confer
        self.bet_level = bet
        self.hold_level = hold
        self.spiel_bet = spiel_bet
        self.spiel_hold = spiel_hold
        self.alone_spiel_hold = alone_spiel_hold
        self.straf_spiel_hold = straf_spiel_hold
        self.concede_level = concede

    # ------------------------------------------------------------------ entry points
    def decide(self, deal, seat: int, signals=None) -> Decision:
        if deal.uncut:
            return window_decision(deal, seat)
        t = Turn(deal, seat, signals)
        if deal.phase is PLAY:
            # the moves the game waits for; bets and concessions are checked one by one
            required = deal.legal_actions(seat, optional=False)
            pend = deal.first_pending
            if pend is not None and pend.pending.team != t.team and any(a.act in ANSWERS for a in required):
                return self._answer(t, pend, required)
            if pend is None and deal.seat_to_play == seat:
                decision = self._initiative(t, deal.legal_actions(seat) if not deal.tricks else [])
                if decision is not None:
                    return decision
            plays = [a for a in required if a.act == "play"]
            if plays:
                return self._play(t, plays)
        legal = deal.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to do now")
        if deal.phase is DECLARE:
            return self._declare(t, legal)
        pend = deal.first_pending
        if pend is not None and pend.pending.team != t.team and \
                any(a.act in ANSWERS and a.figure == pend.name for a in legal):
            return self._answer(t, pend, legal)
        if deal.phase is SHOW:
            return self._show(t, legal)
        return Decision(legal[0], FALLBACK)

    def volunteer(self, deal, seat: int, signals=None) -> Optional[Decision]:
        swaps = [a for a in deal.legal_actions(seat) if a.act == "exchange"]
        return self._exchange(deal, swaps) if swaps else None

    def play_decision(self, deal, seat: int, signals=None) -> Decision:
        """The card this player would play now, leaving bets aside."""
        plays = [a for a in deal.legal_actions(seat, optional=False) if a.act == "play"]
        return self._play(Turn(deal, seat, signals), plays)

    def _play(self, t: Turn, plays: list[Action]) -> Decision:
        """The card-play rules; a sound player (the look-ahead's) never lets a card throw away a
        Spiel the partners' cards have already made, for a figure or anything else."""
        decision = super()._play(t, plays)
        if not self.sound:
            return decision
        kill = self._kill_perlagg(t, plays, decision)
        if kill is not None:
            return kill
        if not self.confer or not t.spiel_sure(True) or self._keeps_spiel(t, decision.action):
            return decision
        # the cheapest play that keeps it (the first listed among equals): tried cheapest first
        for a in sorted(plays, key=lambda a: card_weight(t.deal, card_of(a))):
            if self._keeps_spiel(t, a):
                return Decision(a, msg("why.spiel_sure_play"))
        return decision

    def _kill_perlagg(self, t: Turn, plays: list[Action], decision: Decision) -> Optional[Decision]:
        """A sound player beats an opponent's Perlagg that is taking the trick with a higher one
        (unless its partner takes the trick anyway): kept back, its Perlagg wins one trick later
        while theirs has already won this one; played now, theirs wins nothing."""
        deal = t.deal
        trick = deal.current_trick
        if trick is None or decision.action.card in deal.perl_rank:
            return None
        best, seat = best_in(trick, deal.trump, deal.perl_rank)
        winner = next(p for p in trick.cards if p.seat == seat)
        if deal.team(seat) == t.team or winner.card not in deal.perl_rank:
            return None
        led = led_suit(trick)
        later = [(t.seat + i) % deal.n for i in range(1, deal.n - len(trick.cards))]
        later_opps = any(deal.team(s) != t.team for s in later)
        danger = t.danger(led) if later_opps else best
        by_card = plays_by_card(plays)
        wilds = sorted((c for c in by_card if deal.is_perlagg(c)), key=lambda c: -deal.perl_rank[c])
        choice = self._wild_win(t, by_card, wilds, led, best, danger, later_opps) if wilds else None
        if choice is None:
            return None
        card, baptism, _why = choice
        return Decision(by_card[card][baptism], msg("why.kill_perlagg"))

    @staticmethod
    def _keeps_spiel(t: Turn, action: Action) -> bool:
        sim = t.deal.clone()
        sim.apply(action)
        seats = [t.seat] + t.partners
        hidden = t.unseen - {c for s in seats for c in t.deal.hands[s]}
        return spiel_secured(sim, seats, hidden)

    # ------------------------------------------------------------------ exchange
    def _exchange(self, deal, swaps: list[Action]) -> Decision:
        def cost(a: Action) -> tuple:
            return (deal.is_perlagg(card_of(a)), card_weight(deal, card_of(a)), -deal.perl_rank.get(a.take or "", 99))
        return Decision(min(swaps, key=cost), msg("why.exchange"))

    # ------------------------------------------------------------------ bets in play
    def _initiative(self, t: Turn, legal: list[Action]) -> Optional[Decision]:
        deal = t.deal
        if deal.seat_to_play != t.seat:
            return None
        swaps = [a for a in legal if a.act == "exchange"]
        if swaps:
            return self._exchange(deal, swaps)
        # cheap tests first: the engine is asked whether a bet is allowed only when it is wanted
        figs = deal.figs
        ours, theirs = t.need()
        good = named(t.seat, "good", "spiel")
        if theirs <= 1 and figs["spiel"].status == "open" and t.spiel() < self.concede_level and \
                not t.spiel_sure(self.confer) and deal.can(good):
            return Decision(good, msg("why.concede_spiel"))
        for figure in ("gleich", "hanger"):
            fig = figs[figure]
            if fig.status != "open" or not isinstance(fig.value, int) or fig.value > 2 or not may_open(fig, t.team):
                continue
            # no example of its own (the partner may bet it), or its best is too weak: the example
            # in the pair it can make at once is no better, and the odds grow with the example
            best = t.key(figure)
            if best is None or t.odds_of(figure, best) < self.bet_level:
                continue
            key = t.joint_key(figure) if self.sound else best
            if key is None:
                continue
            bet = named(t.seat, "bet", figure)
            if t.odds_of(figure, key) >= self.bet_level and deal.can(bet):
                return Decision(bet, self._holding(t, figure, key))
        spiel = figs["spiel"]
        bet = named(t.seat, "bet", "spiel")
        if spiel.status == "open" and spiel.value in (1, 2) and may_open(spiel, t.team) and \
                t.spiel() >= self.spiel_bet and deal.can(bet):
            return Decision(bet, msg("why.bet_spiel", count=deal.tricks_won[t.team]))
        return None

    def _holding(self, t: Turn, figure: str, key) -> Message:
        """"holds three Kings in natur, with a Perlagg to spare", "... counting one Perlagg"."""
        n, top = key
        cards = t.fixed + t.naturals
        if figure == "gleich":
            have = sum(1 for c in cards if RANK_VALUE[c[1:]] == top)
        else:
            window = range(top - n + 1, top + 1)
            have = max(sum(1 for c in set(cards) if c[0] == suit and RANK_VALUE[c[1:]] in window)
                       for suit in "HSEL")
        used = max(0, n - have)
        spare = len(t.wild) - used
        return msg("why.holds", key=describe(figure, key),
                   perlaggen=msg("why.counting", count=used) if used else msg("why.in_natur"),
                   spare=msg("why.spare", count=spare) if spare > 0 else None)

    # ------------------------------------------------------------------ answering bets
    def _answer(self, t: Turn, fig, legal: list[Action]) -> Decision:
        acts = {a.act: a for a in legal if a.figure == fig.name and a.act in ANSWERS}
        proposed = fig.pending.value
        rules = t.deal.rules
        if fig.name == "spiel":
            if t.spiel_sure(self.confer):
                # never give up a Spiel this hand has already made: hold (a raise is the bettor's risk)
                return Decision(acts["raise"] if "raise" in acts else acts["hold"], msg("why.spiel_sure"))
            p = t.spiel() * 0.85
            why = msg("why.spiel_chances", percent=round(p * 100))
            raise_at = 0.85
            if rules.count_down:
                # Strafperlaggen: a held Spiel that nobody takes costs the bettor the same penalty
                hold = self.straf_spiel_hold + 0.04 * (proposed - 2)
            elif rules.alone:
                # three alone: a held Spiel nobody takes four tricks for scores nothing, so holding
                # costs only the bettor's one extra point if he makes it
                hold = self.alone_spiel_hold
                if hold <= p < raise_at:
                    return Decision(acts["hold"], msg("why.spiel_nobody", why=why))
            else:
                # good gives the bettor the old value at once; a hold stakes one more on the tricks,
                # which pays while our chances beat about 1 in 2x(the new value)
                hold = self.spiel_hold / proposed if proposed != AUS else 1.0
        else:
            if not _can_example(t, fig.name):
                return Decision(acts["good"], msg("why.cannot_show", figure=fig.name))
            key = t.joint_key(fig.name) if self.sound else t.key(fig.name)
            shown = t.deal.team_shown(t.team, fig.name) if t.deal.phase is SHOW else None
            p = t.odds_of(fig.name, key, shown)
            if self.sound:
                # good gives the bettor the old value; a hold wins or loses the new one: holding pays
                # while p x new - (1 - p) x new beats -(new - 1), about 1 in 2x the new value
                hold = SOUND_MARGIN + 0.5 / proposed if proposed != AUS else 1.0
            else:
                hold = self.hold_level + 0.04 * (proposed - 2) if proposed != AUS else 1.0
            raise_at = 0.8
            signalled = f"{fig.name}4" in t.partner_signals()
            why = msg("why.partner_signalled" if signalled else "why.against_bettor",
                      key=describe(fig.name, key), figure=fig.name)
        if proposed == AUS:
            if p >= (0.5 if self.sound else 0.65):
                return Decision(acts["hold"], msg("why.aus_strong", why=why))
            return Decision(acts["good"], msg("why.aus_weak", why=why))
        if "raise" in acts and p >= raise_at and proposed <= 3:
            return Decision(acts["raise"], msg("why.good_odds", why=why))
        if p >= hold:
            return Decision(acts["hold"], msg("why.fair_chance", why=why))
        return Decision(acts["good"], msg("why.too_little", why=why))

    # ------------------------------------------------------------------ the show
    def _show(self, t: Turn, legal: list[Action]) -> Decision:
        deal, team = t.deal, t.team
        done = next((a for a in legal if a.act == "done"), None)
        for figure in ("gleich", "hanger"):
            fig = deal.figs[figure]
            if fig.status != "open" or (fig.pending is not None and fig.pending.team == team):
                continue
            theirs = max((deal.team_shown(o, figure) or NONE_KEY for o in deal.others(team)))
            theirs = None if theirs == NONE_KEY else theirs
            own = deal.team_shown(team, figure)
            behind = deal.behind(team, figure)
            bet = next((a for a in legal if a.act == "bet" and a.figure == figure and not a.blind), None)
            if bet is not None and isinstance(fig.value, int) and fig.value <= 2:
                key = t.key(figure)
                if key and (theirs is None or key > theirs) and \
                        team_odds(deal.rules, figure, key, None, theirs) >= 0.8:
                    return Decision(bet, msg("why.show_bet", key=describe(figure, key)))
            if not behind and own != theirs:
                continue
            other = "hanger" if figure == "gleich" else "gleich"
            other_open = deal.figs[other].status == "open"
            plan = _pick_plan(deal, t.seat, show_plans(deal, t.seat, figure, theirs, strict=True),
                              other if other_open else None)
            tie = False
            if plan is None and behind and theirs is not None:
                plan = _pick_plan(deal, t.seat, show_plans(deal, t.seat, figure, theirs, strict=False),
                                  other if other_open else None)
                tie = True
            if not plan:
                continue
            card, baptism = plan[0]
            action = Action(t.seat, "show", cards=(card,), baptisms=((card, baptism),) if baptism else ())
            if action not in legal:
                continue
            goal = describe(figure, figure_key(figure, deal.material(t.seat).fixed + [b or c for c, b in plan]))
            if theirs is None:
                why = msg("why.show_example", key=goal)
            elif tie:
                why = msg("why.show_level", key=goal)
            else:
                why = msg("why.show_beat", key=goal, theirs=describe(figure, theirs))
            return Decision(action, why)
        if done is not None:
            return Decision(done, msg("why.show_done"))
        for figure in ("gleich", "hanger"):
            good = next((a for a in legal if a.act == "good" and a.figure == figure), None)
            if good is not None and deal.behind(team, figure):
                return Decision(good, msg("why.show_give_up"))
        return Decision(legal[0], FALLBACK)

    # ------------------------------------------------------------------ endgame
    def _declare(self, t: Turn, legal: list[Action]) -> Decision:
        declares = [a for a in legal if a.act == "declare"]
        if declares:
            def rank(a: Action):
                key = exact_key(figure_of(a), _declared(t.deal, a))
                return (key[0], a.figure == "gleich", key[1]) if key else (0, False, 0)
            best = max(declares, key=rank)
            key = exact_key(figure_of(best), _declared(t.deal, best))
            assert key is not None   # the engine lists declarations of real figures only
            return Decision(best, msg("why.declare", key=describe(figure_of(best), key),
                                      call=CALLS.get(key[0], CALLS[3])))
        done = next(a for a in legal if a.act == "done")
        return Decision(done, msg("why.declare_pass"))


def may_open(fig: FigureState, team: int) -> bool:
    """The cheap half of `betting.may_bet`: False only where the rules refuse the team a bet on
    the figure (one is pending, the team conceded it or made the last bet), so the odds, the
    dearer question, are worked out only for a bet the rules may allow."""
    return fig.pending is None and team not in fig.out and fig.last_team != team


def _can_example(t: Turn, figure: str) -> bool:
    return can_show(t.fixed + t.naturals, len(t.wild), figure == "gleich", figure == "hanger")


def _declared(deal, action: Action) -> list[str]:
    played = dict(deal.played[action.seat])
    bap = dict(action.baptisms)
    return [played.get(c) or bap.get(c, c) for c in action.cards]


def _after(deal, seat: int, plan) -> tuple[list[str], int]:
    """The seat's figure cards and free Perlaggen once `plan` is laid down."""
    fixed, naturals, wild = deal.material(seat)
    used = {c for c, _ in plan}
    cards = fixed + [b or c for c, b in plan] + [c for c in naturals if c not in used]
    return cards, sum(1 for w in wild if w not in used)


def _pick_plan(deal, seat: int, plans, other: Optional[str]):
    """The cheapest plan that keeps the seat's duty to show and, if possible, does not spoil
    its other open figure (a Perlagg spent on one figure may be needed for the other)."""
    duties = {o.figure for o in deal.obligations if o.seat == seat and not o.blind}
    fallback = None
    longest = deal.rules.max_figure
    if other:
        fixed, naturals, wild = deal.material(seat)
        before = figure_key(other, fixed + naturals, len(wild), longest)
    for plan in plans:
        cards, free = _after(deal, seat, plan)
        if duties and not can_show(cards, free, "gleich" in duties, "hanger" in duties):
            continue
        if not other or figure_key(other, cards, free, longest) == before:
            return plan
        fallback = fallback or plan
    return fallback
