"""The show (rulings 16, 19-20): what each seat can count toward a figure, the turns of the show,
who is ahead, and who wins a figure that is conceded."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from typing import Iterator, NamedTuple, Optional

from .actions import Done, Show
from .cards import SUIT_CARDS
from .dealstate import DealState
from .events import CardsShown, Event, TurnBegins, TurnEnded
from .figures import Key, can_show, figure_key, gleich_key, hanger_key, ranked
from .messages import Message, msg
from .standing import decide
from .state import NOBODY, OPEN, SHOW, STANDS, WON, FigureState
from .tricks import check_baptism


SHOWN_FIGURES = ("gleich", "hanger")


class Material(NamedTuple):
    """What a seat can count toward its Gleich and Hanger: the cards fixed by play or show (as
    represented), its natural cards in hand not yet shown, and its free Perlaggen (in hand, not
    shown, so their baptism is still to choose)."""

    fixed: list[str]
    naturals: list[str]
    wild: list[str]

    @property
    def cards(self) -> list[str]:
        return self.fixed + self.naturals

    @property
    def free(self) -> int:
        return len(self.wild)


def fixed_cards(deal: DealState, seat: int) -> list[str]:
    """The cards a seat's figures are fixed to: played and shown, as represented."""
    return [b or c for c, b in deal.played[seat]] + [b or c for c, b in deal.shown[seat]]


def material(deal: DealState, seat: int) -> Material:
    fixed = fixed_cards(deal, seat)
    shown = {c for c, _ in deal.shown[seat]}
    naturals: list[str] = []
    wild: list[str] = []
    for card in deal.hands[seat]:
        if card not in shown:
            (wild if card in deal.perl_rank else naturals).append(card)
    return Material(fixed, naturals, wild)


def best_keys(deal: DealState, seat: int) -> tuple[Key, Key]:
    """The seat's best Gleich and Hanger from everything it can still count."""
    m = material(deal, seat)
    longest = deal.rules.max_figure
    return figure_key("gleich", m.cards, m.free, longest), figure_key("hanger", m.cards, m.free, longest)


def can_example(deal: DealState, seat: int, *figures: str) -> bool:
    """Whether the seat can still show an example of each figure named (all at once)."""
    m = material(deal, seat)
    return can_show(m.cards, m.free, "gleich" in figures, "hanger" in figures)


def shown_key(deal: DealState, seat: int, figure: str) -> Key:
    """The figure the seat's cards on the table make. Remembered in `deal.shown_memo` by how many
    cards it has played and shown: those lists only grow, so their lengths name their content."""
    mark = (seat, figure, len(deal.played[seat]), len(deal.shown[seat]))
    memo = deal.shown_memo
    if mark in memo:        # (a miss is frequent: no exception to raise for it)
        return memo[mark]
    cards = fixed_cards(deal, seat)
    key = memo[mark] = gleich_key(cards) if figure == "gleich" else hanger_key(cards)
    return key


def team_shown(deal: DealState, team: int, figure: str) -> Key:
    best: Key = None
    for seat in deal.seats_of(team):
        key = shown_key(deal, seat, figure)
        if key is not None and (best is None or key > best):
            best = key
    return best


def sides_in(deal: DealState, fig: FigureState) -> list[int]:
    """The sides (teams, or players where everyone is alone) that can still win a figure."""
    return [t for t in range(deal.n_teams) if t not in fig.out]


def rivals(deal: DealState, team: int, figure: str, any_side: bool = False) -> list[int]:
    """The other sides still in the figure (`any_side`: every other side)."""
    out = () if any_side else deal.figs[figure].out
    return [t for t in deal.others(team) if t not in out]


def behind(deal: DealState, team: int, figure: str) -> bool:
    own = team_shown(deal, team, figure)
    if own is None:
        return True
    return any((k := team_shown(deal, t, figure)) is not None and k > own for t in rivals(deal, team, figure))


