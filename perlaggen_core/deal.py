"""One deal as a state machine: legal actions, refusals with reasons, and `apply` with events.

A deal is fully defined by its starting position (`Start`) and its actions; everything else here
is derived by replaying them, so undo is replay without the last action. The rules themselves
live in one module each (tricks, betting, exchange, showdown, endgame, scoring), which read and
change the deal through `dealstate.DealState`; this class holds the state and sends each action to
the module that judges and applies it, then to `phases.advance`, the one owner of the phase.
"""
from __future__ import annotations

from functools import lru_cache

from typing import Any, Iterable, Iterator, Optional

from . import betting, cut, endgame, exchange, legal, phases, record, showdown, standing, tricks
from .actions import Action, Bet, Cut, Declare, Done, Exchange, Good, Hold, Keep, Play, Raise, Show
from .errors import IllegalAction, RecordError
from .events import Event, ShowBegins, TurnBegins
from .figures import Key
from .messages import Message, msg
from .outcome import PlayPreview, figure_outcomes, preview_play
from .rules import FIGURES, Rules
from .showdown import Material
from .start import Start
from .state import DECLARE, PLAY, SHOW, Declarations, FigureState, Obligation, Phase, Swap, Tally, Trick
from .view import view_of


@lru_cache(maxsize=None)
def _team_seats(players: int, teams: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(s for s in range(players) if s % teams == team) for team in range(teams))


