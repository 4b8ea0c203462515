"""English templates of the review of a deal: the verdict on each decision and why the better
move was better (the numbers are expected deal points and counts out of {of} guessed deals). A reason
about the reviewed seat names it ({seat}); read by that seat (the sandbox's learner) it takes the
".you" form."""
from __future__ import annotations

from .markers import N_

REVIEW = {
    "review.best": N_("the best move found"),
    "review.fine": N_("about as good as the best move found ({better}, {lost} points more on average)"),
    "review.better": N_("better was to {better}, by {lost} points on average: {why}"),
    "review.forced": N_("the only move the rules allowed"),
    "review.blind": N_("a blind bet is a gamble on cards nobody has seen yet, so it is not graded"),
    "review.cut": N_("the cut comes before anyone has seen a card, so it is not graded"),
    "review.wait": N_("let the play go on without a bet"),
    "review.why.overall": N_("it scored more over the deals played out, though no single figure made the difference"),
    "review.why.penalty": N_("it avoids the penalty for a bet without an example, which {seat}'s team paid in {taken_in} of {of} guessed deals after the move played and in {better_in} after the better one"),
    "review.why.penalty.you": N_("it avoids the penalty for a bet without an example, which your team paid in {taken_in} of {of} guessed deals after your move and in {better_in} after the better one"),
    "review.why.straf": N_("it avoids penalty points for a figure {seat} bet, held or raised and did not win, added in {taken_in} of {of} guessed deals after the move played and in {better_in} after the better one"),
    "review.why.straf.you": N_("it avoids penalty points for a figure you bet, held or raised and did not win, which you paid in {taken_in} of {of} guessed deals after your move and in {better_in} after the better one"),
    "review.why.penalty.alone": N_("it avoids the penalty for a bet without an example, which {seat} paid in {taken_in} of {of} guessed deals after the move played and in {better_in} after the better one"),
    "review.why.penalty.alone.you": N_("it avoids the penalty for a bet without an example, which you paid in {taken_in} of {of} guessed deals after your move and in {better_in} after the better one"),
    "review.why.wins.alone": N_("{seat} wins the {figure} in {better_in} of {of} guessed deals with it, against {taken_in} with the move played"),
    "review.why.wins.alone.you": N_("you win the {figure} in {better_in} of {of} guessed deals with it, against {taken_in} with your move"),
    "review.why.worth.alone": N_("the {figure} is worth {best} points to {seat} on average with it, against {taken} with the move played"),
    "review.why.worth.alone.you": N_("the {figure} is worth {best} points to you on average with it, against {taken} with your move"),
    "review.why.trick": N_("it takes the trick in {better_in} of {of} guessed deals, the move played in {taken_in}, and the tricks decide the Spiel"),
    "review.why.wins": N_("{seat}'s team wins the {figure} in {better_in} of {of} guessed deals with it, against {taken_in} with the move played"),
    "review.why.wins.you": N_("your team wins the {figure} in {better_in} of {of} guessed deals with it, against {taken_in} with your move"),
    "review.why.loses": N_("the opponents win the {figure} in {taken_in} of {of} guessed deals after the move played, against {better_in} after the better one"),
    "review.why.worth": N_("the {figure} is worth {best} points to {seat}'s team on average with it, against {taken} with the move played"),
    "review.why.worth.you": N_("the {figure} is worth {best} points to your team on average with it, against {taken} with your move"),
}