def best_rival(deal: DealState, team: int, figure: str) -> Key:
    """The best example the other sides still in the figure have shown (None: none)."""
    return max((team_shown(deal, t, figure) for t in rivals(deal, team, figure)), key=ranked, default=None)


def can_team_show(deal: DealState, team: int, figure: str) -> bool:
    return any(can_example(deal, seat, figure) for seat in deal.seats_of(team))


def best_other(deal: DealState, team: int, figure: str, any_side: bool = False) -> Optional[int]:
    """The side that gains a figure `team` loses: of the others still in it (`any_side`: of all
    the others), the one ahead."""
    others = rivals(deal, team, figure, any_side)
    if len(others) <= 1 or figure == "spiel":
        return others[0] if others else None
    return max(others, key=lambda t: (ranked(team_shown(deal, t, figure)), -t))


def award(deal: DealState, fig: FigureState, winner: Optional[int], events: list[Event]) -> None:
    """A conceded figure goes to `winner`, who must be able to show an example in the show (ruling
    20). When a player of the winner's side bet or held it, it is theirs to prove: whether they
    can is checked with every other duty at the end (ruling 21), and a failure lets the other side
    take it (ruling 16), wherever the bet was made or called good (ruling 22, amended)."""
    if winner is None or fig.name != "spiel" and deal.phase is SHOW and team_shown(deal, winner, fig.name) is None \
            and not can_team_show(deal, winner, fig.name) and not bound(deal, winner, fig.name):
        decide(deal, fig, NOBODY, None, events)
    else:
        decide(deal, fig, WON, winner, events)


def bound(deal: DealState, side: int, figure: str) -> bool:
    """Whether a player of `side` bet or held the figure, so must show an example of it (ruling 16)."""
    return any(o.figure == figure and deal.team(o.seat) == side for o in deal.obligations)


# ----------------------------------------------------------------------------- turns
def showing(deal: DealState) -> int:
    """The side whose turn it is in the show (the SHOW phase always has one)."""
    assert deal.show_team is not None
    return deal.show_team


def start_turn(deal: DealState) -> None:
    deal.turn_bets = set()
    team = showing(deal)
    for name in SHOWN_FIGURES:
        own = team_shown(deal, team, name)
        tied = own is not None and own == best_rival(deal, team, name)
        deal.tie_at_start[name] = own if tied else None


def first_to_show(deal: DealState, side: int) -> int:
    """The side whose turn it is in the show from `side` on: the first, clockwise, still in an
    open Gleich or Hanger (with two teams: simply `side`)."""
    for i in range(deal.n_teams):
        t = (side + i) % deal.n_teams
        if any(deal.figs[n].status is OPEN and t not in deal.figs[n].out for n in SHOWN_FIGURES):
            return t
    return side


def show_team_ready(deal: DealState) -> bool:
    """Whether the showing side has acted on every open figure it is in, so its bets can be answered."""
    team = showing(deal)
    for name in SHOWN_FIGURES:
        fig = deal.figs[name]
        if fig.status is not OPEN or name in deal.turn_bets or team in fig.out:
            continue
        if behind(deal, team, name):
            return False
    return True


def check_show(deal: DealState, a: Show) -> Optional[Message]:
    if deal.phase is not SHOW:
        return msg("show.not_now")
    if deal.team(a.seat) != deal.show_team:
        return msg("show.not_your_turn")
    if a.seat not in deal.to_act:
        return msg("show.answer_first")
    shown = {c for c, _ in deal.shown[a.seat]}
    bap = dict(a.baptisms)
    for card in a.cards:
        if card not in deal.hands[a.seat]:
            return msg("play.not_held", card=card)
        if card in shown:
            return msg("show.already_shown", card=card)
        if card in bap:
            why = check_baptism(deal, card, bap[card])
            if why:
                return why
    if deal.locked and deal.team(a.seat) == deal.spiel_team:
        reps = fixed_cards(deal, a.seat) + [bap.get(c, c) for c in a.cards]
        for name in sorted(deal.locked):
            before = team_shown(deal, deal.show_team, name)
            after = figure_key(name, reps)
            if after is not None and (before is None or after > before):
                return msg("show.locked", figure=name)
    return None


