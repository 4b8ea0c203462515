"""Actions: what a seat does, one frozen dataclass per kind of act (`Play`, `Exchange`, `Keep`, `Bet`,
`Hold`, `Raise`, `Good`, `Show`, `Done`, `Declare`, `Cut`), with the deal record's JSON form both ways and a
short text form."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Optional, Union

from .cards import parse_card
from .errors import NotationError, RecordError
from .messages import msg
from .rules import FIGURES

ACTS = ("play", "exchange", "keep", "bet", "hold", "raise", "good", "show", "done", "declare", "cut")
EXCHANGE_ACTS = frozenset({"exchange", "keep"})   # the exchange's choices: a card to give, or none
FIELDS = {
    "play": {"card", "as"},
    "exchange": {"card", "take"},
    "keep": set(),        # the cards kept: no exchange (silent: the other seats see nothing)
    "bet": {"figure", "blind"},
    "hold": {"figure"},
    "raise": {"figure"},
    "good": {"figure"},
    "show": {"cards", "as"},
    "done": set(),
    "declare": {"figure", "cards", "as"},
    "cut": set(),         # the cutter closes the blind-bet window (a record with "before_cut")
}
NEEDS = {"play": {"card"}, "exchange": {"card"}, "bet": {"figure"}, "hold": {"figure"},
         "raise": {"figure"}, "good": {"figure"}, "show": {"cards"}, "declare": {"figure", "cards"}}
# what a kind of act without the field reads for it
EMPTY: dict[str, Any] = {"card": None, "baptism": None, "figure": None, "cards": (), "baptisms": (),
                         "blind": False, "take": None}


class _Kinds(type):
    """`Action(seat, "play", card=...)`, the older way to write an action (players, pages and tests
    keep it), builds the kind named; `Play(seat, card)` builds one directly."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        if cls is Action:
            return build(*args, **kwargs)
        return super().__call__(*args, **kwargs)


