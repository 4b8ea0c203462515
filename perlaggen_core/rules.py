"""Rule sets as data: a frozen Rules object, the named presets, and the options a record may set."""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, Optional

from .cards import full_pack
from .errors import NotationError
from .messages import msg

FIGURES = ("gleich", "hanger", "spiel")
TARGETS = (11, 24)   # the range a game's target may take (RULINGS 25)
MAIN_SOURCE = "000_e139dc56b14c6295.txt"   # the fullest English rules (shared/seeds)
GILT_SOURCE = "002_e3ecfafdaf1d8894.txt"
IMST_SOURCE = "004_51b9af99e10da699.txt"


@dataclass(frozen=True)
class Rules:
    """Everything that varies between ways of playing; one deal or game never changes it.

    `perlaggen` lists the wild cards from highest to lowest. An entry is a card code (always
    wild) or ``T`` plus a rank (``T7``, ``TU``, ``TO``, ``TK``: that rank of the trump suit). A
    card that appears twice after resolving counts at its first, higher, place.
    """

    name: str
    source: tuple[str, str] = (MAIN_SOURCE, "Innsbruck Style")   # file of shared/seeds, section
    players: int = 4
    teams: int = 2                      # seat s plays for team s % teams (teams == players: everyone alone)
    hand_size: int = 5
    deal_packets: tuple[int, ...] = (2, 3)
    trump_after_packet: int = 2         # the trump card is turned after this many packets
    tricks_for_spiel: int = 3
    extra_cards: tuple[str, ...] = ("S6",)
    perlaggen: tuple[str, ...] = ("HK", "S6", "S7", "E7", "T7", "TU", "TO")
    permanent: tuple[str, ...] = ("HK", "S6", "S7", "E7")  # may be captured in the cut
    max_capture: int = 4
    no_trump_suits: tuple[str, ...] = ()   # suits that are set aside when turned up
    target: int = 18
    start_score: int = 0                # Strafperlaggen counts down from 9
    count_down: bool = False            # Strafperlaggen: figures won are taken off, penalties added
    max_value: int = 7                  # the highest value a bet may reach
    spiel_aus: bool = True              # a bet beyond max_value is "Spiel aus" (not in the three-player games)
    exchange_partner: bool = True       # the dealer's partners may exchange when the dealer cannot
    upgrade: bool = False               # Eichel: an acorn Perlagg exchanged for the turned-up trump Perlagg
    acorn_exchange: bool = False        # Eichel: natural acorns exchanged for acorn Perlaggen set aside
    opponents_exchange: bool = False    # Imst: the opponents may exchange afterwards
    scoring_order: str = "standard"     # unbet figures: "standard" G, H, S; "spiel_first" S, G, H (Imst, Straf)
    gestrichen_bet_penalty: bool = False  # Imst: a gestrichen team may bet, risking 2 points
    declaration_endgame: bool = True    # both gestrichen: declarations decide (not with everyone alone)
    endgame_min: int = 3                # both gestrichen: a figure this long decides
    endgame_by_length: bool = False     # Eichel: equal lengths leave it to the Spiel, whatever the kind
    endgame_hanger_tie_gleich: bool = False   # Giltspiel: equal best Hangers, the best Gleich decides
    last_trick_rule: bool = True        # the fifth-trick rule for betting the Spiel (4 players)
    blind_bets: bool = True
    concede_unbet_spiel: bool = True    # "das Spiel ist gut" without a bet (not with everyone alone)
    suggested_spiel_rule: bool = False  # everyone alone: no Spiel bet by a player who cannot reach it
    failed_show: str = "deal"           # a bet figure not shown costs the "deal" (ruling 16) or the "figure"
    luck_und_boden: bool = False        # the stock's top and bottom cards are shown to all (ruling 31)
    signals: Optional[str] = "innsbruck"   # the Deuten system of the table (None: no partners)
    max_figure: int = 5
    penalty: int = 2
    offered: bool = True                # offered in a chooser (Strafperlaggen's play-on follows a win instead)
    _hash: ClassVar[int]                # set per rule set in __post_init__ (not a field)

    def __post_init__(self) -> None:
        if self.players < 2 or self.players % self.teams:
            raise NotationError(msg("rules.teams", rules=self.name, players=self.players, teams=self.teams))
        if sum(self.deal_packets) != self.hand_size:
            raise NotationError(msg("rules.packets", rules=self.name, hand=self.hand_size))
        # a rule set keys the computer players' tables, asked on every move: hashed once, not per ask
        object.__setattr__(self, "_hash", hash(tuple(getattr(self, f.name) for f in fields(self))))

    def __hash__(self) -> int:
        return self._hash

    @property
    def pack(self) -> tuple[str, ...]:
        return full_pack(self.extra_cards)

    @property
    def team_size(self) -> int:
        return self.players // self.teams

    @property
    def alone(self) -> bool:
        """Everyone plays for themselves (three players): answers in turn, a free ride, and more."""
        return self.teams == self.players and self.players > 2

    def seats_of(self, team: int) -> list[int]:
        return [s for s in range(self.players) if s % self.teams == team]

    def perlaggen_for(self, trump: str) -> tuple[str, ...]:
        """The wild cards of a deal with this trump suit, highest first."""
        out: list[str] = []
        for entry in self.perlaggen:
            code = trump + entry[1:] if entry[0] == "T" else entry
            if code not in out:
                out.append(code)
        return tuple(out)

    def with_options(self, **changes: Any) -> "Rules":
        return replace(self, **changes)

    def options(self) -> dict[str, Any]:
        """The options that differ from this rule set's preset (what a record's `options` says)."""
        base = PRESETS.get(self.name)
        if base is None:
            return {}
        return {name: getattr(self, name) for name in OPTIONS if getattr(self, name) != getattr(base, name)}


