"""English templates for what happens at the table: moves (told, and asked for), events, how a
figure ended, penalties, and figure descriptions."""
from __future__ import annotations

from .markers import N_, NP_

# a move as it is told; the ".you" form is used when the seat is the reader's own
MOVES = {
    "move.play": N_("{seat} plays the {card}."),
    "move.play.you": N_("You play the {card}."),
    "move.play_as": N_("{seat} plays the {card} as the {as_card}."),
    "move.play_as.you": N_("You play the {card} as the {as_card}."),
    "move.bet": N_("{seat} bets the {figure}, to {value}."),
    "move.bet.you": N_("You bet the {figure}, to {value}."),
    "move.bet_blind": N_("{seat} bets the {figure} blind, to {value}."),
    "move.bet_blind.you": N_("You bet the {figure} blind, to {value}."),
    "move.hold": N_("{seat} holds the {figure} at {value}."),
    "move.hold.you": N_("You hold the {figure} at {value}."),
    "move.raise": N_("{seat} raises the {figure} to {value}."),
    "move.raise.you": N_("You raise the {figure} to {value}."),
    "move.good": N_("{seat} calls the {figure} good."),
    "move.good.you": N_("You call the {figure} good."),
    "move.exchange": N_("{seat} gives the {card} for the {take}."),
    "move.exchange.you": N_("You give the {card} for the {take}."),
    "move.show": N_("{seat} shows {shown}."),
    "move.show.you": N_("You show {shown}."),
    "move.declare": N_("{seat} declares the {figure}: {shown}."),
    "move.declare.you": N_("You declare the {figure}: {shown}."),
    "move.pass": N_("{seat} passes: no figure to declare."),
    "move.pass.you": N_("You pass: no figure to declare."),
    "move.done": N_("{seat} ends the team's turn in the show."),
    "move.done.you": N_("You end your team's turn in the show."),
    "move.cut": N_("{seat} cuts the cards."),
    "move.cut.you": N_("You cut the cards."),
}
# a move as something to do (hints, undo, buttons)
DOINGS = {
    "do.play": N_("play the {card}"),
    "do.play_as": N_("play the {card} as the {as_card}"),
    "do.bet": N_("bet the {figure}"),
    "do.bet_blind": N_("bet the {figure} blind"),
    "do.hold": N_("hold the {figure}"),
    "do.raise": N_("raise the {figure}"),
    "do.good": N_("call the {figure} good"),
    "do.exchange": N_("give the {card} for the {take}"),
    "do.show": N_("show {shown}"),
    "do.declare": N_("declare the {figure}: {shown}"),
    "do.pass": N_("pass"),
    "do.done": N_("end the turn"),
    "do.cut": N_("cut the cards"),
    "shown.as": N_("the {card} as the {as_card}"),
    "shown.card": N_("the {card}"),
}
EVENTS = {
    "deal.dealt": N_("Deal {n}: {seat} deals."),
    "deal.dealt.you": N_("Deal {n}: you deal."),
    "event.trick": N_("{seat} takes the trick."),
    "event.trick.you": N_("You take the trick."),
    "event.won": N_("The {figure} goes to {team} at {value}."),
    "event.stands": N_("The {figure} stands: nobody scores it."),
    "event.nobody": N_("Nobody wins the {figure}."),
    "event.show_begins": N_("The show begins: {team} first."),
    "event.turn": N_("Now {team} show."),
    "event.endgame": N_("Both teams are gestrichen: only a Gleich or Hanger of {min} cards or more decides now."),
    "event.scored": N_("The deal is scored."),
    "event.cut_kept": N_("{seat} keeps {cards} from the cut."),
    "event.cut_kept.you": N_("You keep {cards} from the cut."),
    "event.trump": N_("The trump card turned up is the {card}."),
    "event.trump_exposed": N_("Set aside while turning: {cards}; the trump card turned up is the {card}."),
    "event.stock": N_("Luck und Boden: the top and the bottom card of the stock are {cards}."),
}
OUTCOMES = {
    "how.stands": N_("Tied in the show: it stands and nobody scores it."),
    "how.open": N_("Not decided: the game ended first."),
    "how.spiel_hin": N_("Nobody took enough tricks."),
    "how.nobody_shown": N_("Nobody could show it."),
    "how.conceded": N_("{seat} called it good."),
    "how.tricks": NP_("{team} took {tricks} trick.", "{team} took {tricks} tricks.", "tricks"),
    "how.declared": N_("Declared in the endgame by {seat}."),
    "how.shown": N_("The better example in the show: {key}."),
    "how.show": N_("Won in the show."),
    "penalty.no_example": N_("{team} lose {points}: {seat} could not show the {figure} that was bet."),
    "penalty.no_example_added": N_("{team} add {points}: {seat} could not show the {figure} that was bet."),
    "penalty.straf": N_("{team} add {points}: the {figure} was bet, held or raised at {points} and not won."),
    "penalty.gestrichen_bet": N_("{team} lose {points}: a bet made while gestrichen did not win the {figure}."),
}
LESSON = {
    "lesson.unwanted": N_("That is allowed, but it is not what this step asks."),
    "lesson.not_quite": N_("Not quite. Look again at the cards on the table."),
    "lesson.not_offered": N_("This step does not use that move: use the cards and buttons the table offers."),
    "lesson.blind": N_("A blind bet is made before the cut, before anyone has looked at a card, and this step "
                       "does not ask for one: bet with the figure's own button."),
}
KEYS = {
    "key.none": N_("nothing"),
    "key.gleich": N_("{count} {ranks}"),
    "key.hanger": N_("a {count}-card run up to the {top}"),
}
