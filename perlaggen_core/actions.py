"""Actions: what a seat does, with the deal record's JSON form both ways and a short text form."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import parse_card
from .errors import NotationError, RecordError
from .messages import msg
from .rules import FIGURES

ACTS = ("play", "exchange", "bet", "hold", "raise", "good", "show", "done", "declare", "cut")
FIELDS = {
    "play": {"card", "as"},
    "exchange": {"card", "take"},
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


@dataclass(frozen=True, slots=True)
class Action:
    """One act of one seat. `baptism` is the card a played Perlagg represents; `baptisms`
    maps revealed or declared Perlaggen to theirs, as sorted (card, baptism) pairs."""

    seat: int
    act: str
    card: str | None = None
    baptism: str | None = None
    figure: str | None = None
    cards: tuple[str, ...] = ()
    baptisms: tuple[tuple[str, str], ...] = ()
    blind: bool = False
    take: str | None = None

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
        return Action(seat, act, card, baptism, figure, cards, baptisms, blind, take)

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