class Action(metaclass=_Kinds):
    """One act of one seat. Each kind has only its own fields, typed (a `Bet`'s `figure` is a str);
    the fields of other kinds read as empty on it (None, (), False), so code looking at any action
    may still ask `a.card`. `baptism` is the card a played Perlagg represents; `baptisms` maps
    revealed or declared Perlaggen to theirs, as sorted (card, baptism) pairs."""

    __slots__ = ()
    act: ClassVar[str]

    if TYPE_CHECKING:       # what every kind answers (the kinds' fields and the EMPTY defaults)
        def __init__(self, seat: int, act: str, card: Optional[str] = None, baptism: Optional[str] = None,
                     figure: Optional[str] = None, cards: tuple[str, ...] = (),
                     baptisms: tuple[tuple[str, str], ...] = (), blind: bool = False,
                     take: Optional[str] = None) -> None: ...
        @property
        def seat(self) -> int: ...
        @property
        def card(self) -> Optional[str]: ...
        @property
        def baptism(self) -> Optional[str]: ...
        @property
        def figure(self) -> Optional[str]: ...
        @property
        def cards(self) -> tuple[str, ...]: ...
        @property
        def baptisms(self) -> tuple[tuple[str, str], ...]: ...
        @property
        def blind(self) -> bool: ...
        @property
        def take(self) -> Optional[str]: ...

    @staticmethod
    def from_dict(data: Any, where: str = "action") -> "Action":
        """Parse one action of a deal record; RecordError names the bad field."""
        if not isinstance(data, dict):
            raise _error("record.not_object", where)
        act = data.get("act")
        if act not in ACTS:
            raise _error("record.unknown_act", f"{where}.act", act=str(act), known=list(ACTS))
        allowed = FIELDS[act] | {"seat", "act"}
        for key in data:
            if key not in allowed:
                raise _error("record.unknown_field", f"{where}.{key}", name=str(key))
        for key in NEEDS.get(act, ()):
            if data.get(key) is None:
                raise _error("record.action_needs", f"{where}.{key}", act=act, name=key)
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            raise _error("record.not_seat", f"{where}.seat")
        figure = data.get("figure")
        if figure is not None and figure not in FIGURES:
            raise _error("record.not_figure", f"{where}.figure", value=str(figure))
        blind = data.get("blind", False)
        if not isinstance(blind, bool):
            raise _error("record.not_bool", f"{where}.blind")
        card = _card(data.get("card"), f"{where}.card")
        take = _card(data.get("take"), f"{where}.take")
        baptism = None
        baptisms: tuple[tuple[str, str], ...] = ()
        cards: tuple[str, ...] = ()
        if act in ("show", "declare"):
            raw = data["cards"]
            if not isinstance(raw, list) or not raw:
                raise _error("record.cards_empty", f"{where}.cards")
            cards = tuple(_required_card(c, f"{where}.cards.{i}") for i, c in enumerate(raw))
            if len(set(cards)) != len(cards):
                raise _error("record.card_listed_twice", f"{where}.cards")
            amap = data.get("as", {})
            if amap is None:
                amap = {}
            if not isinstance(amap, dict):
                raise _error("record.baptisms_not_map", f"{where}.as")
            pairs = []
            for k, v in amap.items():
                kc = _required_card(k, f"{where}.as")
                if kc not in cards:
                    raise _error("record.baptism_not_listed", f"{where}.as.{k}", card=kc)
                pairs.append((kc, _required_card(v, f"{where}.as.{k}")))
            baptisms = tuple(sorted(pairs))
        elif "as" in data and data["as"] is not None:
            baptism = _required_card(data["as"], f"{where}.as")
        return build(seat, act, card, baptism, figure, cards, baptisms, blind, take)

    @staticmethod
    def from_text(text: str) -> "Action":
        """Parse the short form: ``2 play LU=LA``, ``1 bet gleich``, ``0 show S7=E9,LU``, ``3 done``."""
        words = text.split()
        if len(words) < 2:
            raise NotationError(msg("notation.action", text=text))
        data: dict[str, Any] = {"act": words[1]}
        try:
            data["seat"] = int(words[0])
        except ValueError:
            raise NotationError(msg("notation.seat", text=text, word=words[0])) from None
        for word in words[2:]:
            if word == "blind":
                data["blind"] = True
            elif word in FIGURES:
                data["figure"] = word
            elif word.startswith("take="):
                data["take"] = word[5:]
            elif data["act"] in ("show", "declare"):
                pairs = [w.split("=") for w in word.split(",")]
                data["cards"] = [p[0] for p in pairs]
                data["as"] = {p[0]: p[1] for p in pairs if len(p) == 2}
            else:
                card, _, baptism = word.partition("=")
                data["card"] = card
                if baptism:
                    data["as"] = baptism
        try:
            return Action.from_dict(data, f"'{text}'")
        except RecordError as exc:
            raise NotationError(exc.detail) from None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "act": self.act}
        if self.card is not None:
            out["card"] = self.card
        if self.baptism is not None:
            out["as"] = self.baptism
        if self.take is not None:
            out["take"] = self.take
        if self.figure is not None:
            out["figure"] = self.figure
        if self.blind:
            out["blind"] = True
        if self.act in ("show", "declare"):
            out["cards"] = list(self.cards)
            if self.baptisms:
                out["as"] = dict(self.baptisms)
        return out

    def __str__(self) -> str:
        parts = [str(self.seat), self.act]
        if self.figure:
            parts.append(self.figure)
        if self.card:
            parts.append(self.card + (f"={self.baptism}" if self.baptism else ""))
        if self.cards:
            bap = dict(self.baptisms)
            parts.append(",".join(c + (f"={bap[c]}" if c in bap else "") for c in self.cards))
        if self.take:
            parts.append("take=" + self.take)
        if self.blind:
            parts.append("blind")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Play(Action):
    """A card played to the trick (a Perlagg with its baptism, or None: as itself)."""

    act: ClassVar[str] = "play"
    seat: int
    card: str
    baptism: Optional[str] = None


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """A card given for the face-up trump card (or, where the rules have it, a partner's card):
    `take` names the card taken (`Deal.complete` fills it in)."""

    act: ClassVar[str] = "exchange"
    seat: int
    card: str
    take: Optional[str] = None


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """The cards kept: the seat gives up its exchange. Silent at the table (`seen_by`)."""

    act: ClassVar[str] = "keep"
    seat: int


