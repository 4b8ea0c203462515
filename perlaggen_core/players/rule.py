"""A rule-following player: the table wisdom of Perlaggen as plain rules of thumb.

It plays tricks cheaply and keeps its Perlaggen for the later tricks, baptises a Perlagg to
serve its Gleich or Hanger (or as the top trump when a trick must be won), bets and holds by
the odds of its figures, gives up a hopeless Spiel, shows only what it needs in the show and
declares in the both-gestrichen endgame. Every choice is among `deal.legal_actions(seat)`.
"""
from __future__ import annotations

from typing import Optional

from ..actions import Action
from ..cards import RANK_VALUE, SUIT_CARDS
from ..figures import can_show, exact_key, gleich_key, hanger_key
from ..signals import latest_batches
from .base import Decision, Player
from .knowledge import (NONE_KEY, best_keys, can_example, can_show_fast, card_weight, describe_key, fast_gleich,
                        fast_hanger, figure_floor,
                        material, name, play_text, spiel_odds, team_odds, threat, trick_best,
                        trick_key, unseen)
from .show import show_plans

ANSWERS = ("good", "hold", "raise")
# a signal read from the partner, as the trick worth it stands for
SIGNAL_WEIGHT = {"martl": 1.0, "weli": 0.97, "schell_spitz": 0.94, "eichel_spitz": 0.91,
                 "trump_seven": 0.88, "trump_unter_ober": 0.83, "acorn_perlagg": 0.8,
                 "trump_ace": 0.85, "trump_king": 0.7, "small_trumps": 0.42}
SIDE_CARD = 0.15
BET_FLOOR = (3, 1)   # what an opponent who bets a figure is taken to hold at least


class Turn:
    """The facts one decision needs, worked out once."""

    def __init__(self, deal, seat: int, signals=None) -> None:
        self.deal = deal
        self.seat = seat
        self.team = deal.team(seat)
        self.partners = [s for s in deal.seats_of(self.team) if s != seat]
        self.opponents = [s for s in range(deal.n) if deal.team(s) != self.team]
        self.signals = signals
        self._unseen: Optional[set[str]] = None
        self._spiel: Optional[float] = None
        self.fixed, self.naturals, self.wild = material(deal, seat)
        self._floors: dict[str, tuple] = {}
        self.fig_cache: dict[Optional[str], float] = {}
        self._useful: Optional[set[str]] = None
        self.duties = {f for s, f, blind in deal.obligations if s == seat and not blind and f != "spiel"}
        self._keys = None

    def keys(self):
        """The seat's best Gleich and Hanger, counting its free Perlaggen."""
        if self._keys is None:
            self._keys = best_keys(self.deal, self.seat)
        return self._keys

    @property
    def useful(self) -> set[str]:
        """Names worth giving a Perlagg: trumps, and cards that could join this seat's figures."""
        if self._useful is None:
            span = self.deal.rules.max_figure
            mine = [(m[0], m[1:], RANK_VALUE[m[1:]]) for m in self.fixed + self.naturals if m[1:] != "6"]
            self._useful = {c for c in SUIT_CARDS if c[0] == self.deal.trump or any(
                c[1:] == rank or (c[0] == suit and abs(RANK_VALUE[c[1:]] - value) < span)
                for suit, rank, value in mine)}
        return self._useful

    @property
    def unseen(self) -> set[str]:
        if self._unseen is None:
            self._unseen = unseen(self.deal, self.seat)
        return self._unseen

    def partner_signals(self) -> list[str]:
        if not self.signals or not self.partners:
            return []
        batches = latest_batches(self.signals, self.partners)
        return [sig for _after, sigs in batches.values() for sig in sigs]

    def partner_weight(self) -> Optional[float]:
        """The partner's trick strength as its signals tell it (None without signals)."""
        sigs = self.partner_signals()
        if not sigs:
            return None
        deal = self.deal
        cards = sum(deal.rules.hand_size for _ in self.partners)
        told = [SIGNAL_WEIGHT[s] for s in sigs if s in SIGNAL_WEIGHT]
        start = sum(told) + max(0, cards - len(told)) * SIDE_CARD
        spent = sum(card_weight(deal, c) for s in self.partners for c, _ in deal.played[s])
        return max(0.0, start - spent)

    def spiel(self) -> float:
        if self._spiel is None:
            self._spiel = spiel_odds(self.deal, self.seat, self.partner_weight(), self.unseen)
        return self._spiel

    def floors(self, figure: str) -> tuple:
        cached = self._floors.get(figure)
        if cached is None:
            cached = self._floors[figure] = self._work_floors(figure)
        return cached

    def _work_floors(self, figure: str) -> tuple:
        deal = self.deal
        partner = figure_floor(deal, self.partners, figure)
        if (figure == "gleich" and "gleich4" in self.partner_signals()) or \
                (figure == "hanger" and "hanger4" in self.partner_signals()):
            partner = max(partner or NONE_KEY, (4, 1))
        opp = figure_floor(deal, self.opponents, figure)
        fig = deal.figs[figure]
        opp_bet = (fig.pending is not None and fig.pending[0] != self.team) or \
            (fig.last_team is not None and fig.last_team != self.team)
        if opp_bet:
            opp = max(opp or NONE_KEY, BET_FLOOR)
        return partner, opp

    def odds(self, figure: str, key=None) -> float:
        if key is None:
            g, h = self.keys()
            key = g if figure == "gleich" else h
        partner, opp = self.floors(figure)
        return team_odds(self.deal.rules, figure, key, partner, opp)

    def need(self) -> tuple[int, int]:
        """Tricks still needed for the Spiel: (ours, the opponents')."""
        deal = self.deal
        target = deal.rules.tricks_for_spiel
        theirs = max(deal.tricks_won[t] for t in deal.others(self.team))
        return target - deal.tricks_won[self.team], target - theirs