def check_done(deal: DealState, a: Done) -> Optional[Message]:
    if deal.phase is not SHOW:
        return msg("done.no_show")
    if deal.team(a.seat) != deal.show_team:
        return msg("done.not_your_turn")
    if deal.first_pending is not None:
        return msg("done.bet_waiting")
    return None


def do_show(deal: DealState, a: Show, index: int, events: list[Event]) -> None:
    bap = dict(a.baptisms)
    cards = tuple((card, bap.get(card)) for card in a.cards)
    deal.shown[a.seat].extend(cards)
    events.append(CardsShown(a.seat, cards))


def do_done(deal: DealState, a: Done, index: int, events: list[Event]) -> None:
    """The showing side ends its turn: behind on a figure means out of it (ruling 20); a figure
    with one side left goes to it; level after every side still in has passed on it, it stands."""
    team = showing(deal)
    events.append(TurnEnded(team))
    for name in SHOWN_FIGURES:
        fig = deal.figs[name]
        if fig.status is not OPEN or team in fig.out:
            continue
        own = team_shown(deal, team, name)
        if behind(deal, team, name):
            fig.out = fig.out | {team}
            left = sides_in(deal, fig)
            if len(left) <= 1:
                award(deal, fig, left[0] if left else None, events)
        elif own == best_rival(deal, team, name):
            # a side passes on a figure when it finds it tied and leaves it as it was
            deal.passes[name] = deal.passes[name] + 1 if deal.tie_at_start[name] == own else 0
            if team == deal.spiel_team:
                deal.locked.add(name)
            if deal.passes[name] >= len(sides_in(deal, fig)):
                decide(deal, fig, STANDS, None, events)
        else:
            deal.passes[name] = 0
    deal.show_team = first_to_show(deal, (team + 1) % deal.n_teams)
    start_turn(deal)
    events.append(TurnBegins(deal.show_team))


# ----------------------------------------------------------------------------- listing shows
def single_shows(deal: DealState, seat: int) -> list[Show]:
    """Laying down one card (a Perlagg with any baptism or none): the shows `legal_actions` lists."""
    out: list[Show] = []
    shown = {c for c, _ in deal.shown[seat]}
    for card in deal.hands[seat]:
        if card in shown:
            continue
        actions = _card_shows(seat, card, card in deal.perl_rank)
        out.extend(actions if not deal.locked else (a for a in actions if check_show(deal, a) is None))
    return out


@lru_cache(maxsize=None)
def _card_shows(seat: int, card: str, wild: bool) -> tuple[Show, ...]:
    """Every way to lay down one card: as itself, and a Perlagg also baptised as any suit card."""
    return tuple(Show(seat, (card,), ((card, b),) if b else ())
                 for b in ((None,) + SUIT_CARDS if wild else (None,)))


def all_shows(deal: DealState, seat: int, most: Optional[int] = None) -> Iterator[Show]:
    """Every show the rules accept from this seat now, any number of cards at once (up to
    `most`), each Perlagg with any baptism or none. A large family: generated, not listed."""
    if deal.phase is not SHOW or seat not in deal.to_act or deal.team(seat) != deal.show_team:
        return
    shown = {c for c, _ in deal.shown[seat]}
    free = [c for c in deal.hands[seat] if c not in shown]
    for size in range(1, min(len(free), most or len(free)) + 1):
        for cards in combinations(free, size):
            wild = [c for c in cards if c in deal.perl_rank]
            for names in product((None,) + SUIT_CARDS, repeat=len(wild)):
                baptisms = tuple(sorted((c, b) for c, b in zip(wild, names) if b))
                action = Show(seat, cards, baptisms)
                if check_show(deal, action) is None:
                    yield action
