"""The sandbox's controller: a whole game of any rule set, the human in seat 0 against (and with)
computer players.

No DOM here, so it runs the same under CPython (tests) and Pyodide. It never decides a rule: every
choice offered to the human comes from `deal.legal_actions(0)`, every refusal from
`deal.refusal`, the next deal from the engine's `Game`, and the computer players are asked by the
engine's `Table`, one seat per `bot_step()`: the page calls it from a timer, so the human can bet
out of turn, signal or undo between any two computer moves. The whole game (settings, the
finished deals, the current deal's record, the signs, the log) goes to and from JSON. After a
Strafperlaggen game the human lost, the game may go on as the engine's play-on for second place
(`start_play_on`, `sandbox_playon`): two seats, the human still seat 0.

Every deal begins before the cut (the engine's `before_cut`): the cards lie face down and nothing of
the cut is known; blind bets are made now (the computer players' too); when the human says so (or
cuts, as the cutter) the cut and the trump card are shown, and then the human picks up the cards.
"""
from __future__ import annotations

from typing import Optional

from perlaggen_core import Action, Deal, Game, Message, PerlaggenError, get_rules
from perlaggen_core.game import PLAY_ON
from perlaggen_core.actions import Keep, seen_by
from perlaggen_core.narrate import dealt, doing, event_message, told
from perlaggen_core.players import Decision, Player, Step, Table, make_player, prepare
from perlaggen_core.signals import Sign, SignalLog, catalogue, signal_message, system_of

from common.i18n import N_, _
from common.pagewords import compass
from sandbox.log import Log
from sandbox.settings import SPEEDS, STRENGTHS, STRONG_BUDGET_MS, VARIANTS, Settings
from sandbox.playon import STARTED, PlayOnSeats, engine_play_on
from common.turning import turned
from common.scoresheet import deal_row
from common.storage import SANDBOX

HUMAN = 0
SAVE_VERSION, LOADS = SANDBOX.version, SANDBOX.reads   # the saved game's versions (common.storage)


def seat_label(seat: int, players: int = 4) -> str:
    """The seats' names as the human sees them, seat 0 at the bottom and play passing to the left."""
    return _("You") if seat == HUMAN else compass(seat, players, HUMAN)


