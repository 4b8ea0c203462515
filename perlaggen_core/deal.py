"""One deal as a state machine: legal actions, checks with reasons, and apply() with events.

A deal is fully defined by its rules, its starting position and its actions; everything
else here is derived by replaying them, so undo is replay without the last action.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Optional

from .actions import Action
from .cards import RANK_VALUE, SUIT_CARDS, SUIT_NAMES, parse_card
from .dealing import deal_from_seed
from .errors import IllegalAction, RecordError
from .figures import Key, can_show, exact_key, figure_options, gleich_key, hanger_key
from .rules import FIGURES, Rules, trump_suits

SUIT_WORD = SUIT_NAMES["en"]
SUIT_SINGULAR = {"H": "heart", "S": "bell", "E": "acorn", "L": "leaf"}
AUS = "aus"


@dataclass
class Figure:
    """The betting and outcome state of one figure in one deal."""

    name: str
    value: int | str = 1
    pending: Optional[tuple[int, int, int | str, bool]] = None  # (team, seat, proposed, blind)
    last_team: Optional[int] = None      # team whose bet was last accepted
    conceded: bool = False
    status: str = "open"                 # open | won | stands | nobody
    winner: Optional[int] = None
    first_bet: Optional[int] = None      # action index of the first bet
    conceded_at: Optional[int] = None
    needs_example: bool = False          # won by a concession nobody bet on

    def public(self) -> dict[str, Any]:
        return {"value": self.value, "pending": self.pending[2] if self.pending else None,
                "conceded": self.conceded, "status": self.status, "winner": self.winner}


@dataclass
class Trick:
    leader: int
    cards: list[tuple[int, str, Optional[str]]] = field(default_factory=list)
    winner: Optional[int] = None


class Deal:
    """The state of one deal. Build it with `Deal.new`, `Deal.start` or `Deal.from_record`."""

    # ----------------------------------------------------------------- construction
    def __init__(self, rules: Rules, dealer: int, scores: Iterable[int], target: int,
                 hands: Iterable[Iterable[str]], trump_card: str, captured: Iterable[str] = (),
                 exposed: Iterable[str] = (), seed: Optional[int] = None) -> None:
        self.rules = rules
        self.n = rules.players
        self.n_teams = rules.teams
        self.dealer = dealer
        self.target = target
        self.start_scores = tuple(scores)
        self.hands0 = tuple(tuple(h) for h in hands)
        self.trump_card0 = trump_card
        self.captured = tuple(captured)
        self.exposed0 = tuple(exposed)
        self.seed = seed
        self._validate_start()
        self.actions: list[Action] = []
        self.trump = trump_card[0]
        self.perl = rules.perlaggen_for(self.trump)
        self.perl_rank = {c: i for i, c in enumerate(self.perl)}
        self.hands = [list(h) for h in self.hands0]
        self.face_up: Optional[str] = trump_card
        self.exposed = list(self.exposed0)
        self.exchanges: list[dict[str, Any]] = []
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * self.n_teams
        self.played: list[list[tuple[str, Optional[str]]]] = [[] for _ in range(self.n)]
        self.shown: list[list[tuple[str, Optional[str]]]] = [[] for _ in range(self.n)]
        self.figs = {name: Figure(name) for name in FIGURES}
        self.obligations: list[tuple[int, str, bool]] = []
        self.risky_bets: list[tuple[int, str]] = []
        self.phase = "play"
        self.spiel_team: Optional[int] = None
        self.show_team: Optional[int] = None
        self.turn_bets: set[str] = set()
        self.passes: dict[str, int] = {"gleich": 0, "hanger": 0}    # consecutive turns passed tied
        self.tie_at_start: dict[str, Key] = {"gleich": None, "hanger": None}
        self.locked: set[str] = set()
        self.declare: Optional[dict[str, Any]] = None
        self.penalties: list[dict[str, Any]] = []
        self.final: Optional[dict[str, Any]] = None
        self.open_play = False          # a non-blind action has happened
        self._secured: Optional[list[int]] = None
        self._check_endgame()

    @classmethod
    def new(cls, rules: Rules, seed: int, dealer: int = 0, scores: Optional[Iterable[int]] = None,
            target: Optional[int] = None) -> "Deal":
        """Shuffle with the seed, cut, deal and turn trumps."""
        dealt = deal_from_seed(rules, seed, dealer)
        scores = tuple(scores) if scores is not None else (0,) * rules.teams
        return cls(rules, dealer, scores, target or rules.target, dealt.hands, dealt.trump_card,
                   dealt.captured, dealt.exposed, seed=seed)

    @classmethod
    def from_record(cls, record: Any) -> "Deal":
        from .record import deal_from_record
        return deal_from_record(record)

    def to_record(self) -> dict[str, Any]:
        from .record import record_of
        return record_of(self)

    def copy_before(self, count: int) -> "Deal":
        """A fresh deal with only the first `count` actions applied."""
        other = Deal(self.rules, self.dealer, self.start_scores, self.target, self.hands0,
                     self.trump_card0, self.captured, self.exposed0, self.seed)
        for action in self.actions[:count]:
            other.apply(action)
        return other

    def undo(self) -> "Deal":
        return self.copy_before(len(self.actions) - 1)

    def clone(self) -> "Deal":
        """An independent copy in the current state, much cheaper than replaying the actions (the
        computer players copy a deal for every guess they play out). Every mutable container and
        state object is copied; the rules, strings, numbers, tuples and frozen actions are shared."""
        other = object.__new__(type(self))
        other.__dict__.update({k: v if k == "rules" else _copy_state(v) for k, v in self.__dict__.items()})
        return other

    def _validate_start(self) -> None:
        rules = self.rules
        if not 0 <= self.dealer < self.n:
            raise RecordError(f"dealer {self.dealer} is not a seat (0 to {self.n - 1})", "dealer")
        if len(self.start_scores) != self.n_teams:
            raise RecordError(f"scores needs {self.n_teams} numbers, one per team", "scores")
        if not 11 <= self.target <= 99:
            raise RecordError(f"target {self.target} is outside 11 to 99", "target")
        if len(self.hands0) != self.n:
            raise RecordError(f"hands needs {self.n} hands, one per seat", "hands")
        pack = set(rules.pack)
        seen: dict[str, str] = {}

        def place(card: str, where: str) -> None:
            if card not in pack:
                raise RecordError(f"{where}: {card} is not in the {rules.name} pack", where)
            if card in seen:
                raise RecordError(f"{where}: {card} is dealt twice (also in {seen[card]})", where)
            seen[card] = where

        for seat, hand in enumerate(self.hands0):
            if len(hand) != rules.hand_size:
                raise RecordError(f"hands.{seat}: seat {seat} holds {len(hand)} cards, "
                                  f"not {rules.hand_size}", f"hands.{seat}")
            for card in hand:
                place(card, f"hands.{seat}")
        place(self.trump_card0, "trump_card")
        if self.trump_card0[0] in rules.no_trump_suits:
            raise RecordError(f"trump_card: {self.trump_card0} cannot make trumps in {rules.name}; "
                              f"{SUIT_WORD[self.trump_card0[0]]} are never trumps", "trump_card")
        for card in self.exposed0:
            place(card, "exposed")
            if card[0] not in rules.no_trump_suits:
                raise RecordError(f"exposed: {card} would have made trumps; only cards of a suit "
                                  f"that cannot be trumps are set aside", "exposed")
        cutter = (self.dealer - 1) % self.n
        if len(self.captured) > rules.max_capture:
            raise RecordError(f"captured: at most {rules.max_capture} Perlaggen can be kept in the cut",
                              "captured")
        for card in self.captured:
            if card not in rules.permanent:
                raise RecordError(f"captured: {card} is not a permanent Perlagg", "captured")
            if card not in self.hands0[cutter]:
                raise RecordError(f"captured: {card} must be in the cutter's hand (seat {cutter})",
                                  "captured")

    # ----------------------------------------------------------------- small helpers
    def team(self, seat: int) -> int:
        return seat % self.n_teams

    def seats_of(self, team: int) -> list[int]:
        return [s for s in range(self.n) if s % self.n_teams == team]

    def others(self, team: int) -> list[int]:
        return [t for t in range(self.n_teams) if t != team]

    def is_perlagg(self, card: str) -> bool:
        return card in self.perl_rank

    def natural(self, card: str) -> bool:
        return card not in self.perl_rank

    @property
    def leader_seat(self) -> int:
        return (self.dealer + 1) % self.n

    def current_trick(self) -> Optional[Trick]:
        if self.tricks and len(self.tricks[-1].cards) < self.n:
            return self.tricks[-1]
        return None

    def seat_to_play(self) -> Optional[int]:
        if self.phase != "play":
            return None
        trick = self.current_trick()
        if trick is not None:
            return (trick.cards[-1][0] + 1) % self.n
        if self.tricks:
            return self.tricks[-1].winner
        return self.leader_seat

    def led_suit(self, trick: Trick) -> str:
        seat, card, baptism = trick.cards[0]
        return (baptism or card)[0]

    def first_pending(self) -> Optional[Figure]:
        for name in FIGURES:
            if self.figs[name].pending is not None:
                return self.figs[name]
        return None

    def secured(self, team: int) -> int:
        """Points this team has already won in this deal (figures decided in its favour)."""
        if self._secured is None:
            self._secured = [0] * self.n_teams
            for f in self.figs.values():
                if f.status == "won" and f.winner is not None and f.value != AUS:
                    self._secured[f.winner] += f.value
        return self._secured[team]

    def gestrichen(self, team: int) -> bool:
        return self.start_scores[team] + self.secured(team) == self.target - 1

    def score_now(self, team: int) -> int:
        return self.start_scores[team] + self.secured(team)

    def fixed_cards(self, seat: int, include_hand: bool) -> tuple[list[str], int]:
        """Represented cards fixed for a seat's figures, and how many free Perlaggen it has."""
        cards = [b or c for c, b in self.played[seat]] + [b or c for c, b in self.shown[seat]]
        free = 0
        if include_hand:
            shown = {c for c, _ in self.shown[seat]}
            for card in self.hands[seat]:
                if card in shown:
                    continue
                if self.is_perlagg(card):
                    free += 1
                else:
                    cards.append(card)
        return cards, free

    def shown_key(self, seat: int, figure: str) -> Key:
        cards, _ = self.fixed_cards(seat, False)
        return gleich_key(cards) if figure == "gleich" else hanger_key(cards)

    def team_shown(self, team: int, figure: str) -> Key:
        best: Key = None
        for seat in self.seats_of(team):
            key = self.shown_key(seat, figure)
            if key is not None and (best is None or key > best):
                best = key
        return best

    def behind(self, team: int, figure: str) -> bool:
        own = self.team_shown(team, figure)
        if own is None:
            return True
        return any((k := self.team_shown(t, figure)) is not None and k > own for t in self.others(team))

    def can_team_show(self, team: int, figure: str) -> bool:
        for seat in self.seats_of(team):
            cards, free = self.fixed_cards(seat, True)
            if can_show(cards, free, figure == "gleich", figure == "hanger"):
                return True
        return False

    # ----------------------------------------------------------------- who acts
    @property
    def to_act(self) -> list[int]:
        if self.phase == "declare":
            return self._declarers()
        if self.phase == "play":
            pend = self.first_pending()
            if pend is not None:
                return self._answerers(pend)
            seat = self.seat_to_play()
            return [] if seat is None else [seat]
        if self.phase == "show":
            pend = self.first_pending()
            if pend is not None and (pend.pending[0] != self.show_team or self._show_team_ready()):
                return self._answerers(pend)
            return self.seats_of(self.show_team)
        return []

    def _answerers(self, fig: Figure) -> list[int]:
        team = fig.pending[0]
        return [s for s in range(self.n) if self.team(s) != team]

    def _show_team_ready(self) -> bool:
        """Whether the showing team has acted on every open figure, so its bets can be answered."""
        for name in ("gleich", "hanger"):
            fig = self.figs[name]
            if fig.status != "open" or name in self.turn_bets:
                continue
            if self.behind(self.show_team, name):
                return False
        return True

    # ----------------------------------------------------------------- checking
    def check(self, action: Action) -> None:
        """Raise IllegalAction with a reason if the action is not allowed now."""
        reason = self._reason(action)
        if reason:
            raise IllegalAction(reason)

    def can(self, action: Action) -> bool:
        return self._reason(action) is None

    def _reason(self, a: Action) -> Optional[str]:
        if not 0 <= a.seat < self.n:
            return f"There is no seat {a.seat} at a table of {self.n}."
        if self.phase in ("scored", "game_over"):
            return "The deal is over: nothing more can be done in it."
        if a.blind and a.act != "bet":
            return "Only a bet can be blind."
        handler = getattr(self, "_reason_" + a.act)
        return handler(a)

    def _reason_play(self, a: Action) -> Optional[str]:
        if self.phase != "play":
            return f"Cards are not played now: the deal is in the {self.phase} phase."
        if a.card is None:
            return "Say which card to play."
        pend = self.first_pending()
        if pend is not None:
            return (f"Play waits until the bet on the {pend.name.capitalize()} is answered.")
        seat = self.seat_to_play()
        if a.seat != seat:
            return f"It is not your turn: seat {seat} plays next."
        hand = self.hands[a.seat]
        if a.card not in hand:
            return f"You do not hold {a.card}."
        if a.baptism is not None and self.natural(a.card):
            return f"{a.card} is not a Perlagg in this deal, so it cannot be baptised."
        if a.baptism is not None and a.baptism not in SUIT_CARDS:
            return f"A Perlagg cannot be baptised as {a.baptism}."
        trick = self.current_trick()
        if trick is None:
            return None
        led = self.led_suit(trick)
        if not any(c[0] == led and self.natural(c) for c in hand):
            return None
        suit = (a.baptism or a.card)[0]
        if suit in (led, self.trump):
            return None
        word, trump = SUIT_SINGULAR[led], SUIT_WORD[self.trump]
        a_word = ("an " if word[0] in "aeiou" else "a ") + word
        if self.is_perlagg(a.card):
            if a.baptism is None:
                return (f"You hold a natural {word}, so an unbaptised {a.card} counts as itself and "
                        f"does not follow: baptise it as {a_word} or a trump ({trump}).")
            return (f"You hold a natural {word}, so this Perlagg must be baptised as {a_word} "
                    f"or a trump ({trump}).")
        return f"You hold a natural {word}, so you must play {a_word} or a trump ({trump})."

    def _may_bet(self, seat: int, name: str) -> Optional[str]:
        fig = self.figs[name]
        team = self.team(seat)
        label = name.capitalize()
        if fig.status != "open":
            return f"The {label} is already decided."
        if fig.pending is not None:
            return f"A bet on the {label} is already waiting for an answer."
        if fig.value == AUS:
            return f"The {label} is at Spiel aus: it cannot go higher."
        if fig.last_team == team:
            return (f"Your team's bet on the {label} was the last one accepted; "
                    f"the other side must bet on it before you may again.")
        if not self.rules.gestrichen_bet_penalty:
            if self.gestrichen(team):
                return "Your team is gestrichen (one point from the target), so it may not bet."
            if self.score_now(team) + fig.value >= self.target:
                return (f"Your team may not bet on the {label}: with the points it already has, "
                        f"winning the {label} at {fig.value} would reach the target, so the "
                        f"opponents would have no room to call it good.")
        return None

    def _reason_bet(self, a: Action) -> Optional[str]:
        if a.blind:
            if self.open_play:
                return "A blind bet is only possible before anything else happens in the deal."
            if not self.rules.blind_bets:
                return "These rules have no blind bets."
        elif self.phase == "declare":
            return "Both teams are gestrichen: nobody may bet."
        if self.phase == "show":
            if self.team(a.seat) != self.show_team:
                return "In the show only the team whose turn it is may bet; you may answer its bets."
            if a.figure == "spiel":
                return "The Spiel is already decided."
            if self.to_act and self.team(self.to_act[0]) != self.show_team:
                return "First the other team must answer the bets waiting."
        elif self.phase != "play":
            return "Bets are not possible now."
        why = self._may_bet(a.seat, a.figure)
        if why:
            return why
        if a.figure == "spiel" and self.phase == "play":
            return self._last_trick_reason(a.seat)
        return None

    def _last_trick_reason(self, seat: int) -> Optional[str]:
        if not self.rules.last_trick_rule or len(self.tricks) != self.rules.hand_size:
            return None
        trick = self.current_trick()
        if trick is None or len(set(self.tricks_won)) != 1:
            return None
        led = self.led_suit(trick)
        mine = [(c, b) for s, c, b in trick.cards if s == seat]
        card, baptism = mine[0] if mine else (self.hands[seat][0], None)
        if self.is_perlagg(card) or (baptism or card)[0] in (led, self.trump):
            return None
        word = SUIT_SINGULAR[led]
        return (f"The tricks stand level and the last trick has been led: you may bet the Spiel only "
                f"if your last card is {'an' if word[0] in 'aeiou' else 'a'} {word}, a trump or a Perlagg.")

    def _answer_reason(self, a: Action) -> Optional[str]:
        fig = self.figs[a.figure]
        if fig.pending is None:
            return f"There is no bet on the {a.figure.capitalize()} to answer."
        if self.team(a.seat) == fig.pending[0]:
            return "Your own team made that bet; the other side answers it."
        first = self.first_pending()
        if first is not fig:
            return f"Answer the bet on the {first.name.capitalize()} first (Gleich, Hanger, Spiel in order)."
        if a.seat not in self.to_act:
            return "The showing team must first act on its other open figure before its bet is answered."
        return None

    def _reason_hold(self, a: Action) -> Optional[str]:
        return self._answer_reason(a)

    def _reason_raise(self, a: Action) -> Optional[str]:
        why = self._answer_reason(a)
        if why:
            return why
        fig = self.figs[a.figure]
        proposed = fig.pending[2]
        if proposed == AUS:
            return "Spiel aus cannot be raised; hold it or call it good."
        if a.figure == "spiel" and self.phase == "play":
            why = self._last_trick_reason(a.seat)
            if why:
                return why
        if self.rules.gestrichen_bet_penalty:
            return None
        team = self.team(a.seat)
        if self.gestrichen(team):
            return "Your team is gestrichen (one point from the target), so it may not raise."
        if self.score_now(team) + proposed >= self.target:
            return (f"Your team may not raise the {a.figure.capitalize()}: at {proposed} it would "
                    f"already bring you to the target.")
        return None

    def _reason_good(self, a: Action) -> Optional[str]:
        fig = self.figs[a.figure]
        if fig.pending is not None:
            return self._answer_reason(a)
        if self.phase not in ("play", "show"):
            return "Nothing can be conceded now."
        if fig.status != "open":
            return f"The {a.figure.capitalize()} is already decided."
        waiting = [f for f in self.figs.values() if f.pending is not None]
        if any(f.pending[0] != self.team(a.seat) for f in waiting):
            return "Answer the bet that is waiting first."
        if waiting and a.figure == "spiel":
            return "The Spiel cannot be conceded while a bet waits for its answer."
        if self.phase == "show" and self.team(a.seat) != self.show_team:
            return "In the show a team concedes on its own turn; now you may only answer bets."
        if self.phase == "play" and not any(f.status == "open" for f in self.figs.values()):
            return "Nothing is left to concede."
        return None

    def _reason_exchange(self, a: Action) -> Optional[str]:
        if self.phase != "play" or self.tricks:
            return "The exchange is only possible before the first card is played."
        options = self._exchange_options(a.seat)
        if not options:
            return "You have no right to exchange now."
        for give, take in options:
            if give == a.card and (a.take is None or a.take == take):
                return None
        return f"You cannot exchange {a.card}{' for ' + a.take if a.take else ''} now."

    def _reason_show(self, a: Action) -> Optional[str]:
        if self.phase != "show":
            return "Cards are shown only in the show, after the Spiel is decided."
        if self.team(a.seat) != self.show_team:
            return "It is not your team's turn to show."
        if a.seat not in self.to_act:
            return "First the other team must answer the bets waiting."
        shown = {c for c, _ in self.shown[a.seat]}
        bap = dict(a.baptisms)
        for card in a.cards:
            if card not in self.hands[a.seat]:
                return f"You do not hold {card}."
            if card in shown:
                return f"{card} is already shown."
            if card in bap and self.natural(card):
                return f"{card} is not a Perlagg in this deal, so it cannot be baptised."
        if self.locked and self.team(a.seat) == self.spiel_team:
            cards = self.shown[a.seat] + [(c, bap.get(c)) for c in a.cards]
            reps = [b or c for c, b in self.played[a.seat]] + [b or c for c, b in cards]
            for name in self.locked:
                before = self.team_shown(self.show_team, name)
                after = gleich_key(reps) if name == "gleich" else hanger_key(reps)
                if after is not None and (before is None or after > before):
                    return (f"Your team won the Spiel and left the {name.capitalize()} standing at the "
                            f"end of a turn, so it may not improve it now.")
        return None

    def _reason_done(self, a: Action) -> Optional[str]:
        if self.phase == "declare":
            return None if a.seat in self.to_act else "It is not your turn to declare."
        if self.phase != "show":
            return "'Done' ends a turn in the show; the show has not begun."
        if self.team(a.seat) != self.show_team:
            return "It is not your team's turn in the show."
        if self.first_pending() is not None:
            return "A bet is waiting for an answer; the turn cannot end before."
        return None

    def _reason_declare(self, a: Action) -> Optional[str]:
        if self.phase != "declare":
            return "Figures are declared only when both teams are gestrichen."
        if a.seat in self.declare["passed"]:
            return "You have already declared or passed."
        if a.figure == "spiel":
            return "Only a Gleich or a Hanger can be declared."
        reps = self._declared_reps(a)
        if isinstance(reps, str):
            return reps
        key = exact_key(a.figure, reps)
        if key is None:
            return f"Those cards do not make a {a.figure.capitalize()}."
        if key[0] < self.declare["min"]:
            return f"Only a figure of at least {self.declare['min']} cards counts now."
        return None

    def _declared_reps(self, a: Action) -> list[str] | str:
        played = {c: b for c, b in self.played[a.seat]}
        bap = dict(a.baptisms)
        reps = []
        for card in a.cards:
            if card in played:
                fixed = played[card]
                if card in bap and bap[card] != fixed:
                    return f"{card} was already played as {fixed or card}; its baptism is fixed."
                reps.append(fixed or card)
            elif card in self.hands[a.seat]:
                if card in bap and self.natural(card):
                    return f"{card} is not a Perlagg in this deal, so it cannot be baptised."
                reps.append(bap.get(card, card))
            else:
                return f"You do not hold {card}."
        return reps

    # ----------------------------------------------------------------- legal actions
    def legal_actions(self, seat: int, optional: bool = True) -> list[Action]:
        """Everything `seat` may do now; with optional=False, only the moves the game waits
        for (no bets, unprompted concessions or exchanges)."""
        if self.phase in ("scored", "game_over") or not 0 <= seat < self.n:
            return []
        out: list[Action] = []
        if self.phase == "declare":
            if seat in self.to_act:
                out.extend(self._declare_options(seat))
                out.append(Action(seat, "done"))
            return out
        to_act = self.to_act
        pend = self.first_pending()
        if pend is not None and seat in to_act and self.team(seat) != pend.pending[0]:
            for act in ("good", "hold", "raise"):
                action = Action(seat, act, figure=pend.name)
                if act != "raise" or self._reason_raise(action) is None:
                    out.append(action)
        if self.phase == "play":
            if pend is None and seat == self.seat_to_play():
                out.extend(self._play_options(seat))
            if not self.tricks and optional:
                out.extend(Action(seat, "exchange", card=g, take=t) for g, t in self._exchange_options(seat))
        for name in FIGURES if optional else ():
            if not self.open_play and self.rules.blind_bets and self._may_bet(seat, name) is None:
                out.append(Action(seat, "bet", figure=name, blind=True))
            bet = Action(seat, "bet", figure=name)
            if self._reason_bet(bet) is None:
                out.append(bet)
            if self.figs[name].pending is None and self.figs[name].status == "open":
                good = Action(seat, "good", figure=name)
                if self._reason_good(good) is None:
                    out.append(good)
        if self.phase == "show" and seat in to_act and self.team(seat) == self.show_team:
            shown = {c for c, _ in self.shown[seat]}
            for card in self.hands[seat]:
                if card in shown:
                    continue
                opts = [None] + list(SUIT_CARDS) if self.is_perlagg(card) else [None]
                for b in opts:
                    action = Action(seat, "show", cards=(card,), baptisms=((card, b),) if b else ())
                    if not self.locked or self._reason_show(action) is None:
                        out.append(action)
            if pend is None:
                out.append(Action(seat, "done"))
        return out

    def _play_options(self, seat: int) -> list[Action]:
        out = []
        trick = self.current_trick()
        hand = self.hands[seat]
        allowed = None  # None: any suit may be played
        if trick is not None:
            led = self.led_suit(trick)
            if any(c[0] == led and c not in self.perl_rank for c in hand):
                allowed = (led, self.trump)
        for card in hand:
            for action in _plays(seat, card, card in self.perl_rank):
                if allowed is None or (action.baptism or card)[0] in allowed:
                    out.append(action)
        return out

    def _exchange_options(self, seat: int) -> list[tuple[str, str]]:
        """(card given, card taken) pairs this seat may exchange now."""
        if self.tricks or self.phase != "play":
            return []
        chain = self._exchange_chain()
        hand = self.hands[seat]
        out: list[tuple[str, str]] = []
        up = self.face_up
        if up is not None and self.is_perlagg(up) and up[0] == self.trump:
            natural_trumps = lambda s: [c for c in self.hands[s] if c[0] == self.trump and self.natural(c)]
            holder = next((s for s in chain if natural_trumps(s)), None)
            if holder == seat:
                out.extend((c, up) for c in natural_trumps(seat))
            if self.rules.eichel_exchange:
                team_has = any(natural_trumps(s) for s in self.seats_of(self.team(self.dealer)))
                acorn_perl = lambda s: [c for c in self.hands[s] if c[0] == "E" and self.is_perlagg(c)]
                if not team_has:
                    upgrader = next((s for s in chain if acorn_perl(s)), None)
                    if upgrader == seat:
                        out.extend((c, up) for c in acorn_perl(seat))
        if self.rules.eichel_exchange:
            acorn_up = [c for c in self.exposed if self.is_perlagg(c)]
            natural_acorns = lambda s: [c for c in self.hands[s] if c[0] == "E" and self.natural(c)]
            if acorn_up:
                holder = next((s for s in chain if natural_acorns(s)), None)
                if holder == seat:
                    out.extend((c, t) for c in natural_acorns(seat) for t in acorn_up)
        return out

    def _exchange_chain(self) -> list[int]:
        chain = [self.dealer]
        if self.rules.exchange_partner:
            chain += [(self.dealer + i) % self.n for i in range(1, self.n)
                      if self.team((self.dealer + i) % self.n) == self.team(self.dealer)]
        if self.rules.opponents_exchange:
            chain += [(self.dealer + i) % self.n for i in range(1, self.n)
                      if self.team((self.dealer + i) % self.n) != self.team(self.dealer)]
        return chain

    def _declare_options(self, seat: int) -> list[Action]:
        """The seat's best declarable figure (one action per figure kind that qualifies)."""
        out = []
        cards, free = self._declare_material(seat)
        perl = [c for c in self.hands[seat] if self.is_perlagg(c)]
        naturals = [c for c in self.hands[seat] if self.natural(c)]
        played = {(b or c): c for c, b in self.played[seat]}
        for name in ("gleich", "hanger"):
            key = gleich_key(cards, free) if name == "gleich" else hanger_key(cards, free)
            if key is None or key[0] < self.declare["min"]:
                continue
            action = _build_declaration(seat, name, key, naturals, perl, played)
            if action is not None and self._reason_declare(action) is None:
                out.append(action)
        return out

    def _declare_material(self, seat: int) -> tuple[list[str], int]:
        cards = [b or c for c, b in self.played[seat]]
        free = 0
        for card in self.hands[seat]:
            if self.is_perlagg(card):
                free += 1
            else:
                cards.append(card)
        return cards, free

    # ----------------------------------------------------------------- applying
    def apply(self, action: Action) -> list[dict[str, Any]]:
        """Apply a legal action and return what happened; an illegal one raises and changes nothing."""
        self.check(action)
        events: list[dict[str, Any]] = []
        index = len(self.actions)
        self.actions.append(action)
        if not action.blind:
            self.open_play = True
        getattr(self, "_do_" + action.act)(action, index, events)
        if self.phase in ("play", "show"):
            self._after_change(events)
        return events

    def _do_play(self, a: Action, index: int, events: list) -> None:
        self.hands[a.seat].remove(a.card)
        trick = self.current_trick()
        if trick is None:
            trick = Trick(leader=a.seat)
            self.tricks.append(trick)
        trick.cards.append((a.seat, a.card, a.baptism))
        self.played[a.seat].append((a.card, a.baptism))
        events.append({"type": "play", "seat": a.seat, "card": a.card, "as": a.baptism})
        if len(trick.cards) < self.n:
            return
        trick.winner = self.trick_winner(trick)
        team = self.team(trick.winner)
        self.tricks_won[team] += 1
        events.append({"type": "trick", "winner": trick.winner, "team": team,
                       "number": len(self.tricks)})
        if self.tricks_won[team] >= self.rules.tricks_for_spiel:
            self._decide(self.figs["spiel"], "won", team, events)
            self.spiel_team = team
            self._end_play(team, events)
        elif len(self.tricks) == self.rules.hand_size:
            self._decide(self.figs["spiel"], "nobody", None, events)
            self._end_play(self.team(self.leader_seat), events)

    def trick_winner(self, trick: Trick) -> int:
        led = self.led_suit(trick)
        best, best_key = trick.cards[0][0], (-1,)
        for seat, card, baptism in trick.cards:
            rep = baptism or card
            suit = rep[0]
            level = 2 if suit == self.trump else 1 if suit == led else 0
            power = 100 - self.perl_rank[card] if baptism else 0
            key = (level, RANK_VALUE[rep[1:]], power)
            if key > best_key:
                best, best_key = seat, key
        return best

    def _decide(self, fig: Figure, status: str, winner: Optional[int], events: list) -> None:
        fig.status, fig.winner = status, winner
        self._secured = None
        events.append({"type": "figure", "figure": fig.name, "status": status, "winner": winner,
                       "value": fig.value})

    def _do_bet(self, a: Action, index: int, events: list) -> None:
        fig = self.figs[a.figure]
        team = self.team(a.seat)
        proposed: int | str = AUS if fig.value == self.rules.max_value else fig.value + 1
        fig.pending = (team, a.seat, proposed, a.blind)
        if fig.first_bet is None:
            fig.first_bet = index
        self._oblige(a.seat, a.figure, a.blind)
        if self.gestrichen(team):
            self.risky_bets.append((team, a.figure))
        if self.phase == "show":
            self.turn_bets.add(a.figure)
        events.append({"type": "bet", "seat": a.seat, "figure": a.figure, "value": proposed,
                       "blind": a.blind})

    def _accept(self, fig: Figure, seat: int) -> None:
        team, _bettor, proposed, _blind = fig.pending
        fig.value = proposed
        fig.last_team = team
        fig.pending = None
        self._oblige(seat, fig.name, False)

    def _oblige(self, seat: int, figure: str, blind: bool) -> None:
        """Whoever bets or holds a Gleich or Hanger must show an example of it (ruling 16)."""
        if figure != "spiel" and (seat, figure, blind) not in self.obligations:
            self.obligations.append((seat, figure, blind))

    def _do_hold(self, a: Action, index: int, events: list) -> None:
        fig = self.figs[a.figure]
        self._accept(fig, a.seat)
        events.append({"type": "hold", "seat": a.seat, "figure": a.figure, "value": fig.value})

    def _do_raise(self, a: Action, index: int, events: list) -> None:
        fig = self.figs[a.figure]
        self._accept(fig, a.seat)
        events.append({"type": "hold", "seat": a.seat, "figure": a.figure, "value": fig.value})
        self._do_bet(Action(a.seat, "bet", figure=a.figure), index, events)

    def _do_good(self, a: Action, index: int, events: list) -> None:
        fig = self.figs[a.figure]
        team = self.team(a.seat)
        if fig.pending is not None:
            winner = fig.pending[0]
            fig.pending = None
        else:
            winner = self._best_other(team, a.figure)
            fig.needs_example = fig.name != "spiel"
        fig.conceded = True
        fig.conceded_at = index
        events.append({"type": "good", "seat": a.seat, "figure": a.figure, "value": fig.value})
        self._award(fig, winner, events)
        if fig.name == "spiel" and self.phase == "play":
            self.spiel_team = winner
            self._end_play(winner, events)

    def _best_other(self, team: int, figure: str) -> int:
        """The team that gains a figure conceded by `team` (the one ahead, if there are several)."""
        others = self.others(team)
        if len(others) == 1 or figure == "spiel":
            return others[0]
        return max(others, key=lambda t: (self.team_shown(t, figure) or (0, 0), -t))

    def _award(self, fig: Figure, winner: int, events: list) -> None:
        if fig.name != "spiel" and self.phase == "show" and self.team_shown(winner, fig.name) is None \
                and not self.can_team_show(winner, fig.name):
            self._decide(fig, "nobody", None, events)
        else:
            self._decide(fig, "won", winner, events)

    def _do_exchange(self, a: Action, index: int, events: list) -> None:
        take = a.take
        if take is None:
            take = next(t for g, t in self._exchange_options(a.seat) if g == a.card)
        hand = self.hands[a.seat]
        hand.remove(a.card)
        hand.append(take)
        if take == self.face_up:
            if self.natural(a.card):
                self.face_up = a.card
            else:
                self.face_up = None
                self.exposed.append(a.card)
        else:
            self.exposed[self.exposed.index(take)] = a.card
        self.exchanges.append({"seat": a.seat, "gave": a.card, "took": take})
        events.append({"type": "exchange", "seat": a.seat, "gave": a.card, "took": take})

    def _do_show(self, a: Action, index: int, events: list) -> None:
        bap = dict(a.baptisms)
        for card in a.cards:
            self.shown[a.seat].append((card, bap.get(card)))
        events.append({"type": "show", "seat": a.seat, "cards": [[c, bap.get(c)] for c in a.cards]})

    def _do_done(self, a: Action, index: int, events: list) -> None:
        if self.phase == "declare":
            self.declare["passed"].add(a.seat)
            events.append({"type": "declare", "seat": a.seat, "figure": None})
            self._declare_progress(events)
            return
        team = self.show_team
        events.append({"type": "turn_end", "team": team})
        for name in ("gleich", "hanger"):
            fig = self.figs[name]
            if fig.status != "open":
                continue
            own = self.team_shown(team, name)
            best_other = max((self.team_shown(t, name) or (0, 0) for t in self.others(team)))
            if self.behind(team, name):
                self._award(fig, self._best_other(team, name), events)
            elif own == best_other:
                # a team passes on a figure when it finds it tied and leaves it as it was
                self.passes[name] = self.passes[name] + 1 if self.tie_at_start[name] == own else 0
                if team == self.spiel_team:
                    self.locked.add(name)
                if self.passes[name] >= 2:
                    self._decide(fig, "stands", None, events)
            else:
                self.passes[name] = 0
        self.show_team = (team + 1) % self.n_teams
        self._start_turn()
        events.append({"type": "turn", "team": self.show_team})

    def _do_declare(self, a: Action, index: int, events: list) -> None:
        reps = self._declared_reps(a)
        key = exact_key(a.figure, reps)
        rank = (key[0], 1 if a.figure == "gleich" else 0, key[1])
        state = self.declare
        state["passed"].add(a.seat)
        team = self.team(a.seat)
        if rank > state["best"].get(team, (0,)):
            state["best"][team] = rank
            state["by"][team] = (a.seat, a.figure)
        events.append({"type": "declare", "seat": a.seat, "figure": a.figure,
                       "cards": list(a.cards), "as": dict(a.baptisms)})
        self._declare_progress(events)

    # ----------------------------------------------------------------- phases
    def _end_play(self, first_team: int, events: list) -> None:
        if self.phase != "play":
            return
        if all(self.figs[n].status != "open" for n in ("gleich", "hanger")):
            self._finish(events)
            return
        self.phase = "show"
        self.show_team = first_team
        self._start_turn()
        events.append({"type": "show_begins", "team": first_team})

    def _start_turn(self) -> None:
        self.turn_bets = set()
        for name in ("gleich", "hanger"):
            own = self.team_shown(self.show_team, name)
            tied = own is not None and all(self.team_shown(t, name) == own for t in self.others(self.show_team))
            self.tie_at_start[name] = own if tied else None

    def _after_change(self, events: list) -> None:
        if self.phase == "show" and all(self.figs[n].status != "open" for n in FIGURES):
            self._finish(events)
            return
        if self._check_endgame(events):
            return
        reachable = any(self.score_now(t) >= self.target for t in range(self.n_teams)) or any(
            f.value == AUS and f.status == "won" for f in self.figs.values())
        if reachable and self._tally(final=False)["game_winner"] is not None:
            self._finish(events)

    def _check_endgame(self, events: Optional[list] = None) -> bool:
        """Both teams one point short: a long Gleich or Hanger decides (rulings 23 and 24)."""
        if self.declare is not None or self.phase not in ("play", "show"):
            return False
        if not all(self.score_now(t) == self.target - 1 for t in range(self.n_teams)):
            return False
        g, h = self.figs["gleich"], self.figs["hanger"]
        if not all(f.status == "open" and f.first_bet is None and f.pending is None for f in (g, h)):
            return False
        self.declare = {"min": self.rules.endgame_min, "passed": set(), "best": {}, "by": {},
                        "resume": self.phase}
        self.phase = "declare"
        if events is not None:
            events.append({"type": "endgame", "min": self.rules.endgame_min})
        self._declare_progress(events if events is not None else [])
        return True

    def _declarers(self) -> list[int]:
        """Seats, clockwise from the dealer's left, that could still beat or tie for their team
        the best figure declared so far (the engine knows the hands, so it only asks those)."""
        state = self.declare
        best = max(state["best"].values(), default=None)
        out = []
        for i in range(1, self.n + 1):
            seat = (self.dealer + i) % self.n
            if seat in state["passed"]:
                continue
            cards, free = self._declare_material(seat)
            options = []
            g, h = gleich_key(cards, free), hanger_key(cards, free)
            if g and g[0] >= state["min"]:
                options.append((g[0], 1, g[1]))
            if h and h[0] >= state["min"]:
                options.append((h[0], 0, h[1]))
            if not options:
                continue
            mine = max(options)
            team_best = state["best"].get(self.team(seat))
            if best is not None and mine < best:
                continue
            if team_best is not None and mine <= team_best:
                continue
            out.append(seat)
        return out

    def _declare_progress(self, events: list) -> None:
        if self._declarers():
            return
        state = self.declare
        ranks = sorted(state["best"].items(), key=lambda kv: kv[1], reverse=True)
        g, h = self.figs["gleich"], self.figs["hanger"]
        self.phase = state["resume"]
        if ranks and (len(ranks) == 1 or ranks[0][1] > ranks[1][1]):
            team = ranks[0][0]
            seat, figure = state["by"][team]
            self._decide(self.figs[figure], "won", team, events)
            other = h if figure == "gleich" else g
            self._decide(other, "nobody", None, events)
            self._finish(events)
            return
        status = "stands" if ranks else "nobody"
        self._decide(g, status, None, events)
        self._decide(h, status, None, events)
        if self.figs["spiel"].status != "open":
            self._finish(events)

    # ----------------------------------------------------------------- scoring
    def _items(self) -> list[Figure]:
        figs = list(self.figs.values())
        conceded = sorted((f for f in figs if f.conceded), key=lambda f: f.conceded_at)
        held = sorted((f for f in figs if not f.conceded and f.first_bet is not None),
                      key=lambda f: f.first_bet)
        order = ("spiel", "gleich", "hanger") if self.rules.scoring_order == "imst" else FIGURES
        unbet = [self.figs[n] for n in order if not self.figs[n].conceded and self.figs[n].first_bet is None]
        return conceded + held + unbet

    def _validation(self) -> tuple[dict[int, list[tuple[int, str]]], dict[str, Optional[int]]]:
        """Failed bet validations per team, and figure winners that change because of them."""
        failed: dict[int, list[tuple[int, str]]] = {}
        winners: dict[str, Optional[int]] = {}
        needs: dict[tuple[int, bool], set[str]] = {}
        for seat, figure, blind in self.obligations:
            needs.setdefault((seat, blind), set()).add(figure)
        lost: list[tuple[int, str]] = []
        for (seat, blind), figs in needs.items():
            cards, free = self.fixed_cards(seat, True)
            ok = {f: can_show(cards, free, f == "gleich", f == "hanger") for f in figs}
            if len(figs) == 2 and all(ok.values()) and not can_show(cards, free, True, True):
                ok["hanger"] = False   # one baptism per Perlagg cannot serve both examples
            for figure in sorted(f for f, good in ok.items() if not good):
                lost.append((self.team(seat), figure))
                if not blind:
                    failed.setdefault(self.team(seat), []).append((seat, figure))
        for team, figure in lost:
            fig = self.figs[figure]
            if fig.status == "won" and fig.winner == team:
                other = self._best_other(team, figure)
                winners[figure] = other if self.can_team_show(other, figure) else None
        for fig in self.figs.values():
            if fig.needs_example and fig.status == "won" and fig.name not in winners:
                if not self.can_team_show(fig.winner, fig.name):
                    winners[fig.name] = None
        return failed, winners

    def _tally(self, final: bool) -> dict[str, Any]:
        failed, winners = self._validation()
        points = [0] * self.n_teams
        scores = list(self.start_scores)
        game_winner = None
        for fig in self._items():
            if fig.status == "open":
                if final:
                    continue
                break
            if fig.status != "won":
                continue
            winner = winners.get(fig.name, fig.winner)
            if winner is None or winner in failed:
                continue
            if fig.value == AUS:
                gain = max(0, self.target - scores[winner])
            else:
                gain = fig.value
            points[winner] += gain
            scores[winner] += gain
            if scores[winner] >= self.target or fig.value == AUS:
                game_winner = winner
                break
        penalties = []
        for team, fails in sorted(failed.items()):
            seat, figure = fails[0]
            penalties.append({"team": team, "seat": seat, "figure": figure, "points": -self.rules.penalty,
                              "failures": [[s, f] for s, f in fails]})
        for team, figure in self.risky_bets:
            fig = self.figs[figure]
            if winners.get(figure, fig.winner) != team and team not in failed and team != game_winner:
                penalties.append({"team": team, "seat": None, "figure": figure,
                                  "points": -self.rules.penalty, "failures": []})
        for p in penalties:
            scores[p["team"]] += p["points"]
        return {"deal_points": points, "scores": scores, "game_winner": game_winner,
                "penalties": penalties, "winners": winners}

    def _finish(self, events: list) -> None:
        result = self._tally(final=True)
        for name, winner in result["winners"].items():
            fig = self.figs[name]
            fig.winner = winner
            if winner is None:
                fig.status = "nobody"
        self.final = result
        self._secured = None
        self.penalties = result["penalties"]
        self.phase = "game_over" if result["game_winner"] is not None else "scored"
        events.append({"type": "scored", "deal_points": result["deal_points"],
                       "scores": result["scores"], "penalties": result["penalties"],
                       "game_winner": result["game_winner"]})

    # ----------------------------------------------------------------- reading
    @property
    def deal_points(self) -> list[int]:
        if self.final:
            return list(self.final["deal_points"])
        return [self.secured(t) for t in range(self.n_teams)]

    @property
    def scores(self) -> list[int]:
        if self.final:
            return list(self.final["scores"])
        return [self.start_scores[t] + p for t, p in enumerate(self.deal_points)]

    @property
    def game_winner(self) -> Optional[int]:
        return self.final["game_winner"] if self.final else None

    def summary(self) -> dict[str, Any]:
        """The replay command's output object (shared/DEAL_RECORD.md)."""
        return {
            "phase": self.phase,
            "trump": self.trump,
            "to_act": self.to_act,
            "tricks": [{"cards": [[s, c, b] for s, c, b in t.cards], "winner": t.winner}
                       for t in self.tricks],
            "tricks_won": list(self.tricks_won),
            "figures": {name: fig.public() for name, fig in self.figs.items()},
            "penalties": [{k: v for k, v in p.items() if k != "failures"} for p in self.penalties],
            "deal_points": self.deal_points,
            "scores": self.scores,
            "game_winner": self.game_winner,
        }

    def view(self, seat: Optional[int] = None) -> dict[str, Any]:
        from .view import view_of
        return view_of(self, seat)