# The options a deal record may set (its "options" object): their names and kinds of value.
OPTIONS: dict[str, type] = {
    "luck_und_boden": bool, "suggested_spiel_rule": bool, "gestrichen_bet_penalty": bool,
    "opponents_exchange": bool, "max_value": int, "scoring_order": str, "blind_bets": bool,
    "last_trick_rule": bool,
}
OPTION_VALUES = {"scoring_order": ("standard", "spiel_first"), "max_value": tuple(range(2, 8))}

INNSBRUCK = Rules(name="innsbruck")
EICHEL = Rules(
    name="eichel", source=(MAIN_SOURCE, "Eichelperlaggen"),
    perlaggen=("HK", "S6", "T7", "TU", "TO", "E7", "EU", "EO"),
    permanent=("HK", "S6", "E7", "EU", "EO"), max_capture=5, no_trump_suits=("E",), target=15,
    upgrade=True, acorn_exchange=True, endgame_min=4, endgame_by_length=True, signals="eichel",
)


def _two(base: Rules) -> Rules:
    return replace(base, name=base.name + "-2", source=(MAIN_SOURCE, "Two-Player Game"), players=2, teams=2,
                   hand_size=7, deal_packets=(2, 3, 2), trump_after_packet=2, tricks_for_spiel=4,
                   last_trick_rule=False, signals=None)


def _six(base: Rules) -> Rules:
    return replace(base, name=base.name + "-6", source=(MAIN_SOURCE, "Six-Player Game"), players=6, teams=2,
                   hand_size=4, deal_packets=(2, 2), trump_after_packet=2, tricks_for_spiel=3,
                   last_trick_rule=False)


def _three(base: Rules) -> Rules:
    """Three players, each alone (RULINGS 26)."""
    return replace(base, name=base.name + "-3", source=(MAIN_SOURCE, "Three-Player Game"), players=3, teams=3,
                   hand_size=7, deal_packets=(2, 3, 2), trump_after_packet=2, tricks_for_spiel=4, max_value=3,
                   spiel_aus=False,
                   last_trick_rule=False, blind_bets=False, concede_unbet_spiel=False,
                   suggested_spiel_rule=True, declaration_endgame=False, exchange_partner=False, signals=None)


STRAF = replace(
    _three(EICHEL), name="straf", source=(MAIN_SOURCE, "Strafperlaggen"),
    perlaggen=("HK", "S6", "S7", "E7", "T7", "TU", "TO", "EU", "EO"),
    permanent=("HK", "S6", "S7", "E7", "EU", "EO"), deal_packets=(3, 4), trump_after_packet=1,
    target=0, start_score=9, count_down=True, scoring_order="spiel_first", blind_bets=True, upgrade=False,
)
GILTSPIEL = replace(
    INNSBRUCK, name="giltspiel", source=(GILT_SOURCE, "Giltspiel"), extra_cards=(), perlaggen=(), permanent=(),
    max_capture=0, target=15, failed_show="figure", endgame_hanger_tie_gleich=True, signals="giltspiel",
)
SCHLANDERS = replace(
    EICHEL, name="schlanders", source=(MAIN_SOURCE, "Variations (Schlanders)"), extra_cards=(),
    perlaggen=("HK", "E8", "T7", "TO", "TU", "E7", "EO", "EU"), permanent=("HK", "E8", "E7", "EO", "EU"),
    target=24,
)
DEUTSCHNOFEN = replace(
    INNSBRUCK, name="deutschnofen", source=(MAIN_SOURCE, "Variations (Deutschnofen)"),
    perlaggen=("S6", "HK", "SK", "H7", "S7", "L7", "E7", "TK", "TO", "TU"),
    permanent=("S6", "HK", "SK", "H7", "S7", "L7", "E7"), max_capture=5, signals="deutschnofen",
)

PRESETS: dict[str, Rules] = {
    r.name: r for r in (INNSBRUCK, EICHEL, _two(INNSBRUCK), _two(EICHEL), _six(INNSBRUCK), _six(EICHEL),
                        _three(INNSBRUCK), _three(EICHEL), STRAF, GILTSPIEL, SCHLANDERS, DEUTSCHNOFEN)
}
PRESETS["imst"] = replace(EICHEL, name="imst", source=(IMST_SOURCE, "Imster Perlaggerregeln 2008"), max_value=4,
                          scoring_order="spiel_first", gestrichen_bet_penalty=True, opponents_exchange=True)
# Strafperlaggen's play-on for second place: the two left play on as a two-player straf game (ruling 27)
PRESETS["straf-2"] = replace(STRAF, name="straf-2", players=2, teams=2, signals=None, offered=False,
                             suggested_spiel_rule=False, concede_unbet_spiel=True, declaration_endgame=False)


OFFERED = tuple(name for name, rules in PRESETS.items() if rules.offered)   # every game a player may pick


def get_rules(name: str) -> Rules:
    try:
        return PRESETS[name]
    except KeyError:
        raise NotationError(msg("rules.unknown", name=str(name), known=sorted(PRESETS))) from None


def option_problem(name: str, value: Any) -> Optional[str]:
    """What is wrong with an option of a record (a code), or None."""
    if name not in OPTIONS:
        return "record.unknown_option"
    kind = OPTIONS[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        return "record.option_kind"
    if name in OPTION_VALUES and value not in OPTION_VALUES[name]:
        return "record.option_value"
    return None