class Deal:
    """The state of one deal. Build it from a `Start`, with `Deal.new(rules, seed)` or
    `Deal.from_record(record)`."""

    phase: Phase         # moved from phase to phase by phases.py alone

    def __init__(self, start: Start) -> None:
        start.check()
        rules = start.rules
        self.start = start
        self.rules: Rules = rules
        self.n = rules.players
        self.n_teams = rules.teams
        self.dealer = start.dealer
        self.target = start.target
        self.gestrichen_at = start.target - 1    # one point short of the target (ruling 14)
        self.start_scores = tuple(start.scores)
        self.hands0 = start.hands
        self.trump_card0 = start.trump_card
        self.captured = start.captured
        self.exposed0 = start.exposed
        self.seed = start.seed
        self.trump = start.trump_card[0]
        self.perl = rules.perlaggen_for(self.trump)
        self.perl_rank = {c: i for i, c in enumerate(self.perl)}
        self.actions: list[Action] = []
        self.hands = [list(h) for h in self.hands0]
        self.face_up: Optional[str] = start.trump_card
        self.exposed = list(self.exposed0)
        self.exchanges: list[Swap] = []
        self.kept: frozenset[int] = frozenset()   # seats that kept their cards: no exchange any more
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * self.n_teams
        self.played: list[list[tuple[str, Optional[str]]]] = [[] for _ in range(self.n)]
        self.shown: list[list[tuple[str, Optional[str]]]] = [[] for _ in range(self.n)]
        self.figs = {name: FigureState(name) for name in FIGURES}
        self.obligations: list[Obligation] = []
        self.risky_bets: list[tuple[int, str]] = []
        self.spiel_team: Optional[int] = None
        self.show_team: Optional[int] = None
        self.turn_bets: set[str] = set()
        self.passes: dict[str, int] = {"gleich": 0, "hanger": 0}   # consecutive turns passed tied
        self.tie_at_start: dict[str, Key] = {"gleich": None, "hanger": None}
        self.locked: set[str] = set()
        self.declare: Optional[Declarations] = None
        self.final: Optional[Tally] = None
        self.open_play = False          # a non-blind action (but a silent keep) has happened
        self.uncut = start.before_cut   # the blind-bet window is open (cut.py)
        self.standing: Optional[tuple[list[int], list[int]]] = None   # points won and scores now (_stand)
        self.shown_memo: dict[tuple[int, str, int, int], Key] = {}   # showdown.shown_key's memory
        self.waiting: Optional[list[int]] = None     # to_act's memory until the next action
        phases.open_deal(self)

    # ----------------------------------------------------------------- construction
    @classmethod
    def new(cls, rules: Rules, seed: int, dealer: int = 0, scores: Optional[Iterable[int]] = None,
            target: Optional[int] = None) -> "Deal":
        """Shuffle with the seed, cut, deal and turn trumps."""
        return cls(Start.seeded(rules, seed, dealer, tuple(scores) if scores is not None else None, target))

    @classmethod
    def from_record(cls, data: Any) -> "Deal":
        """A deal record (shared/DEAL_RECORD.md), its actions replayed. RecordError names a bad
        field; IllegalAction carries the `index` of the action the rules refuse."""
        start, actions = record.parse(data)
        deal = cls(start)
        for index, action in enumerate(actions):
            if action.seat >= deal.n:
                field = f"actions.{index}.seat"
                raise RecordError(msg("record.no_seat", field=field, seat=action.seat), field)
            why = deal.refusal(action)
            if why:
                raise IllegalAction(why, index).within(deal.rules)
            deal.apply(action)
        return deal

    def to_record(self) -> dict[str, Any]:
        return record.record_of(self)

    def copy_before(self, count: int) -> "Deal":
        """A fresh deal with only the first `count` actions applied."""
        other = Deal(self.start)
        for action in self.actions[:count]:
            other.apply(action)
        return other

    def undo(self) -> "Deal":
        return self.copy_before(len(self.actions) - 1)

    def clone(self) -> "Deal":
        """An independent copy in the current state, much cheaper than replaying the actions (the
        computer players copy a deal for every guess they play out)."""
        other = object.__new__(Deal)
        other.__dict__.update(self.__dict__)          # numbers, strings, tuples and the rules: shared
        other.actions = list(self.actions)
        other.hands = [list(h) for h in self.hands]
        other.exposed = list(self.exposed)
        other.exchanges = list(self.exchanges)
        other.tricks = [t.copy() for t in self.tricks]
        other.tricks_won = list(self.tricks_won)
        other.played = [list(p) for p in self.played]
        other.shown = [list(s) for s in self.shown]
        other.figs = {name: f.copy() for name, f in self.figs.items()}
        other.obligations = list(self.obligations)
        other.risky_bets = list(self.risky_bets)
        other.turn_bets = set(self.turn_bets)
        other.passes = dict(self.passes)
        other.tie_at_start = dict(self.tie_at_start)
        other.locked = set(self.locked)
        other.declare = self.declare.copy() if self.declare else None
        other.standing = None
        other.shown_memo = dict(self.shown_memo)     # valid for the history both share
        return other

    # ----------------------------------------------------------------- small facts
    def team(self, seat: int) -> int:
        return seat % self.n_teams

    def seats_of(self, team: int) -> list[int]:
        return list(_team_seats(self.n, self.n_teams)[team])

    def others(self, team: int) -> list[int]:
        return [t for t in range(self.n_teams) if t != team]

    def is_perlagg(self, card: str) -> bool:
        return card in self.perl_rank

    def natural(self, card: str) -> bool:
        return card not in self.perl_rank

    @property
    def leader_seat(self) -> int:
        return (self.dealer + 1) % self.n

    @property
    def cutter(self) -> int:
        return (self.dealer - 1) % self.n

    @property
    def stage(self) -> str:
        """"before_cut" while the blind-bet window is open (nothing of the cut, the trump card or
        any hand may be seen), else "cut"."""
        return cut.BEFORE_CUT if self.uncut else cut.CUT

    @property
    def current_trick(self) -> Optional[Trick]:
        """The trick being played, if one is begun and not complete."""
        if self.tricks and len(self.tricks[-1].cards) < self.n:
            return self.tricks[-1]
        return None

    @property
    def seat_to_play(self) -> Optional[int]:
        """The seat whose card the trick waits for (None outside PLAY)."""
        if self.phase is not PLAY:
            return None
        trick = self.current_trick
        if trick is not None:
            return (trick.cards[-1].seat + 1) % self.n
        if self.tricks:
            return self.tricks[-1].winner
        return self.leader_seat

    @property
    def first_pending(self) -> Optional[FigureState]:
        """The bet to answer first, if one waits (see betting.py)."""
        return betting.first_pending(self)

    def secured(self, team: int) -> int:
        """Points this team has already won in this deal (figures decided in its favour)."""
        return (self.standing or standing.stand(self))[0][team]

    def score_now(self, team: int) -> int:
        """The team's score with the points it has already won in this deal."""
        return (self.standing or standing.stand(self))[1][team]

    @property
    def scores_now(self) -> list[int]:
        """`score_now` of every team (the list is the deal's memory: do not change it)."""
        return (self.standing or standing.stand(self))[1]

    def gestrichen(self, team: int) -> bool:
        return not self.rules.count_down and self.score_now(team) == self.gestrichen_at

    # the show's facts, for the computer players and the pages (see showdown.py)
    def material(self, seat: int) -> Material:
        return showdown.material(self, seat)

    def best_keys(self, seat: int) -> tuple[Key, Key]:
        return showdown.best_keys(self, seat)

    def shown_key(self, seat: int, figure: str) -> Key:
        return showdown.shown_key(self, seat, figure)

    def team_shown(self, team: int, figure: str) -> Key:
        return showdown.team_shown(self, team, figure)

    def behind(self, team: int, figure: str) -> bool:
        return showdown.behind(self, team, figure)

    def can_team_show(self, team: int, figure: str) -> bool:
        return showdown.can_team_show(self, team, figure)

    # ----------------------------------------------------------------- who acts
    @property
    def to_act(self) -> list[int]:
        """The seats the game waits for now; worked out once between two actions (`apply` forgets it)."""
        if self.waiting is None:
            self.waiting = self._waiting()
        return list(self.waiting)

    def _waiting(self) -> list[int]:
        if self.uncut:                  # the table waits for the cut; blind bets are answered after it
            return [self.cutter]
        phase = self.phase
        if phase is PLAY:
            pend = betting.first_pending(self)
            if pend is not None:
                assert pend.pending is not None   # first_pending found a waiting bet
                return betting.answering_seats(self, pend.pending)
            seat = self.seat_to_play
            return [] if seat is None else [seat]
        if phase is SHOW:
            pend = betting.first_pending(self)
            assert self.show_team is not None   # a show always has a side showing
            if pend is not None:
                assert pend.pending is not None
                if pend.pending.team != self.show_team or showdown.show_team_ready(self):
                    return betting.answering_seats(self, pend.pending)
            return self.seats_of(self.show_team)
        if phase is DECLARE:
            seat = endgame.next_declarer(self)
            return [] if seat is None else [seat]
        return []

    @property
    def answering_team(self) -> Optional[int]:
        """The team that must answer a bet now, if the game waits for an answer."""
        pend = betting.first_pending(self)
        to_act = self.to_act
        if pend is None or pend.pending is None or self.uncut or not to_act or self.team(to_act[0]) == pend.pending.team:
            return None
        return self.team(to_act[0])

    # ----------------------------------------------------------------- verify / can / do
    def refusal(self, action: Action) -> Optional[Message]:
        """Why the rules refuse this action now, or None if it is allowed."""
        if not 0 <= action.seat < self.n:
            return msg("seat.unknown", seat=action.seat, players=self.n)
        if self.phase.over:
            return msg("deal.over")
        if action.blind and action.act != "bet":
            return msg("blind.not_a_bet")
        if self.uncut:
            why = cut.window_refusal(self, action)
            if why is not None or action.act == "cut":
                return why
        match action:       # the commonest first
            case Play():
                return tricks.check_play(self, action)
            case Hold():
                return betting.check_answer(self, action)
            case Good():
                return betting.check_good(self, action)
            case Show():
                return showdown.check_show(self, action)
            case Done():
                return endgame.check_pass(self, action) if self.phase is DECLARE else showdown.check_done(self, action)
            case Bet():
                return betting.check_bet(self, action)
            case Raise():
                return betting.check_raise(self, action)
            case Exchange():
                return exchange.check_exchange(self, action)
            case Keep():
                return exchange.check_keep(self, action)
            case Declare():
                return endgame.check_declare(self, action)
            case Cut():
                return cut.check_cut(self, action)
        raise TypeError(f"not an action: {action!r}")

    def check(self, action: Action) -> None:
        """Raise IllegalAction with the reason if the action is not allowed now."""
        why = self.refusal(action)
        if why:
            raise IllegalAction(why).within(self.rules)

    def can(self, action: Action) -> bool:
        return self.refusal(action) is None

    def check_baptism(self, card: str, baptism: str) -> Optional[Message]:
        return tricks.check_baptism(self, card, baptism)

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return what happened; an illegal one raises and changes nothing."""
        self.check(action)
        return self.push(action)

    def push(self, action: Action) -> list[Event]:
        """Apply an action that `legal_actions` listed in this very position, without asking the
        rules again (python-chess's `push`); anything else may leave the deal broken: use `apply`."""
        events: list[Event] = []
        index = len(self.actions)
        self.actions.append(action)
        self.waiting = None
        if not self.open_play and not action.blind and action.act != "keep":   # a keep is silent: the blind bets stay as they are
            self.open_play = True
        match action:
            case Play():
                tricks.do_play(self, action, index, events)
            case Hold():
                betting.do_hold(self, action, index, events)
            case Good():
                betting.do_good(self, action, index, events)
            case Show():
                showdown.do_show(self, action, index, events)
            case Done():
                if self.phase is DECLARE:
                    endgame.do_pass(self, action, index, events)
                else:
                    showdown.do_done(self, action, index, events)
            case Bet():
                betting.do_bet(self, action, index, events)
            case Raise():
                betting.do_raise(self, action, index, events)
            case Exchange():
                exchange.do_exchange(self, action, index, events)
            case Keep():
                self.kept = self.kept | {action.seat}     # no event: nobody else sees it
            case Declare():
                endgame.do_declare(self, action, index, events)
            case Cut():
                cut.do_cut(self, action, index, events)
        phases.advance(self, events)
        if self.phase.over:   # the deal ended with this move: nobody is called to show any more
            events[:] = [e for e in events if not isinstance(e, (ShowBegins, TurnBegins))]
        self.waiting = None
        return events

    def legal_actions(self, seat: int, optional: bool = True) -> list[Action]:
        """Everything `seat` may do now (see legal.py); with optional=False, only the moves the game
        waits for (no bets, unprompted concessions or exchanges)."""
        return legal.legal_actions(self, seat, optional)

    def all_shows(self, seat: int, most: Optional[int] = None) -> Iterator[Show]:
        """Every show of several cards at once the rules accept (generated: a large family)."""
        return showdown.all_shows(self, seat, most)

    def all_declarations(self, seat: int) -> Iterator[Declare]:
        """Every declaration the rules accept (generated: a large family)."""
        return endgame.all_declarations(self, seat)

    def complete(self, action: Action) -> Action:
        """The action in the form `legal_actions` lists it (an exchange names the card taken)."""
        return exchange.complete(self, action) if isinstance(action, Exchange) else action

    # ----------------------------------------------------------------- reading
    @property
    def deal_points(self) -> list[int]:
        if self.final:
            return list(self.final.deal_points)
        return [self.secured(t) for t in range(self.n_teams)]

    @property
    def scores(self) -> list[int]:
        if self.final:
            return list(self.final.scores)
        return [self.score_now(t) for t in range(self.n_teams)]

    @property
    def game_winner(self) -> Optional[int]:
        return self.final.game_winner if self.final else None

    @property
    def penalties(self) -> tuple:
        return self.final.penalties if self.final else ()

    def summary(self) -> dict[str, Any]:
        """The replay command's output object (shared/DEAL_RECORD.md)."""
        return {
            "phase": self.phase.value,
            "trump": self.trump,
            "to_act": self.to_act,
            "tricks": [{"cards": [list(c) for c in t.cards], "winner": t.winner} for t in self.tricks],
            "tricks_won": list(self.tricks_won),
            "figures": {name: fig.public() for name, fig in self.figs.items()},
            "penalties": [p.to_dict() for p in self.penalties],
            "deal_points": self.deal_points,
            "scores": self.scores,
            "game_winner": self.game_winner,
            "proofs": [p.to_dict() for p in self.final.proofs] if self.final else [],   # face up once over
            **({"shown_stock": list(self.start.shown_stock)} if self.start.shown_stock else {}),
        }

    def view(self, seat: Optional[int] = None, reveal: bool = False) -> dict[str, Any]:
        """What `seat` may see, as JSON-ready data (see view.py); `reveal` adds every hand."""
        return view_of(self, seat, reveal)

    def preview(self, action: Action) -> PlayPreview:
        """What playing this card would do: does it hold the trick, and the seat's best figures after."""
        return preview_play(self, action)

    def outcome(self) -> list:
        """How each figure ended and why, for the deal summary (FigureOutcome values)."""
        return figure_outcomes(self)