class RulePlayer(Player):
    """Plays by rules of thumb; fast enough to be the rollout policy of the sampling player."""

    kind = "rule"

    def __init__(self, signals: bool = False, bet: float = 0.6, hold: float = 0.36,
                 spiel_bet: float = 0.8, spiel_hold: float = 0.45, concede: float = 0.1) -> None:
        self.signals = signals
        self.bet_level = bet
        self.hold_level = hold
        self.spiel_bet = spiel_bet
        self.spiel_hold = spiel_hold
        self.concede_level = concede

    # ------------------------------------------------------------------ entry points
    def decide(self, deal, seat: int, signals=None) -> Decision:
        t = Turn(deal, seat, signals)
        if deal.phase == "play":
            # the moves the game waits for; bets and concessions are checked one by one
            required = deal.legal_actions(seat, optional=False)
            pend = deal.first_pending()
            if pend is not None and pend.pending[0] != t.team and any(a.act in ANSWERS for a in required):
                return self._answer(t, pend, required)
            if pend is None and deal.seat_to_play() == seat:
                decision = self._initiative(t, deal.legal_actions(seat) if not deal.tricks else [])
                if decision is not None:
                    return decision
            plays = [a for a in required if a.act == "play"]
            if plays:
                return self._play(t, plays)
        legal = deal.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to do now")
        if deal.phase == "declare":
            return self._declare(t, legal)
        pend = deal.first_pending()
        if pend is not None and pend.pending[0] != t.team and \
                any(a.act in ANSWERS and a.figure == pend.name for a in legal):
            return self._answer(t, pend, legal)
        if deal.phase == "show":
            return self._show(t, legal)
        return Decision(legal[0], "nothing better to do")

    def volunteer(self, deal, seat: int, signals=None) -> Optional[Decision]:
        swaps = [a for a in deal.legal_actions(seat) if a.act == "exchange"]
        return self._exchange(deal, swaps) if swaps else None

    def play_decision(self, deal, seat: int, signals=None) -> Decision:
        """The card this player would play now, leaving bets aside."""
        plays = [a for a in deal.legal_actions(seat, optional=False) if a.act == "play"]
        return self._play(Turn(deal, seat, signals), plays)

    # ------------------------------------------------------------------ exchange
    def _exchange(self, deal, swaps: list[Action]) -> Decision:
        def cost(a: Action) -> tuple:
            return (deal.is_perlagg(a.card), card_weight(deal, a.card), -deal.perl_rank.get(a.take, 99))
        best = min(swaps, key=cost)
        return Decision(best, f"takes the {name(best.take)} for the {name(best.card)}: "
                              f"a wild card is worth more than the card given for it")

    # ------------------------------------------------------------------ bets in play
    def _initiative(self, t: Turn, legal: list[Action]) -> Optional[Decision]:
        deal = t.deal
        if deal.seat_to_play() != t.seat:
            return None
        swaps = [a for a in legal if a.act == "exchange"]
        if swaps:
            return self._exchange(deal, swaps)
        # cheap tests first: the engine is asked whether a bet is allowed only when it is wanted
        figs = deal.figs
        ours, theirs = t.need()
        good = Action(t.seat, "good", figure="spiel")
        if theirs <= 1 and figs["spiel"].status == "open" and t.spiel() < self.concede_level and deal.can(good):
            return Decision(good, f"calls the Spiel good: the opponents need only one more "
                                  f"trick and this hand can hardly stop it, so the Perlaggen "
                                  f"are kept for the Gleich and Hanger")
        for figure in ("gleich", "hanger"):
            fig = figs[figure]
            if fig.status != "open" or not isinstance(fig.value, int) or fig.value > 2:
                continue
            g, h = t.keys()
            key = g if figure == "gleich" else h
            if key is None:
                continue      # no example of its own: the partner may bet it
            p = t.odds(figure, key)
            bet = Action(t.seat, "bet", figure=figure)
            if p >= self.bet_level and deal.can(bet):
                return Decision(bet, f"bets the {figure.capitalize()}: {self._figure_words(t, figure, key)}")
        spiel = figs["spiel"]
        bet = Action(t.seat, "bet", figure="spiel")
        if spiel.status == "open" and spiel.value in (1, 2) and t.spiel() >= self.spiel_bet and deal.can(bet):
            won = deal.tricks_won[t.team]
            return Decision(bet, f"bets the Spiel: with {won} trick{'' if won == 1 else 's'} in and "
                                 f"this hand, enough tricks look safe")
        return None

    def _figure_words(self, t: Turn, figure: str, key) -> str:
        """'holds three Kings in natur, with a Perlagg to spare', '... counting one Perlagg'."""
        cards = set(t.fixed + t.naturals)
        n, top = key
        if figure == "gleich":
            have = sum(1 for c in t.fixed + t.naturals if RANK_VALUE[c[1:]] == top)
        else:
            window = range(top - n + 1, top + 1)
            have = max(sum(1 for c in cards if c[0] == suit and RANK_VALUE[c[1:]] in window)
                       for suit in "HSEL")
        used = max(0, n - have)
        spare = len(t.wild) - used
        count = {1: "one", 2: "two", 3: "three", 4: "four"}
        words = f"holds {describe_key(figure, key)}"
        words += " in natur" if used == 0 else \
            f", counting {count.get(used, used)} Perlagg{'en' if used > 1 else ''}"
        if spare == 1:
            words += ", with a Perlagg to spare"
        elif spare > 1:
            words += f", with {count.get(spare, spare)} Perlaggen to spare"
        return words

    # ------------------------------------------------------------------ answering bets
    def _answer(self, t: Turn, fig, legal: list[Action]) -> Decision:
        acts = {a.act: a for a in legal if a.figure == fig.name and a.act in ANSWERS}
        proposed = fig.pending[2]
        label = fig.name.capitalize()
        if fig.name == "spiel":
            p = t.spiel() * 0.85
            hold, raise_at = self.spiel_hold, 0.85
            why = f"the Spiel chances look like {round(p * 100)} in 100"
        else:
            if not can_example(t.deal, t.seat, fig.name):
                return Decision(acts["good"], f"calls the {label} good: this hand cannot even show "
                                              f"a small {label}, and holding would risk the penalty")
            g, h = t.keys()
            key = g if fig.name == "gleich" else h
            partner, opp = t.floors(fig.name)
            if t.deal.phase == "show":
                opp = max(opp or NONE_KEY, t.deal.team_shown(t.team, fig.name) or NONE_KEY)
            p = team_odds(t.deal.rules, fig.name, key, partner, opp)
            hold, raise_at = self.hold_level, 0.8
            why = f"{describe_key(fig.name, key)} against a bettor"
            signalled = f"{fig.name}4" in t.partner_signals()
            if signalled:
                why += f", and partner signalled a {fig.name.capitalize()} of four or more"
        if proposed == "aus":
            if p >= 0.65:
                return Decision(acts["hold"], f"holds Spiel aus on the {label}: {why}, a strong chance")
            return Decision(acts["good"], f"calls Spiel aus on the {label} good: {why}, not enough "
                                          f"to stake the game on")
        if "raise" in acts and p >= raise_at and proposed <= 3:
            return Decision(acts["raise"], f"raises the {label}: {why}, good odds")
        if p >= hold + 0.04 * (proposed - 2):
            return Decision(acts["hold"], f"holds the {label}: {why}, a fair chance")
        return Decision(acts["good"], f"calls the {label} good: {why}, too little to risk more")

    # ------------------------------------------------------------------ the show
    def _show(self, t: Turn, legal: list[Action]) -> Decision:
        deal, team = t.deal, t.team
        done = next((a for a in legal if a.act == "done"), None)
        for figure in ("gleich", "hanger"):
            fig = deal.figs[figure]
            if fig.status != "open" or (fig.pending is not None and fig.pending[0] == team):
                continue
            label = figure.capitalize()
            theirs = max((deal.team_shown(o, figure) or NONE_KEY for o in deal.others(team)))
            theirs = None if theirs == NONE_KEY else theirs
            own = deal.team_shown(team, figure)
            behind = deal.behind(team, figure)
            bet = next((a for a in legal if a.act == "bet" and a.figure == figure and not a.blind), None)
            if bet is not None and isinstance(fig.value, int) and fig.value <= 2:
                g, h = t.keys()
                key = g if figure == "gleich" else h
                if key and (theirs is None or key > theirs) and \
                        team_odds(deal.rules, figure, key, None, theirs) >= 0.8:
                    return Decision(bet, f"bets the {label} in the show: {describe_key(figure, key)} "
                                         f"should beat what the opponents can still show")
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
            reps = [b or c for c, b in plan]
            goal = describe_key(figure, _key_of(deal, t.seat, figure, reps))
            if theirs is None:
                aim = f"to make {goal}, the least that gives the team an example"
            elif tie:
                aim = f"to make {goal}, level with the opponents"
            else:
                aim = f"to make {goal}, enough to beat the opponents' {describe_key(figure, theirs, False)}"
            return Decision(action, f"shows {play_text(card, baptism)} {aim}")
        if done is not None:
            return Decision(done, "ends the turn: nothing more worth showing")
        for figure in ("gleich", "hanger"):
            good = next((a for a in legal if a.act == "good" and a.figure == figure), None)
            if good is not None and deal.behind(team, figure):
                return Decision(good, f"gives up the {figure.capitalize()}: nothing here beats it")
        return Decision(legal[0], "nothing better to do")

    # ------------------------------------------------------------------ endgame
    def _declare(self, t: Turn, legal: list[Action]) -> Decision:
        declares = [a for a in legal if a.act == "declare"]
        if declares:
            def rank(a: Action):
                key = exact_key(a.figure, _declared(t.deal, a))
                return (key[0], a.figure == "gleich", key[1]) if key else (0, False, 0)
            best = max(declares, key=rank)
            key = exact_key(best.figure, _declared(t.deal, best))
            words = {3: "dritzig", 4: "viertig", 5: "fünftig"}.get(key[0], "dritzig")
            return Decision(best, f"declares {describe_key(best.figure, key)}: ist {words} erlaubt?")
        done = next(a for a in legal if a.act == "done")
        return Decision(done, "passes: no figure long enough to decide the game")

    # ------------------------------------------------------------------ card play
    def _play(self, t: Turn, plays: list[Action]) -> Decision:
        deal = t.deal
        by_card: dict[str, list[Optional[str]]] = {}
        for a in plays:
            by_card.setdefault(a.card, []).append(a.baptism)
        naturals = [c for c in by_card if deal.natural(c)]
        wilds = sorted((c for c in by_card if deal.is_perlagg(c)), key=lambda c: -deal.perl_rank[c])
        trick = deal.current_trick()
        ours, theirs = t.need()
        stage = len(deal.tricks) - (1 if trick is not None else 0)
        pressing = ours <= 1 or theirs <= 1 or stage >= 2 or len(wilds) >= 3
        if trick is None:
            return self._lead(t, by_card, naturals, wilds, pressing)
        led = deal.led_suit(trick)
        best, best_seat = trick_best(deal, trick)
        played = len(trick.cards)
        later = [(t.seat + i) % deal.n for i in range(1, deal.n - played)]
        later_opps = [s for s in later if deal.team(s) != t.team]
        danger = threat(deal, t.unseen, led) if later_opps else (-1, 0, 0)
        danger_natural = threat(deal, (c for c in t.unseen if deal.natural(c) and c[0] == led), led) \
            if later_opps else (-1, 0, 0)
        partner_has = deal.team(best_seat) == t.team
        if partner_has and best > danger:
            return self._discard(t, by_card, naturals, wilds, led, best,
                                 "partner already has this trick, so a cheap card is enough")
        keys = {c: trick_key(deal, c, None, led) for c in naturals}
        winners = sorted((c for c in naturals if keys[c] > best), key=lambda c: keys[c])
        safe = [c for c in winners if keys[c] > danger]
        if safe:
            card = safe[0]
            why = "nothing still out can beat it" if later_opps else "the lowest card that takes the trick"
            return Decision(_play(t.seat, card), f"plays {play_text(card, None)}: {why}")
        if pressing or (partner_has is False and not naturals):
            choice = self._wild_win(t, by_card, wilds, led, best, danger if later_opps else best)
            if choice is None and later_opps and theirs <= 1:
                choice = self._wild_win(t, by_card, wilds, led, best, best)
            if choice is not None:
                card, baptism, why = choice
                return Decision(_play(t.seat, card, baptism), f"plays {play_text(card, baptism)}: {why}")
        fair = [c for c in winners if keys[c] > danger_natural]
        if fair and not partner_has:
            card = fair[0]
            return Decision(_play(t.seat, card), f"plays {play_text(card, None)}: no higher card of "
                                                 f"the suit is still out, so only a trump or a Perlagg "
                                                 f"can beat it")
        why = ("the trick is already lost, so the cheapest card goes" if not winners and not partner_has
               else "partner may still take this trick; a cheap card keeps the strong ones"
               if partner_has else "the Perlaggen are saved for later tricks, so a cheap card goes")
        return self._discard(t, by_card, naturals, wilds, led, best, why)

    def _lead(self, t: Turn, by_card, naturals: list[str], wilds: list[str], pressing: bool) -> Decision:
        deal = t.deal
        trump = deal.trump
        if naturals:
            def sure(c: str) -> bool:
                return trick_key(deal, c, None, c[0]) > threat(deal, t.unseen, c[0])
            sure_cards = sorted((c for c in naturals if sure(c)), key=lambda c: card_weight(deal, c))
            if pressing and sure_cards:
                card = sure_cards[0]
                return Decision(_play(t.seat, card), f"leads {play_text(card, None)}: nothing still "
                                                     f"out can beat it")
            aces = [c for c in naturals if c[1:] == "A" and c[0] != trump]
            if aces and not pressing:
                card = aces[0]
                return Decision(_play(t.seat, card), f"leads {play_text(card, None)}: a natural Ace "
                                                     f"often takes the first round of its suit")
        if pressing and wilds:
            choice = self._wild_win(t, by_card, wilds, None, (-1, 0, 0), None)
            if choice is not None:
                card, baptism, why = choice
                return Decision(_play(t.seat, card, baptism), f"leads {play_text(card, baptism)}: {why}")
        if naturals:
            card = min(naturals, key=lambda c: (c[0] == trump, card_weight(deal, c), _value(c)))
            return Decision(_play(t.seat, card), f"leads {play_text(card, None)}: a low card, keeping "
                                                 f"the strong ones for later")
        choice = self._wild_win(t, by_card, wilds, None, (-1, 0, 0), None)
        card, baptism, why = choice if choice else (wilds[-1], by_card[wilds[-1]][-1], "")
        return Decision(_play(t.seat, card, baptism), f"leads {play_text(card, baptism)}: "
                                                      f"{why or 'only Perlaggen are left'}")

    def _wild_win(self, t: Turn, by_card, wilds: list[str], led: Optional[str], best, danger):
        """The Perlagg and name that take the trick (beating `danger` too), serving the figures best."""
        deal = t.deal
        options = []
        for card in wilds:
            for baptism in by_card[card]:
                if baptism is None or (baptism not in t.useful and (led is None or baptism[0] != led)):
                    continue
                suit = led or baptism[0]
                key = trick_key(deal, card, baptism, suit)
                if key <= best:
                    continue
                if danger is None:
                    danger_here = threat(deal, t.unseen, suit)
                else:
                    danger_here = danger
                safe = key > danger_here
                score = self._figure_score(t, card, baptism) + (1.0 if safe else 0.0) \
                    - 0.02 * (len(deal.perl) - deal.perl_rank[card]) + 0.001 * key[1]
                options.append((score, safe, card, baptism))
        if not options:
            return None
        score, safe, card, baptism = max(options)
        if not safe and danger is not None and danger > best:
            return None
        top = deal.trump + "A"
        why = "a Perlagg takes this trick"
        if baptism == top:
            why += ", named the top trump"
        elif self._figure_score(t, card, baptism) > self._figure_score(t, card, top) + 0.01:
            why += ", and the name also builds the Gleich or Hanger"
        return card, baptism, why

    def _discard(self, t: Turn, by_card, naturals: list[str], wilds: list[str], led: str, best,
                 why: str) -> Decision:
        deal = t.deal
        if naturals:
            card = min(naturals, key=lambda c: (card_weight(deal, c), c[0] == deal.trump, _value(c)))
            return Decision(_play(t.seat, card), f"plays {play_text(card, None)}: {why}")
        # only Perlaggen may be played: the lowest one, named to help the figures
        card = wilds[0]
        options = [b for b in by_card[card] if b is not None and (b in t.useful or b[0] == led)] or \
            [b for b in by_card[card] if b is not None] or [None]
        baptism = max(options, key=lambda b: (self._figure_score(t, card, b),
                                              trick_key(deal, card, b, led) if b else (0, 0, 0)))
        return Decision(_play(t.seat, card, baptism),
                        f"plays {play_text(card, baptism)}: only Perlaggen are left to play, so the "
                        f"lowest goes, named to help the figures")

    def _figure_score(self, t: Turn, card: str, baptism: Optional[str]) -> float:
        """Expected figure points if this Perlagg is fixed as `baptism` now."""
        deal = t.deal
        cache = t.fig_cache
        if baptism in cache:
            return cache[baptism]
        cards = t.fixed + t.naturals + ([baptism] if baptism else [])
        free = len(t.wild) - 1
        longest = deal.rules.max_figure
        score = 0.0
        for figure, fn in (("gleich", fast_gleich), ("hanger", fast_hanger)):
            fig = deal.figs[figure]
            if fig.status != "open":
                continue
            value = fig.value if isinstance(fig.value, int) else deal.target
            key = fn(cards, free, longest)
            partner, opp = t.floors(figure)
            score += value * team_odds(deal.rules, figure, key, partner, opp)
        duties = t.duties
        if duties and not can_show_fast(cards, free, "gleich" in duties, "hanger" in duties):
            score -= 5.0
        cache[baptism] = score
        return score