class Sandbox:
    """A game in progress: settings, the deals so far, the current deal and its table talk."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings.checked()
        self.rules = get_rules(settings.variant)
        # the human leads the first deal: the dealer sits on the human's right
        self.game = Game(self.rules, seed=settings.seed, target=settings.target, dealer=self.rules.players - 1,
                         before_cut=True)
        self.history: list[dict] = []
        self.log = Log()
        self.undos = 0
        self.timings: dict[str, list[float]] = {}
        self.autoplay = False          # the benchmark lets a computer play seat 0 too
        self._players: Optional[list] = None
        self._helper: Optional[Player] = None
        self.play_on: Optional[PlayOnSeats] = None   # Strafperlaggen's play-on for second place
        self.start_deal()

    # ------------------------------------------------------------------ deals
    @property
    def seats(self) -> int:
        return self.rules.players

    @property
    def partners(self) -> list[int]:
        """The human's partners (none where everyone plays alone)."""
        return [s for s in range(self.seats) if s != HUMAN and s % self.rules.teams == HUMAN % self.rules.teams]

    def seat_label(self, seat: int) -> str:
        """The human's name for a seat; in the play-on, the name it had in the finished game."""
        if self.play_on is not None:
            return seat_label(self.play_on.original(seat), len(self.play_on.first_scores))
        return seat_label(seat, self.seats)

    @property
    def deal(self) -> Deal:
        return self.game.current

    @property
    def number(self) -> int:
        return self.game.number

    @property
    def seed(self) -> Optional[int]:
        """The seed the current deal was dealt from; None for a deal given card by card."""
        return self.deal.seed

    @property
    def over(self) -> bool:
        return self.deal.game_winner is not None

    def start_deal(self, again: bool = False) -> None:
        """The current deal from its start (again: the same cards, dealer and scores as before)."""
        self.signals = self.new_signals()
        self.table = Table(self.players, self.signals, self._time)
        self.opening = not self.autoplay   # the human's cards lie face down until picked up
        self.undone = False
        if again:
            self.log.say(self.number, "deal", N_("Deal {n} again, with the same cards."), n=self.number)
        else:
            self.log.add(self.number, "deal", dealt(self.number, self.deal.dealer))

    def new_signals(self, signs=()) -> SignalLog:
        """The table talk of a deal: the setting's chance of catching a sign, the game's seed."""
        return SignalLog(signs, catch=self.settings.catch / 100, seed=self.settings.seed)

    def seen_signs(self) -> SignalLog:
        """The signs the human saw: the partners' and those of the opponents the human caught."""
        return self.signals.seen_by(self.deal, HUMAN)

    def note_sign(self, sign: Sign) -> None:
        """A sign in the log, if the human saw it: a partner's or the human's own as made, an
        opponent's as caught; an opponent's sign the human missed leaves no trace."""
        if sign.seen_by(HUMAN, self.rules.teams):
            caught = self.deal.team(sign.seat) != self.deal.team(HUMAN)
            self.log.add(self.number, "signal", signal_message(self.rules, sign.seat, sign.signal, caught),
                         seat=sign.seat)

    def replay_deal(self) -> None:
        """Play the current deal again from its start: same seed, dealer and scores."""
        self.game.replace_current(Deal(self.deal.start))
        self.start_deal(again=True)

    def next_deal(self) -> None:
        self.history.append(deal_row(self.number, self.view()))
        self.game.new_deal()      # refuses while the deal runs or when the game is over
        self.start_deal()

    def can_play_on(self) -> bool:
        """The human lost a game the engine lets the other two play on for second place."""
        return (self.play_on is None and not self.autoplay and self.over and self.deal.game_winner != HUMAN
                and engine_play_on(self.game) is not None)

    def start_play_on(self) -> None:
        """The engine's play-on: the two left at a two-player table, the human still at the bottom
        (seat 0), a score sheet and log of its own."""
        on = engine_play_on(self.game) if self.can_play_on() else None
        if on is None or on.original(HUMAN) != HUMAN:
            raise ValueError(_("There is no play-on for second place after this game."))
        self.play_on = PlayOnSeats.of(on, self.game)
        self._use(on.game)
        self.log.say(1, "deal", STARTED)
        self.start_deal()

    def _use(self, game: Game) -> None:
        """Play `game` (the play-on) from now on: its rules, fresh players, no deals on the sheet yet."""
        self.game, self.rules = game, game.rules
        self.history, self.log, self._players, self._helper = [], Log(), None, None

    def sheet_rows(self) -> list[dict]:
        """The score sheet: every finished deal, and the current one once it is scored."""
        return self.history + ([deal_row(self.number, self.view())] if self.deal.phase.over else [])

    # ------------------------------------------------------------------ reading
    def view(self) -> dict:
        return self.deal.view(HUMAN)

    @property
    def before_cut(self) -> bool:
        """The engine's blind-bet window: nothing of the cut, the trump card or the hands is known."""
        return self.deal.stage == "before_cut"

    def human_actions(self) -> list[dict]:
        """The human's choices now, all from the engine: before the cut its blind bets and (the
        cutter) the cut, until the human is ready; nothing while the cut cards lie face down;
        everything after they are picked up."""
        if self.autoplay or (self.opening and not self.before_cut) or self.blind_passed:
            return []
        return [a.to_dict() for a in self.deal.legal_actions(HUMAN)]

    @property
    def blind_passed(self) -> bool:
        """Before the cut: the human is done with blind bets and waits for the cutter."""
        return self.before_cut and HUMAN in self.table.ready

    def blind_open(self) -> bool:
        """Before the cut, the human may still bet blind (the rules have blind bets, one is left)."""
        return not self.blind_passed and any(a.get("blind") for a in self.human_actions())

    def exchange_open(self) -> bool:
        """The human may exchange and has not yet said whether to (exchanged, or kept the cards)."""
        return not self.autoplay and not self.opening and any(a["act"] == "keep" for a in self.human_actions())

    def human_to_act(self) -> bool:
        if self.autoplay:
            return False
        if self.before_cut:
            return bool(self.human_actions())
        return self.opening or self.exchange_open() or HUMAN in self.deal.to_act

    def answering(self) -> bool:
        """Whether the seats to act answer a bet of the other team."""
        return self.deal.answering_team is not None

    # ------------------------------------------------------------------ computer players
    @property
    def players(self) -> list:
        if self._players is None:
            kind = self.settings.strength
            options = {"budget_ms": STRONG_BUDGET_MS} if kind == "strong" else {}
            self._players = [make_player(kind, seed=self.settings.seed * 31 + s, signals=True, **options)
                             for s in range(self.seats)]
            if not self.autoplay:
                self._players[HUMAN] = None
        return self._players

    def warm_up(self) -> None:
        """Work out the computer players' odds tables now (their first decision does it otherwise)."""
        prepare(self.rules)

    def set_autoplay(self, on: bool) -> None:
        self.autoplay = on
        self._players = None
        self.table.players = self.players
        if on:
            self.opening = False
            self.table.ready.discard(HUMAN)

    def _time(self, player, seconds: float) -> None:
        self.timings.setdefault(player.kind, []).append(seconds * 1000)

    def guesses(self, ahead: bool = False) -> list[int]:
        """The guessed deals of every search the computer players made, or (`ahead`) of each those
        played out while the page paused, in the same order (the benchmark reads them)."""
        name = "ahead" if ahead else "searched"
        return [n for p in self._players or () if p is not None for n in getattr(p, name, ())]

    def has_bot_step(self) -> bool:
        """Whether a computer player has something to do now (cheap: no decision is made)."""
        if self.autoplay and self.deal.phase.value == "scored":
            return True             # the benchmark's game goes on by itself
        if self.before_cut:
            if not self.autoplay and HUMAN != self.deal.cutter and not self.blind_open():
                self.table.ready.add(HUMAN)      # nothing left to bet blind: the human waits for the cut
            return self.table.has_step(self.deal)
        if self.opening or self.exchange_open():
            return False
        return self.table.has_step(self.deal)

    def think(self, seconds: float) -> bool:
        """Let the computer player asked next weigh its move for about `seconds` (the page's pause
        between moves); whether it has more to weigh."""
        if self.opening or self.exchange_open():     # (before the cut, the table has nothing to weigh)
            return False
        return self.table.think(self.deal, seconds)

    def bot_step(self):
        """One question to the computer players (a move applied, signs made, or a seat thinking);
        None when the human is awaited."""
        if not self.has_bot_step():
            return None
        if self.deal.phase.value == "scored":
            self.next_deal()
            return Step(self.deal.dealer, "deal")
        step = self.table.step(self.deal)
        if step is None:
            return None
        if step.kind == "act":
            self._apply(step.seat, step.decision)
        elif step.kind == "signal":
            for sign in step.signs:
                self.note_sign(sign)
        return step

    def _apply(self, seat: int, decision: Decision) -> None:
        phase = self.deal.phase.value
        events = self.deal.apply(decision.action)
        self.note_move(seat, decision.action, events, phase, decision.reason)

    # ------------------------------------------------------------------ the human
    def act(self, data: dict) -> tuple[list, Optional[Message]]:
        """Apply one action for the human; returns (events, None) or ([], the engine's refusal).
        ValueError (in words) when the page's own state forbids it."""
        if self.opening and not self.before_cut:
            raise ValueError(_("Pick up your cards first."))
        if self.blind_passed:
            raise ValueError(_("You are done with blind bets: the cards are about to be cut."))
        try:
            action = Action.from_dict({"seat": HUMAN, **data})
        except PerlaggenError as exc:
            return [], exc.detail
        why = self.deal.refusal(action)
        if why is not None:
            return [], why
        phase = self.deal.phase.value
        events = self.deal.apply(action)
        self.note_move(HUMAN, action, events, phase)
        return events, None

    def pass_blind(self) -> None:
        """The human bets (no more) blind: the cutter may cut."""
        if self.before_cut and not self.blind_passed and HUMAN != self.deal.cutter:
            self.table.ready.add(HUMAN)

    def pick_up(self) -> None:
        """The cut is shown: the human picks up the cards (refused, as the page's own reason, before the cut)."""
        if self.before_cut:
            raise ValueError(_("The cards are not cut yet."))
        if self.opening:
            self.opening = False
            self.log.say(self.number, "act", N_("You pick up your cards."), by=HUMAN)

    def human_signal(self, signal: str) -> None:
        if self.deal.phase.over:
            raise ValueError(_("The deal is over: no more signs."))
        if self.opening:
            raise ValueError(_("Pick up your cards first."))
        self.note_sign(self.signals.add(self.deal, HUMAN, signal))

    def ask_partner(self) -> list[str]:
        """The human asks the partners for signs; computer partners sign as they always do (their
        hand, or now and then a false sign when they expect to be watched)."""
        if self.deal.phase.over:
            raise ValueError(_("The deal is over: no more signs."))
        if self.opening:
            raise ValueError(_("Pick up your cards first."))
        made = []
        for partner in self.partners:
            self.log.say(self.number, "signal", N_("You ask {seat} for signs."), by=HUMAN, seat=partner)
            signs = self.players[partner].signal(self.deal, partner, self.signals.catch)
            for sign in self.signals.signal_all(self.deal, partner, signs):
                self.note_sign(sign)
            made += signs
        return made

    def can_undo(self) -> bool:
        return any(a.seat == HUMAN for a in self.deal.actions) and not self.autoplay

    def undo(self) -> bool:
        """Take back the human's last decision and everything after it (the deal is replayed)."""
        index = max((i for i, a in enumerate(self.deal.actions) if a.seat == HUMAN), default=None)
        if index is None:
            return False
        undone = self.rewind(index)
        self.undos += 1
        self.undone = True
        self.log.say(self.number, "undo", N_("Undo used: back to before your move “{move}”."), by=HUMAN,
                     move=doing(undone).to_dict())
        return True

    def play_from(self, index: int) -> None:
        """Play the deal again from the human's decision at `index` (the review's "play again from
        here"): the same cards, the moves before it kept, the human to decide again."""
        actions = self.deal.actions
        if not 0 <= index < len(actions) or actions[index].seat != HUMAN:
            raise ValueError(_("That was not one of your moves."))
        undone = self.rewind(index)
        self.undone = True
        self.log.say(self.number, "deal", N_("Deal {n} again from your move “{move}”."), by=HUMAN,
                     n=self.number, move=doing(undone).to_dict())

    def rewind(self, index: int) -> Action:
        """The deal as it was before action `index`, with the signs, offers and answers of then."""
        undone = self.deal.actions[index]
        self.game.replace_current(self.deal.copy_before(index))
        kept = [s for s in self.signals if s.after < index]
        self.signals[:] = kept
        self.table.reset()
        self.table.signalled = {s.seat for s in kept}
        if self.deal.view(None)["tricks"]:
            self.table.asked = set(range(self.seats))
        if self.before_cut:
            self.opening = True
        return undone

    def hint(self) -> tuple[Optional[dict], Optional[Message], str | Message]:
        """What the strong player would do for the human now, and why: (action, the move, the reason);
        the third item is the page's own words when there is nothing to decide."""
        if self.deal.phase.over:
            return None, None, _("The deal is over.")
        if self.before_cut:
            return None, None, _("A blind bet is a pure gamble on cards nobody has seen: most players let the cards be cut without one.")
        if self.opening:
            return None, None, _("Pick up your cards: the cut and the trump card are on the table.")
        if self._helper is None:
            self._helper = make_player("strong", seed=self.settings.seed, signals=True, budget_ms=STRONG_BUDGET_MS)
        if self.exchange_open():
            decision = self._helper.volunteer(self.deal, HUMAN, self.seen_signs())
            if decision is None:
                return None, None, _("Keep your cards: no exchange is worth it.")
        elif HUMAN in self.deal.to_act:
            decision = self._helper.decide(self.deal, HUMAN, self.seen_signs())
        else:
            return None, None, _("Nothing to decide now: the others are playing.")
        return decision.action.to_dict(), doing(decision.action), decision.reason

    # ------------------------------------------------------------------ the log
    def note_move(self, seat: int, action: Action, events: list, phase: str,
                  reason: Optional[Message] = None) -> None:
        """A move and what it made happen. A computer player's reason is kept for after the deal:
        during it, the log says only what each player did (the reason would give the hand away).
        Another seat's keep is silent: the log says nothing of it."""
        if not seen_by(action, HUMAN):
            return
        self.log.add(self.number, "act", told(action, events, phase), seat=seat, why=reason,
                     at=len(self.deal.actions) - 1)
        for event in events:
            message = event_message(event)
            if message is not None and not (message.code == "event.turn" and self.deal.phase.over):
                self.log.add(self.number, "event", message)
        if not self.autoplay and HUMAN in self.deal.to_act and self.answering():
            acts = {a.act for a in self.deal.legal_actions(HUMAN)}
            self.log.say(self.number, "prompt", N_("You may hold, raise or call it good.") if "raise" in acts
                         else N_("You may hold or call it good."), by=HUMAN)

    def reasons(self) -> list[dict]:
        """The computer players' moves of this deal with their reasons (shown once it is over)."""
        return [e for e in self.log.entries if e["deal"] == self.number and e.get("why")]

    # ------------------------------------------------------------------ saving
    @classmethod
    def from_position(cls, record: dict, human: int) -> "Sandbox":
        """A game that goes on from another page's position (the teacher's "play on from here"):
        the record's deal turned so that seat `human` sits at the bottom (seat 0), the computer in
        the other seats. ValueError (in words) when the sandbox cannot play it."""
        deal = Deal.from_record(turned(record, human))
        game = cls(Settings(variant=deal.rules.name, target=deal.target))
        game.game = Game.resume(game.rules, game.settings.seed, 1, deal)
        game.game.before_cut = True                # the deals after this one begin before the cut
        game.log = Log()
        game.start_deal()
        game.opening = False                       # the cards are already in play
        game.log.say(1, "deal", N_("The game goes on from a position of the teacher page, after {n} moves."),
                     n=len(deal.actions))
        return game

    def to_dict(self) -> dict:
        return {
            "version": SAVE_VERSION, "settings": self.settings.to_dict(), "number": self.number,
            "history": self.history, "record": self.deal.to_record(), "signals": self.signals.to_list(),
            "log": self.log.to_list(), "opening": self.opening,
            "asked": sorted(self.table.asked), "signalled": sorted(self.table.signalled), "undos": self.undos,
            "ready": sorted(self.table.ready),
            "undone": self.undone, **({"play_on": self.play_on.to_dict()} if self.play_on else {}),
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Sandbox":
        """A saved game back; ValueError (or KeyError, TypeError) when it does not fit."""
        if not isinstance(data, dict) or data.get("version") not in LOADS:
            raise ValueError("not a saved sandbox game of this version")
        game = cls(Settings.from_dict(data["settings"]))
        number, deal = int(data["number"]), Deal.from_record(data["record"])
        if data.get("play_on") is not None:
            game.play_on = PlayOnSeats.from_dict(data["play_on"])
            game._use(Game.resume(get_rules(PLAY_ON), game.play_on.seed, number, deal))
        else:
            game.game = Game.resume(game.rules, game.settings.seed, number, deal)
        game.game.before_cut = True     # a game saved before there was a window: its next deals have one
        game.history = list(data["history"])
        game.log = Log.from_list(data["log"])
        game.undos = int(data.get("undos", 0))
        game.signals = game.new_signals(SignalLog.from_list(data["signals"]))
        game.table = Table(game.players, game.signals, game._time, asked=set(data["asked"]),
                           signalled=set(data["signalled"]), ready=set(data.get("ready", ())))
        game.opening = bool(data["opening"])
        game.undone = bool(data.get("undone", False))
        kept = Keep(HUMAN)   # saved before keeping was a move: the page's flag said the human had kept
        if data.get("exchange_passed") and game.deal.can(kept):
            game.deal.apply(kept)
        return game


def signal_menu(rules) -> list:
    """The signs the human may make: the rule set's system (empty without partners)."""
    return catalogue(rules) if system_of(rules) else []


__all__ = ["HUMAN", "SPEEDS", "STRENGTHS", "VARIANTS", "Sandbox", "Settings", "seat_label",
           "signal_menu"]
