"""Scenarios for the teacher: a deal record with a title, notes per step (some of them questions
for the class), the hands shown face up, and a link form that carries it all with no server.

    scenario = load_scenario(data)            # ScenarioError names the field; Message as the reason
    replay = scenario.replay()                # every position: replay.deal(step), replay.moves
    text = to_link(scenario); from_link(text) # raw DEFLATE + base64url (teacher.html#s=...)

See docs/teacher.md for the format.
"""
from __future__ import annotations

from .checks import check_position
from .link import decode, encode, from_link, to_link
from .model import FORMAT, Note, Scenario, ScenarioError, scenario_texts, text_of
from .replay import Move, Replay
from .validate import check_languages, compile_dir, load_dir, load_file, load_scenario, missing_languages

__all__ = ["FORMAT", "Move", "Note", "Replay", "Scenario", "ScenarioError", "check_languages",
           "check_position", "compile_dir", "decode", "encode", "from_link", "load_dir", "load_file",
           "load_scenario", "missing_languages", "scenario_texts", "text_of", "to_link"]
