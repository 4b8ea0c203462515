"""The sandbox's controller: a whole game, the human in seat 0 with a computer partner in seat 2.

No DOM here, so it runs the same under CPython (tests) and Pyodide. It never decides a rule: every
choice offered to the human comes from `deal.legal_actions(0)`, every refusal from `deal.check`,
and the computer players choose among their own legal actions. The whole game (settings, scores,
the current deal's record, the signs made, the log) goes to and from JSON for localStorage.

The bots move one decision per `bot_step()`; the page calls it from a timer, so the human can bet
out of turn, signal or undo between any two of their moves.
"""
from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass, fields
from typing import Any, Optional

from perlaggen_core import Action, Card, Deal, PerlaggenError, get_rules
from perlaggen_core.players import Decision, make_player, prepare
from perlaggen_core.players.table import EAGERNESS, exchange_seats
from perlaggen_core.signals import SignalLog, catalogue, system_of

from i18n import _

HUMAN, PARTNER = 0, 2
SEATS = 4
VARIANTS = ("innsbruck", "eichel")
STRENGTHS = ("rule", "strong")
# seconds between two computer moves; "test" is for the browser tests and the benchmark only
SPEEDS = {"slow": 1.6, "normal": 0.9, "fast": 0.35, "test": 0.0}
TARGETS = (11, 24)
FIRST_DEALER = 3          # the human leads the first deal
STRONG_BUDGET_MS = 90.0   # thinking time of a strong computer player per decision
SAVE_VERSION = 1
LOG_LIMIT = 400
OVER = ("scored", "game_over")


def variant_name(variant: str) -> str:
    return {"innsbruck": _("Innsbruck"), "eichel": _("Eichelperlaggen")}.get(variant, variant)


def seat_label(seat: int) -> str:
    return {0: _("You"), 1: _("West"), 2: _("North"), 3: _("East")}[seat]


def team_label(team: int) -> str:
    return _("Us") if team == HUMAN % 2 else _("Them")


def figure_label(figure: str) -> str:
    return {"gleich": _("Gleich"), "hanger": _("Hanger"), "spiel": _("Spiel")}[figure]


def value_text(value: Any) -> str:
    return _("“Spiel aus”") if value == "aus" else str(value)


def deal_seed(game_seed: int, number: int) -> int:
    """The seed of deal `number` (from 1) of a game: the same sequence `perlaggen_core.Game` uses."""
    rng = random.Random(game_seed)
    seed = 0
    for _i in range(number):
        seed = rng.randrange(2**31)
    return seed


@dataclass
class Settings:
    variant: str = "innsbruck"
    target: int = 18
    strength: str = "rule"
    speed: str = "normal"
    seed: int = 1

    @classmethod
    def from_dict(cls, data: dict) -> "Settings":
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in dict(data).items() if k in known}).checked()

    def checked(self) -> "Settings":
        """The same settings, or ValueError naming what is wrong (in words for the form)."""
        if self.variant not in VARIANTS:
            raise ValueError(_("Unknown rule set: {name}", name=self.variant))
        if self.strength not in STRENGTHS:
            raise ValueError(_("Unknown computer strength: {name}", name=self.strength))
        if self.speed not in SPEEDS:
            raise ValueError(_("Unknown deal speed: {name}", name=self.speed))
        try:
            self.target, self.seed = int(self.target), int(self.seed)
        except (TypeError, ValueError):
            raise ValueError(_("The target and the seed must be whole numbers.")) from None
        if not TARGETS[0] <= self.target <= TARGETS[1]:
            raise ValueError(_("The target must be between {low} and {high}.", low=TARGETS[0], high=TARGETS[1]))
        if not 0 <= self.seed < 2**31:
            raise ValueError(_("The seed must be between 0 and {high}.", high=2**31 - 1))
        return self

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Step:
    """What one call of `bot_step` did: a move (with the bot's reason) or signs made."""

    seat: int
    kind: str                       # "act" | "signal" | "think" (a bot was asked and waits) | "deal"
    decision: Optional[Decision] = None
    signals: tuple = ()
    events: tuple = ()


