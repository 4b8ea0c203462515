"""A broken lesson file stops the site build with a message naming file, step and field."""
from __future__ import annotations

from pathlib import Path

import pytest

from tools import lessons
GOOD_STEP = '''
[[steps]]
id = "lead"
goal.en = "Lead a card."
deal = { dealer = 3, trump_card = "L8", hands = ["L10 H9 E9 S9 HA", "LA H10 E10 S10 HO", "LU EK EO SK H8", "S7 LK E8 S8 HU"] }
expect.condition = "play"
solution = "0 play H9"
hints = ["Any card will do."]
success.en = "Fine."
'''


def test_build_compiles_a_good_lesson(tmp_path: Path):
    (tmp_path / "one.toml").write_text('id = "one"\ntitle.en = "One"\ncontrols = ["play"]\n' + GOOD_STEP)
    listed = lessons.compile_lessons(tmp_path, tmp_path / "out")
    assert listed[0]["id"] == "one" and (tmp_path / "out" / "lessons.json").exists()


@pytest.mark.parametrize("change,field", [
    (("solution = \"0 play H9\"", "solution = \"0 play LU\""), "solution"),
    (("hands = [\"L10", "hands = [\"X10"), "deal.hands.0.0"),
    (("goal.en", "gaol.en"), "gaol"),
])
def test_broken_lesson_stops_the_build(tmp_path: Path, change, field):
    (tmp_path / "bad.toml").write_text('id = "bad"\ntitle.en = "Bad"\ncontrols = ["play"]\n' + GOOD_STEP.replace(*change))
    with pytest.raises(SystemExit) as info:
        lessons.compile_lessons(tmp_path, tmp_path / "out")
    message = str(info.value)
    assert "bad.toml" in message and "step lead" in message and f"field '{field}'" in message
    assert not (tmp_path / "out" / "lessons.json").exists()


def test_a_move_left_generic_stops_the_build(tmp_path: Path):
    """Offering bets in a card step without words for them: the report names file and step."""
    (tmp_path / "loose.toml").write_text('id = "loose"\ntitle.en = "Loose"\n' + GOOD_STEP)
    with pytest.raises(SystemExit) as info:
        lessons.compile_lessons(tmp_path, tmp_path / "out")
    message = str(info.value)
    assert "loose.toml, step lead (act):" in message and "0 bet gleich" in message
    assert not (tmp_path / "out" / "lessons.json").exists()