@lru_cache(maxsize=None)
def _plays(seat: int, card: str, wild: bool) -> tuple[Action, ...]:
    """Every way to play a card: as itself, and if it is a Perlagg, baptised as any suit card."""
    return tuple(Action(seat, "play", card=card, baptism=b) for b in ((None,) + SUIT_CARDS if wild else (None,)))


def _build_declaration(seat: int, figure: str, key: tuple[int, int], naturals: list[str],
                       perl: list[str], played: dict[str, str]) -> Optional[Action]:
    """An action declaring the figure `key`, using natural and played cards first."""
    n, value = key
    from .figures import RANK_OF_VALUE
    from .cards import SUITS
    cards: list[str] = []
    baptisms: list[tuple[str, str]] = []
    pool = {c: c for c in naturals}
    pool.update({rep: face for rep, face in played.items()})
    if figure == "gleich":
        rank = RANK_OF_VALUE[value]
        targets = [s + rank for s in SUITS] + [SUITS[0] + rank] * 5
    else:
        best = None
        for suit in SUITS:
            run = [suit + RANK_OF_VALUE[v] for v in range(value, value - n, -1)]
            have = sum(1 for c in run if c in pool)
            if n - have <= len(perl) and (best is None or have > best[0]):
                best = (have, run)
        if best is None:
            return None
        targets = best[1]
    spare = list(perl)
    used: set[str] = set()
    for target in targets:
        if len(cards) == n:
            break
        if target in pool and pool[target] not in used:
            cards.append(pool[target])
            used.add(pool[target])
        elif spare:
            p = spare.pop(0)
            cards.append(p)
            baptisms.append((p, target))
    if len(cards) < n:
        return None
    return Action(seat, "declare", figure=figure, cards=tuple(cards), baptisms=tuple(sorted(baptisms)))


def _copy_state(value: Any) -> Any:
    kind = type(value)
    if kind is list:
        return [_copy_state(v) for v in value]
    if kind is dict:
        return {k: _copy_state(v) for k, v in value.items()}
    if kind is set:
        return set(value)
    if hasattr(value, "__dict__") and not isinstance(value, type):   # the engine's state objects
        other = object.__new__(kind)
        other.__dict__.update({k: _copy_state(v) for k, v in value.__dict__.items()})
        return other
    return value   # immutable: str, int, tuple, None, frozen dataclasses with slots