class Sandbox:
    """A game in progress: settings, the deals so far, the current deal and its table talk."""

    def __init__(self, settings: Settings, lang: str = "en") -> None:
        self.settings = settings.checked()
        self.lang = lang
        self.rules = get_rules(settings.variant)
        self.number = 1
        self.dealer = FIRST_DEALER
        self.start_scores = [0, 0]
        self.history: list[dict] = []
        self.log: list[dict] = []
        self.undos = 0
        self.timings: dict[str, list[float]] = {}
        self.autoplay = False          # the benchmark lets a computer play seat 0 too
        self._players: Optional[list] = None
        self._helper = None
        self.start_deal()

    # ------------------------------------------------------------------ deals
    @property
    def seed(self) -> int:
        return deal_seed(self.settings.seed, self.number)

    def start_deal(self, again: bool = False) -> None:
        """Deal number `self.number` (again: the same cards, dealer and scores as before)."""
        self.deal = Deal.new(self.rules, self.seed, self.dealer, self.start_scores, self.settings.target)
        self.signals = SignalLog()
        self.opening = not self.autoplay   # the human's cards lie face down: blind bets are possible
        self.exchange_passed = self.autoplay
        self.asked: set[int] = set()   # computer seats asked about the exchange
        self.signalled: set[int] = set()
        self.poll: dict[int, Decision] = {}
        self.poll_at = -1
        self.undone = False
        view = self.deal.view(HUMAN)
        card = self.card(view["trump_card"] or view["turned_card"])
        if again:
            text = _("Deal {n} again, with the same cards.", n=self.number)
        elif self.dealer == HUMAN:
            text = _("Deal {n}: you deal; the trump card is {card}.", n=self.number, card=card)
        else:
            text = _("Deal {n}: {dealer} deals; the trump card is {card}.", n=self.number,
                     dealer=seat_label(self.dealer), card=card)
        self.note(text, "deal")

    def replay_deal(self) -> None:
        """Play the current deal again from its start: same seed, dealer and scores."""
        self.start_deal(again=True)

    def next_deal(self) -> None:
        if self.deal.phase != "scored":
            raise ValueError("the deal is not scored yet" if self.deal.phase != "game_over" else "the game is over")
        self.history.append(self.deal_result())
        self.start_scores = list(self.deal.scores)
        self.number += 1
        self.dealer = (self.dealer + 1) % SEATS
        self.start_deal()

    def deal_result(self) -> dict:
        deal = self.deal
        return {"number": self.number, "seed": self.seed, "dealer": self.dealer,
                "start": list(deal.start_scores), "scores": list(deal.scores),
                "points": list(deal.deal_points), "penalties": [p["points"] for p in deal.penalties],
                "penalty_teams": [p["team"] for p in deal.penalties]}

    def sheet_rows(self) -> list[dict]:
        """The score sheet: every finished deal, and the current one once it is scored."""
        rows = list(self.history)
        if self.deal.phase in OVER:
            rows.append(self.deal_result())
        return rows

    @property
    def over(self) -> bool:
        return self.deal.phase == "game_over"

    # ------------------------------------------------------------------ reading
    def card(self, code: str) -> str:
        return Card.from_code(code).name(self.lang)

    def view(self) -> dict:
        return self.deal.view(HUMAN)

    def human_actions(self) -> list[dict]:
        """The human's choices now, all from the engine: blind bets only while the cards lie face
        down (a blind bet is made before seeing them), everything else only after."""
        if self.autoplay:
            return []
        legal = [a.to_dict() for a in self.deal.legal_actions(HUMAN)]
        if self.opening:
            return [a for a in legal if a.get("blind")]
        return [a for a in legal if not a.get("blind")]

    def exchange_open(self) -> bool:
        """The human may exchange and has not yet said whether to."""
        return (not self.opening and not self.exchange_passed and self.deal.phase == "play"
                and not self.deal.tricks and any(a["act"] == "exchange" for a in self.human_actions()))

    def human_to_act(self) -> bool:
        return not self.autoplay and (self.opening or self.exchange_open() or HUMAN in self.deal.to_act)

    def answering(self) -> bool:
        """Whether the team to act answers the other team's bet."""
        pend = self.deal.first_pending()
        to_act = self.deal.to_act
        return pend is not None and bool(to_act) and self.deal.team(to_act[0]) != pend.pending[0]

    # ------------------------------------------------------------------ computer players
    @property
    def players(self) -> list:
        if self._players is None:
            prepare(self.rules)
            kind = self.settings.strength
            options = {"budget_ms": STRONG_BUDGET_MS} if kind == "strong" else {}
            self._players = [make_player(kind, seed=self.settings.seed * 31 + s, signals=True, **options)
                             for s in range(SEATS)]
            if not self.autoplay:
                self._players[HUMAN] = None
        return self._players

    def set_autoplay(self, on: bool) -> None:
        self.autoplay = on
        self._players = None
        if on:
            self.opening = False
            self.exchange_passed = True

    def bots(self) -> list[int]:
        return [s for s in range(SEATS) if self.autoplay or s != HUMAN]

    def _fresh_poll(self) -> dict[int, Decision]:
        if self.poll_at != len(self.deal.actions):
            self.poll, self.poll_at = {}, len(self.deal.actions)
        return self.poll

    def _pending_signals(self) -> list[int]:
        if self.deal.phase != "play" or self.deal.tricks or self.deal.to_act == [] or self.opening:
            return []
        return [s for s in self.bots() if s not in self.signalled and s != HUMAN]

    def has_bot_step(self) -> bool:
        """Whether a computer player has something to do now (cheap: no decision is made)."""
        deal = self.deal
        if self.autoplay and deal.phase == "scored":
            return True             # the benchmark's game goes on by itself
        if deal.phase in OVER or self.opening or self.exchange_open():
            return False
        if deal.phase == "play" and not deal.tricks:
            if any(s != HUMAN and s not in self.asked for s in exchange_seats(deal)):
                return True
            if self._pending_signals():
                return True
        to_act = deal.to_act
        if self.autoplay or HUMAN not in to_act:
            return bool(to_act)
        if self.answering():
            return False            # the human answers for the team
        poll = self._fresh_poll()
        if deal.phase == "declare":
            return any(s != HUMAN for s in to_act)
        return any(s != HUMAN and s not in poll for s in to_act)

    def decide(self, seat: int) -> Decision:
        player = self.players[seat]
        start = time.perf_counter()
        decision = player.decide(self.deal, seat, self.signals)
        self.timings.setdefault(player.kind, []).append((time.perf_counter() - start) * 1000)
        return decision

    def bot_step(self) -> Optional[Step]:
        """One computer decision (or one seat's signs), applied; None when the human is awaited."""
        if not self.has_bot_step():
            return None
        if self.deal.phase == "scored":
            self.next_deal()
            return Step(self.dealer, "deal")
        deal = self.deal
        if deal.phase == "play" and not deal.tricks:
            for seat in exchange_seats(deal):
                if seat == HUMAN or seat in self.asked:
                    continue
                self.asked.add(seat)
                decision = self.players[seat].volunteer(deal, seat, self.signals)
                if decision is not None:
                    return self._apply(seat, decision)
                return Step(seat, "think")
            pending = self._pending_signals()
            if pending:
                seat = pending[0]
                self.signalled.add(seat)
                made = self.players[seat].signal(deal, seat)
                self.signals.signal_all(deal, seat, made)
                for signal in made:
                    self.note_signal(seat, signal)
                return Step(seat, "signal", signals=tuple(made))
        to_act = deal.to_act
        poll = self._fresh_poll()
        bots = [s for s in to_act if s in self.bots()]
        if deal.phase == "declare":
            return self._apply(bots[0], self.decide(bots[0]))
        if HUMAN in to_act and not self.autoplay:
            # the human's team shows: the partner lays down what it wants first, but its "done"
            # would end the human's turn too, so that one is only remembered
            seat = next(s for s in bots if s not in poll)
            poll[seat] = decision = self.decide(seat)
            if decision.action.act != "done":
                return self._apply(seat, decision)
            return Step(seat, "think")
        unasked = [s for s in bots if s not in poll]
        if self.answering() or deal.phase == "show":
            seat = unasked[0]
            poll[seat] = decision = self.decide(seat)
            if deal.phase == "show" and not self.answering() and decision.action.act != "done":
                return self._apply(seat, decision)
            if len(unasked) > 1:
                return Step(seat, "think")      # the next member is asked on the next step
            if self.answering():   # the boldest answer counts (the partner with the figure holds)
                seat, decision = max(poll.items(), key=lambda sd: EAGERNESS.get(sd[1].action.act, 0))
            else:
                seat, decision = next(iter(poll.items()))
            return self._apply(seat, decision)
        return self._apply(to_act[0], self.decide(to_act[0]))

    def _apply(self, seat: int, decision: Decision) -> Step:
        phase = self.deal.phase
        events = self.deal.apply(decision.action)
        self.note_action(seat, decision.action.to_dict(), events, phase, decision.reason)
        return Step(seat, "act", decision=decision, events=tuple(events))

    # ------------------------------------------------------------------ the human
    def act(self, data: dict) -> tuple[list[dict], Optional[str]]:
        """Apply one action for the human; returns (events, None) or ([], the engine's refusal)."""
        if self.opening and not data.get("blind"):
            return [], _("Pick up your cards first.")
        try:
            action = Action.from_dict({"seat": HUMAN, **data})
            self.deal.check(action)
        except PerlaggenError as exc:
            return [], str(exc)
        phase = self.deal.phase
        events = self.deal.apply(action)
        if action.act == "exchange":
            self.exchange_passed = True
        self.note_action(HUMAN, action.to_dict(), events, phase)
        return events, None

    def pick_up(self) -> None:
        if self.opening:
            self.opening = False
            self.note(_("You pick up your cards."), "act", HUMAN)

    def keep_cards(self) -> None:
        if self.exchange_open():
            self.exchange_passed = True
            self.note(_("You keep your cards and do not exchange."), "act", HUMAN)

    def human_signal(self, signal: str) -> None:
        if self.deal.phase in OVER:
            raise ValueError(_("The deal is over: no more signs."))
        self.signals.add(self.deal, HUMAN, signal)
        self.note_signal(HUMAN, signal)

    def ask_partner(self) -> list[str]:
        """The human asks the partner for signs; a computer partner answers truthfully."""
        if self.deal.phase in OVER:
            raise ValueError(_("The deal is over: no more signs."))
        self.note(_("You ask North for signs."), "signal", HUMAN)
        made = self.players[PARTNER].signal(self.deal, PARTNER)
        self.signals.signal_all(self.deal, PARTNER, made)
        for signal in made:
            self.note_signal(PARTNER, signal)
        return made

    def can_undo(self) -> bool:
        return any(a.seat == HUMAN for a in self.deal.actions) and not self.autoplay

    def undo(self) -> bool:
        """Take back the human's last decision and everything after it (the deal is replayed)."""
        deal = self.deal
        index = max((i for i, a in enumerate(deal.actions) if a.seat == HUMAN), default=None)
        if index is None:
            return False
        undone = deal.actions[index]
        self.deal = deal.copy_before(index)
        self.signals = SignalLog(e for e in self.signals if e[2] < index)
        self.signalled = {s for s, _sig, _a in self.signals if s != HUMAN}
        if not self.deal.tricks:
            self.asked = set()
        if undone.blind:
            self.opening = True
        if undone.act == "exchange":
            self.exchange_passed = False
        self.poll, self.poll_at = {}, -1
        self.undos += 1
        self.undone = True
        self.note(_("Undo used: back to before your move “{move}”.", move=self.action_words(undone.to_dict())), "undo")
        return True

    def hint(self) -> tuple[Optional[dict], str]:
        """What the strong player would do for the human now, and why (the engine's reason)."""
        if self.deal.phase in OVER:
            return None, _("The deal is over.")
        if self.opening:
            return None, _("A blind bet is a pure gamble on cards nobody has seen: most players pick up their cards first.")
        if self._helper is None:
            self._helper = make_player("strong", seed=self.settings.seed, signals=True, budget_ms=STRONG_BUDGET_MS)
        if self.exchange_open():
            decision = self._helper.volunteer(self.deal, HUMAN, self.signals)
            if decision is None:
                return None, _("Keep your cards: no exchange is worth it.")
        elif HUMAN in self.deal.to_act:
            decision = self._helper.decide(self.deal, HUMAN, self.signals)
        else:
            return None, _("Nothing to decide now: the others are playing.")
        data = decision.action.to_dict()
        return data, _("The strong player would {move}: {why}", move=self.action_words(data), why=why_of(decision.reason))

    # ------------------------------------------------------------------ the log
    def note(self, text: str, kind: str = "event", seat: Optional[int] = None, why: str = "") -> None:
        self.log_seq = getattr(self, "log_seq", 0) + 1
        self.log.append({"id": self.log_seq, "deal": self.number, "seat": seat, "kind": kind, "text": text,
                         "why": why})
        del self.log[:-LOG_LIMIT]

    def note_signal(self, seat: int, signal: str) -> None:
        sig = signal_info(self.rules, signal)
        gesture, caption = (sig.gesture, sig.caption) if sig else (signal, "")
        text = (_("You signal “{caption}” ({gesture})", gesture=gesture, caption=caption) if seat == HUMAN else
                _("{who} {gesture}: “{caption}”", who=seat_label(seat), gesture=gesture, caption=caption))
        self.note(text, "signal", seat)

    def action_words(self, data: dict) -> str:
        """A move in the imperative, for hints and undo: 'play the Ace of leaves as the King of hearts'."""
        act, fig = data["act"], figure_label(data["figure"]) if data.get("figure") else ""
        if act == "play":
            if data.get("as"):
                return _("play {card} as {as_card}", card=self.card(data["card"]), as_card=self.card(data["as"]))
            return _("play {card}", card=self.card(data["card"]))
        if act == "bet":
            return _("bet the {figure} blind", figure=fig) if data.get("blind") else _("bet the {figure}", figure=fig)
        if act == "exchange":
            return _("give {card} for {take}", card=self.card(data["card"]), take=self.card(data["take"]))
        if act == "show":
            return _("show {cards}", cards=self.cards_text(data))
        if act == "declare":
            return _("declare the {figure}: {cards}", figure=fig, cards=self.cards_text(data))
        return {"hold": _("hold the {figure}", figure=fig), "raise": _("raise the {figure}", figure=fig),
                "good": _("call the {figure} good", figure=fig), "done": _("end the turn")}.get(act, act)

    def cards_text(self, data: dict) -> str:
        bap = data.get("as") or {}
        return ", ".join(_("{card} as {as_card}", card=self.card(c), as_card=self.card(bap[c])) if c in bap
                         else self.card(c) for c in data.get("cards", []))

    def note_action(self, seat: int, data: dict, events: list[dict], phase: str, reason: str = "") -> None:
        self.note(self.move_text(seat, data, events, phase), "act", seat, why_of(reason) if reason else "")
        ended = any(e.get("type") == "scored" for e in events)
        for event in events:
            text = "" if ended and event.get("type") == "turn" else self.event_text(event)
            if text:
                self.note(text, "event")
        prompt = self.prompt()
        if prompt:
            self.note(prompt, "prompt", HUMAN)

    def move_text(self, seat: int, data: dict, events: list[dict], phase: str) -> str:
        """One move in plain words, with the value it came to (from the events)."""
        me = seat == HUMAN and not self.autoplay
        who = seat_label(seat)
        act = data["act"]
        fig = figure_label(data["figure"]) if data.get("figure") else ""
        values = [e.get("value") for e in events if e.get("type") in ("bet", "hold", "good")]
        value = value_text(values[-1]) if values else ""
        if act == "play":
            card = self.card(data["card"])
            if data.get("as"):
                as_card = self.card(data["as"])
                return (_("You play {card} as {as_card}.", card=card, as_card=as_card) if me else
                        _("{who} plays {card} as {as_card}.", who=who, card=card, as_card=as_card))
            return _("You play {card}.", card=card) if me else _("{who} plays {card}.", who=who, card=card)
        if act == "bet" and data.get("blind"):
            return (_("You bet the {figure} blind, to {value}.", figure=fig, value=value) if me else
                    _("{who} bets the {figure} blind, to {value}.", who=who, figure=fig, value=value))
        if act == "bet":
            return (_("You bet the {figure}, to {value}.", figure=fig, value=value) if me else
                    _("{who} bets the {figure}, to {value}.", who=who, figure=fig, value=value))
        if act == "hold":
            return (_("You hold the {figure} at {value}.", figure=fig, value=value) if me else
                    _("{who} holds the {figure} at {value}.", who=who, figure=fig, value=value))
        if act == "raise":
            return (_("You raise the {figure} to {value}.", figure=fig, value=value) if me else
                    _("{who} raises the {figure} to {value}.", who=who, figure=fig, value=value))
        if act == "good":
            return (_("You call the {figure} good.", figure=fig) if me else
                    _("{who} calls the {figure} good.", who=who, figure=fig))
        if act == "exchange":
            card, take = self.card(data["card"]), self.card(data["take"])
            return (_("You give {card} for {take}.", card=card, take=take) if me else
                    _("{who} gives {card} for {take}.", who=who, card=card, take=take))
        if act == "show":
            cards = self.cards_text(data)
            return _("You show {cards}.", cards=cards) if me else _("{who} shows {cards}.", who=who, cards=cards)
        if act == "declare":
            cards = self.cards_text(data)
            return (_("You declare the {figure}: {cards}.", figure=fig, cards=cards) if me else
                    _("{who} declares the {figure}: {cards}.", who=who, figure=fig, cards=cards))
        if act == "done" and phase == "declare":
            return _("You pass: no figure to declare.") if me else _("{who} passes: no figure to declare.", who=who)
        return _("You end your team's turn in the show.") if me else _("{who} ends the team's turn in the show.", who=who)

    def event_text(self, event: dict) -> str:
        kind = event.get("type")
        if kind == "trick":
            winner = event["winner"]
            return (_("You take the trick.") if winner == HUMAN and not self.autoplay else
                    _("{who} takes the trick.", who=seat_label(winner)))
        if kind == "figure":
            fig = figure_label(event["figure"])
            if event["status"] == "won":
                return _("The {figure} goes to {team} at {value}.", figure=fig, team=team_label(event["winner"]),
                         value=value_text(event["value"]))
            if event["status"] == "stands":
                return _("The {figure} stands: nobody scores it.", figure=fig)
            return _("Nobody wins the {figure}.", figure=fig)
        if kind == "show_begins":
            return _("The show begins: {team} first.", team=team_label(event["team"]))
        if kind == "turn":
            return _("Now {team} show.", team=team_label(event["team"]))
        if kind == "endgame":
            return _("Both teams are gestrichen: only a Gleich or Hanger of {n} cards or more decides now.",
                     n=event["min"])
        if kind == "scored":
            points, scores = event["deal_points"], event["scores"]
            text = _("Deal {n} scored: Us {us}, Them {them}. The score is {a} to {b}.", n=self.number,
                     us=points[0], them=points[1], a=scores[0], b=scores[1])
            if event.get("game_winner") is not None:
                text += " " + (_("We win the game!") if event["game_winner"] == HUMAN % 2 else _("They win the game."))
            return text
        return ""

    def prompt(self) -> str:
        """What the human may do about a bet waiting for the team's answer."""
        if self.autoplay or HUMAN not in self.deal.to_act or not self.answering():
            return ""
        acts = {a.act for a in self.deal.legal_actions(HUMAN)}
        if "raise" in acts:
            return _("You may hold, raise or call it good.")
        return _("You may hold or call it good.")

    # ------------------------------------------------------------------ the deal summary
    def summary(self) -> list[dict]:
        """Per figure: who won it, for how much, and why, from the final view and the actions."""
        deal = self.deal
        view = deal.view(HUMAN)
        rows = []
        for name in ("gleich", "hanger", "spiel"):
            fig = view["figures"][name]
            row = {"figure": name, "label": figure_label(name), "value": value_text(fig["value"]),
                   "status": fig["status"], "winner": fig["winner"],
                   "team": team_label(fig["winner"]) if fig["winner"] is not None else "",
                   "why": self._why(name, fig)}
            rows.append(row)
        return rows

    def _why(self, name: str, fig: dict) -> str:
        deal = self.deal
        if fig["status"] == "stands":
            return _("Tied in the show: it stands and nobody scores it.")
        if fig["status"] == "open":
            return _("Not decided: the game ended first.")
        conceded = [a for a in deal.actions if a.act == "good" and a.figure == name]
        if fig["status"] == "nobody":
            if name == "spiel":
                return _("Nobody took enough tricks.")
            return _("Nobody could show it.")
        if conceded:
            return _("{who} called it good.", who=seat_label(conceded[-1].seat))
        if name == "spiel":
            return _("{team} took {n} tricks.", team=team_label(fig["winner"]), n=deal.tricks_won[fig["winner"]])
        if deal.declare is not None and deal.declare.get("by"):
            return _("Declared in the endgame.")
        key = deal.team_shown(fig["winner"], name)
        if key is not None and describe_key is not None:
            return _("The better {figure} in the show: {what}.", figure=figure_label(name), what=describe_key(name, key))
        return _("Won in the show.")

    def penalty_lines(self) -> list[str]:
        out = []
        for p in self.deal.penalties:
            if p.get("seat") is not None:
                out.append(_("{team} lose {n}: {who} could not show the {figure} that was bet.",
                             team=team_label(p["team"]), n=-p["points"], who=seat_label(p["seat"]),
                             figure=figure_label(p["figure"])))
            else:
                out.append(_("{team} lose {n}: a bet made while gestrichen did not win the {figure}.",
                             team=team_label(p["team"]), n=-p["points"], figure=figure_label(p["figure"])))
        return out

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict:
        return {
            "version": SAVE_VERSION, "settings": self.settings.to_dict(), "number": self.number,
            "dealer": self.dealer, "start_scores": list(self.start_scores), "history": self.history,
            "record": self.deal.to_record(), "signals": self.signals.to_list(), "log": self.log[-LOG_LIMIT:],
            "opening": self.opening, "exchange_passed": self.exchange_passed, "asked": sorted(self.asked),
            "signalled": sorted(self.signalled), "undos": self.undos, "undone": self.undone,
        }

    @classmethod
    def from_dict(cls, data: dict, lang: str = "en") -> "Sandbox":
        """A saved game back; ValueError (or KeyError, TypeError) when it does not fit."""
        if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
            raise ValueError("not a saved sandbox game of this version")
        game = cls.__new__(cls)
        game.settings = Settings.from_dict(data["settings"])
        game.lang = lang
        game.rules = get_rules(game.settings.variant)
        game.number = int(data["number"])
        game.dealer = int(data["dealer"])
        game.start_scores = [int(s) for s in data["start_scores"]]
        game.history = list(data["history"])
        game.log = list(data["log"])
        game.log_seq = max((int(e.get("id", 0)) for e in game.log), default=0)
        game.undos = int(data.get("undos", 0))
        game.timings = {}
        game.autoplay = False
        game._players = None
        game._helper = None
        game.deal = Deal.from_record(data["record"])
        if game.deal.rules.name != game.rules.name or list(game.deal.start_scores) != game.start_scores:
            raise ValueError("the saved deal does not belong to the saved game")
        game.signals = SignalLog.from_list(data["signals"])
        game.opening = bool(data["opening"])
        game.exchange_passed = bool(data["exchange_passed"])
        game.asked = set(data["asked"])
        game.signalled = set(data["signalled"])
        game.undone = bool(data.get("undone", False))
        game.poll, game.poll_at = {}, -1
        return game


# ---------------------------------------------------------------------- helpers
try:  # readable figure names ("three Kings"); the summary says less without them
    from perlaggen_core.figures import describe as describe_key
except ImportError:  # pragma: no cover - depends on the engine's internals
    describe_key = None


def why_of(reason: str) -> str:
    """The part of a computer player's reason that says why ("bets the Gleich: holds two Aces")."""
    head, sep, tail = reason.partition(": ")
    return tail if sep else reason


def signal_info(rules, signal: str):
    return next((s for s in catalogue(rules) if s.id == signal), None)


def signal_menu(rules) -> list:
    """The signs the human may make: the rule set's system (empty without partners)."""
    return catalogue(rules) if system_of(rules) else []


__all__ = ["HUMAN", "PARTNER", "SPEEDS", "STRENGTHS", "TARGETS", "VARIANTS", "Sandbox", "Settings", "Step",
           "deal_seed", "seat_label", "signal_info", "signal_menu", "team_label", "value_text", "why_of"]