def _play(seat: int, card: str, baptism: Optional[str] = None) -> Action:
    return Action(seat, "play", card=card, baptism=baptism)


def _value(card: str) -> int:
    return RANK_VALUE[card[1:]]


def _declared(deal, action: Action) -> list[str]:
    played = {c: b for c, b in deal.played[action.seat]}
    bap = dict(action.baptisms)
    return [played.get(c) or bap.get(c, c) for c in action.cards]


def _key_of(deal, seat: int, figure: str, extra: list[str]):
    fixed, _, _ = material(deal, seat)
    fn = gleich_key if figure == "gleich" else hanger_key
    return fn(fixed + extra, 0)


def _after(deal, seat: int, plan) -> tuple[list[str], int]:
    """The seat's figure cards and free Perlaggen once `plan` is laid down."""
    fixed, naturals, wild = material(deal, seat)
    used = {c for c, _ in plan}
    cards = fixed + [b or c for c, b in plan] + [c for c in naturals if c not in used]
    return cards, sum(1 for w in wild if w not in used)


def _pick_plan(deal, seat: int, plans, other: Optional[str]):
    """The cheapest plan that keeps the seat's duty to show and, if possible, does not spoil
    its other open figure (a Perlagg spent on one figure may be needed for the other)."""
    duties = {f for s, f, blind in deal.obligations if s == seat and not blind and f != "spiel"}
    fallback = None
    if other:
        fixed, naturals, wild = material(deal, seat)
        fn = gleich_key if other == "gleich" else hanger_key
        before = fn(fixed + naturals, len(wild), deal.rules.max_figure)
    for plan in plans:
        cards, free = _after(deal, seat, plan)
        if duties and not can_show(cards, free, "gleich" in duties, "hanger" in duties):
            continue
        if not other or fn(cards, free, deal.rules.max_figure) == before:
            return plan
        fallback = fallback or plan
    return fallback
