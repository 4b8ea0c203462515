"""Rule sets as data: a frozen Rules object and the named presets."""
from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import full_pack
from .errors import NotationError
from .messages import msg

FIGURES = ("gleich", "hanger", "spiel")
TARGETS = (11, 24)   # the range a game's target may take (RULINGS 25)


@dataclass(frozen=True)
class Rules:
    """Everything that varies between ways of playing; one deal or game never changes it.

    `perlaggen` lists the wild cards from highest to lowest. An entry is a card code (always
    wild) or ``T`` plus a rank (``T7``, ``TU``, ``TO``: that rank of the trump suit). A card
    that appears twice after resolving counts at its first, higher, place.
    """

    name: str
    players: int = 4
    teams: int = 2                      # seat s plays for team s % teams
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
    max_value: int = 7                  # the bet after this value is "Spiel aus"
    exchange_partner: bool = True       # the dealer's partners may exchange when the dealer cannot
    eichel_exchange: bool = False       # the upgrade and acorn exchange steps
    opponents_exchange: bool = False    # Imst: the opponents may exchange afterwards
    scoring_order: str = "standard"     # "standard": G, H, S for unbet figures; "imst": S, G, H
    gestrichen_bet_penalty: bool = False  # Imst: a gestrichen team may bet, risking 2 points
    endgame_min: int = 3                # both gestrichen: a figure this long decides
    endgame_by_length: bool = False     # Eichel: equal lengths leave it to the Spiel, whatever the kind
    last_trick_rule: bool = True        # the fifth-trick rule for betting the Spiel (4 players)
    blind_bets: bool = True
    max_figure: int = 5
    penalty: int = 2

    def __post_init__(self) -> None:
        if self.players < 2 or self.players % self.teams:
            raise NotationError(msg("rules.teams", rules=self.name, players=self.players, teams=self.teams))
        if sum(self.deal_packets) != self.hand_size:
            raise NotationError(msg("rules.packets", rules=self.name, hand=self.hand_size))

    @property
    def pack(self) -> tuple[str, ...]:
        return full_pack(self.extra_cards)

    @property
    def team_size(self) -> int:
        return self.players // self.teams

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

    def with_options(self, **changes) -> "Rules":
        return replace(self, **changes)


INNSBRUCK = Rules(name="innsbruck")
EICHEL = Rules(
    name="eichel",
    perlaggen=("HK", "S6", "T7", "TU", "TO", "E7", "EU", "EO"),
    permanent=("HK", "S6", "E7", "EU", "EO"),
    max_capture=5,
    no_trump_suits=("E",),
    target=15,
    eichel_exchange=True,
    endgame_min=4,
    endgame_by_length=True,
)


def _two(base: Rules) -> Rules:
    return replace(base, name=base.name + "-2", players=2, teams=2, hand_size=7,
                   deal_packets=(2, 3, 2), trump_after_packet=2, tricks_for_spiel=4, last_trick_rule=False)


def _six(base: Rules) -> Rules:
    return replace(base, name=base.name + "-6", players=6, teams=2, hand_size=4,
                   deal_packets=(2, 2), trump_after_packet=2, tricks_for_spiel=3, last_trick_rule=False)


PRESETS: dict[str, Rules] = {
    r.name: r for r in (INNSBRUCK, EICHEL, _two(INNSBRUCK), _two(EICHEL), _six(INNSBRUCK), _six(EICHEL))
}
PRESETS["imst"] = replace(EICHEL, name="imst", max_value=4, scoring_order="imst",
                          gestrichen_bet_penalty=True, opponents_exchange=True)


def get_rules(name: str) -> Rules:
    try:
        return PRESETS[name]
    except KeyError:
        raise NotationError(msg("rules.unknown", name=str(name), known=sorted(PRESETS))) from None
