"""English templates of the puzzles' explanations: the answer, the tempting move it beats and by how
much, and why, counted over the guessed deals the moves were played out on. A puzzle is read by the
solver, whose seat decides, so the reasons speak to "you" and "your team"; the `.alone` forms are for
tables without partners."""
from __future__ import annotations

from .markers import N_

PUZZLE = {
    "puzzle.explain": N_("The best move is to {better}. To {move} instead costs {lost} points on average: {why}."),
    "puzzle.why.overall": N_("it scores less over the guessed deals played out, though no single figure makes the difference"),
    "puzzle.why.trick": N_("the best move takes the trick in {better_in} of {of} guessed deals, that move in {taken_in}, and the tricks decide the Spiel"),
    "puzzle.why.wins": N_("your team wins the {figure} in {better_in} of {of} guessed deals after the best move, in {taken_in} after that one"),
    "puzzle.why.wins.alone": N_("you win the {figure} in {better_in} of {of} guessed deals after the best move, in {taken_in} after that one"),
    "puzzle.why.loses": N_("the opponents win the {figure} in {taken_in} of {of} guessed deals after that move, in {better_in} after the best one"),
    "puzzle.why.worth": N_("the {figure} is worth {best} points to your team on average after the best move, {taken} after that one"),
    "puzzle.why.worth.alone": N_("the {figure} is worth {best} points to you on average after the best move, {taken} after that one"),
    "puzzle.why.penalty": N_("your team pays the penalty for a bet without an example in {taken_in} of {of} guessed deals after that move, in {better_in} after the best one"),
    "puzzle.why.penalty.alone": N_("you pay the penalty for a bet without an example in {taken_in} of {of} guessed deals after that move, in {better_in} after the best one"),
    "puzzle.why.straf": N_("you pay penalty points for a figure bet, held or raised and not won in {taken_in} of {of} guessed deals after that move, in {better_in} after the best one"),
}
