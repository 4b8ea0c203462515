"""English templates for the proofs at the end of a deal (rulings 16, 21): a duty to show met or
failed, with its penalty, and the example of the side that takes a figure nobody proved."""
from __future__ import annotations

from .markers import N_

PROOFS = {
    "proof.ok": N_("{seat} shows the {figure}, {key}: {shown}."),
    "proof.ok.you": N_("You show the {figure}, {key}: {shown}."),
    "proof.blind_ok": N_("{seat} shows the {figure} that was bet blind, {key}: {shown}."),
    "proof.blind_ok.you": N_("You show the {figure} you bet blind, {key}: {shown}."),
    "proof.blind_failed": N_("{seat} cannot show the {figure} that was bet blind: no penalty, but it scores nothing."),
    "proof.blind_failed.you": N_("You cannot show the {figure} you bet blind: no penalty, but it scores nothing."),
    "proof.failed": N_("{seat} cannot show a {figure}. {team}: {points} points off, and nothing "
                       "scored this deal."),
    "proof.failed.you": N_("You cannot show a {figure}. {team}: {points} points off, and nothing "
                           "scored this deal."),
    "proof.failed_figure": N_("{seat} cannot show a {figure}. {team}: {points} points off, and the "
                              "{figure} is lost."),
    "proof.failed_figure.you": N_("You cannot show a {figure}. {team}: {points} points off, and the "
                                  "{figure} is lost."),
    "proof.failed_added": N_("{seat} cannot show a {figure}. {team}: {points} points added, and "
                             "nothing scored this deal."),
    "proof.failed_added.you": N_("You cannot show a {figure}. {team}: {points} points added, and "
                                 "nothing scored this deal."),
    "proof.failed_again": N_("{seat} cannot show a {figure} either; the penalty is paid once."),
    "proof.failed_again.you": N_("You cannot show a {figure} either; the penalty is paid once."),
    "proof.takes": N_("{seat} shows the {figure}, {key}: {shown}. It goes to {team}."),
    "proof.takes.you": N_("You show the {figure}, {key}: {shown}. It goes to {team}."),
    "how.taken": N_("The bettor could not show it: it went to the side that could."),
}
