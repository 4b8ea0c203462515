"""English templates of the scenario format's problems (files, links, the teacher's editor)."""
from __future__ import annotations

from .markers import N_

SCENARIO_ERRORS = {
    "scenario.not_object": N_("{field}: must be an object."),
    "scenario.not_list": N_("{field}: must be a list."),
    "scenario.format": N_("{field}: this scenario is in a newer format than this site reads (it reads format {n})."),
    "scenario.needs": N_("{field}: a scenario needs '{name}'."),
    "scenario.text": N_("{field}: must be a text, or texts by language."),
    "scenario.no_language": N_("{field}: no {language} text ({lang})."),
    "scenario.language.en": N_("English"),
    "scenario.language.de": N_("German"),
    "scenario.too_long": N_("{field}: is too long (at most {most} characters)."),
    "scenario.too_many": N_("{field}: has too many entries (at most {most})."),
    "scenario.number": N_("{field}: must be a whole number from {low} to {high}."),
    "scenario.id": N_("{field}: must be a short name of small letters, digits and hyphens."),
    "scenario.id_twice": N_("{field}: {name} already uses this id."),
    "scenario.seats": N_("{field}: must list seat numbers, each once."),
    "scenario.refused": N_("Move {n} is not allowed: {move} The rules say to {seat}: {reason}"),
    "scenario.note_twice": N_("{field}: there is already a note at step {n}."),
    "scenario.ask_last": N_("{field}: a question needs a next action to reveal; this note is at the last step."),
    "scenario.check_form": N_("{field}: a check lists facts of the position, or actions under 'refuses' and 'allows'."),
    "scenario.check_path": N_("{field}: the position has nothing called '{key}'."),
    "scenario.check_value": N_("{field}: the engine says {key} is {actual}, not {expected}."),
    "scenario.check_allowed": N_("{field}: the rules refuse it ({move}): {reason}"),
    "scenario.check_ranks": N_("{field}: {seat} has {actual} natural cards of the rank {rank} in this deal, not {expected}."),
    "scenario.check_refused": N_("{field}: the rules allow it, but the note says they refuse it: {move}"),
    "scenario.check_reason": N_("{field}: the rules refuse it ({move}) for another reason: {reason}"),
    "scenario.link_empty": N_("This link holds no scenario."),
    "scenario.link_too_long": N_("This link is too long to be a scenario (at most {most} characters)."),
    "scenario.link_characters": N_("This link is damaged: it holds characters a scenario link never has."),
    "scenario.link_damaged": N_("This link is damaged: its data cannot be unpacked. Perhaps it was cut short."),
    "scenario.link_too_big": N_("This link unpacks to more data than a scenario may hold ({most} bytes)."),
    "scenario.link_not_json": N_("This link is damaged: what it holds is not a scenario."),
}