@dataclass(frozen=True, slots=True)
class Bet(Action):
    act: ClassVar[str] = "bet"
    seat: int
    figure: str
    blind: bool = False


@dataclass(frozen=True, slots=True)
class Hold(Action):
    act: ClassVar[str] = "hold"
    seat: int
    figure: str


@dataclass(frozen=True, slots=True)
class Raise(Action):
    act: ClassVar[str] = "raise"
    seat: int
    figure: str


@dataclass(frozen=True, slots=True)
class Good(Action):
    """The figure called good: an answer that gives it up, or a concession unasked."""

    act: ClassVar[str] = "good"
    seat: int
    figure: str


@dataclass(frozen=True, slots=True)
class Show(Action):
    """Cards laid down in the show, Perlaggen with their baptisms."""

    act: ClassVar[str] = "show"
    seat: int
    cards: tuple[str, ...]
    baptisms: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Done(Action):
    """The end of a turn in the show, or a pass in the declarations."""

    act: ClassVar[str] = "done"
    seat: int


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """A Gleich or Hanger declared in the both-gestrichen endgame."""

    act: ClassVar[str] = "declare"
    seat: int
    figure: str
    cards: tuple[str, ...]
    baptisms: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Cut(Action):
    """The cutter's cut, closing the blind-bet window."""

    act: ClassVar[str] = "cut"
    seat: int


KINDS: dict[str, type[Action]] = {k.act: k for k in (Play, Exchange, Keep, Bet, Hold, Raise, Good, Show, Done,
                                                     Declare, Cut)}
AnyAction = Union[Play, Exchange, Keep, Bet, Hold, Raise, Good, Show, Done, Declare, Cut]
for _kind in KINDS.values():        # a kind reads the fields it lacks as empty (class attributes: fast)
    for _name, _value in EMPTY.items():
        if _name not in _kind.__dataclass_fields__:      # type: ignore[attr-defined]
            setattr(_kind, _name, _value)


def build(seat: int, act: str, card: Optional[str] = None, baptism: Optional[str] = None,
          figure: Optional[str] = None, cards: tuple[str, ...] = (), baptisms: tuple[tuple[str, str], ...] = (),
          blind: bool = False, take: Optional[str] = None) -> Action:
    """The action of kind `act` with these fields; a field the kind does not have must be empty."""
    kind = KINDS.get(act)
    if kind is None:
        raise ValueError(f"no act {act!r} (acts: {', '.join(ACTS)})")
    given: dict[str, Any] = {"card": card, "baptism": baptism, "figure": figure, "cards": tuple(cards),
             "baptisms": tuple(baptisms), "blind": blind, "take": take}
    own = kind.__dataclass_fields__                       # type: ignore[attr-defined]
    for name, value in given.items():
        if name not in own and value != EMPTY[name]:
            raise TypeError(f"a {act} has no {name}")
    return kind(seat, **{name: value for name, value in given.items() if name in own})


def seen_by(a: Action, seat: Optional[int]) -> bool:
    """Whether `seat` (None: a spectator) sees the act at the table: everyone sees every act but a
    keep, which only its own seat knows of."""
    return a.act != "keep" or a.seat == seat


def card_of(a: Action) -> str:
    """The card a play or an exchange gives (each of them names one: NEEDS)."""
    assert a.card is not None, a
    return a.card


def figure_of(a: Action) -> str:
    """The figure a bet, answer or declaration names (each of them names one: NEEDS)."""
    assert a.figure is not None, a
    return a.figure


def _error(code: str, where: str, **params: Any) -> RecordError:
    return RecordError(msg(code, field=where, **params), where)


def _card(code: Any, where: str) -> str | None:
    return None if code is None else _required_card(code, where)


def _required_card(code: Any, where: str) -> str:
    try:
        return parse_card(code).code
    except NotationError:
        raise _error("record.card", where, text=str(code)) from None
