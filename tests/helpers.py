"""Small builders for tests: deals from short text, and checks that refusals change nothing."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Iterator, Optional

import pytest

from perlaggen_core import Action, Deal, IllegalAction, Message, Start, get_rules


def make(hands: list[str], trump: str = "L8", dealer: int = 3, scores=None, variant: str = "innsbruck",
         actions: list[str] | str = (), target: int | None = None, captured: str = "",
         exposed: str = "") -> Deal:
    """A deal from hands written as 'L10 H9 E9 S9 HA' and actions as '0 play L10'."""
    rules = get_rules(variant)
    start = Start(rules, dealer, tuple(scores or [rules.start_score] * rules.teams),
                  rules.target if target is None else target,
                  tuple(tuple(h.split()) for h in hands), trump, tuple(captured.split()), tuple(exposed.split()))
    return play(Deal(start), actions)


def play(deal: Deal, actions: list[str] | str) -> Deal:
    if isinstance(actions, str):
        actions = [a for a in actions.replace(";", "\n").splitlines() if a.strip()]
    for text in actions:
        deal.apply(Action.from_text(text.strip()))
    return deal


def random_moves(variant: str, seed: str, deals: int) -> Iterator[tuple[Deal, list]]:
    """Random legal play (selfplay.random_action) from random scores, one deal after another:
    yields the deal and the events after every move (games near their end and endgames come up)."""
    from perlaggen_core.selfplay import random_action, random_scores
    rng = random.Random(seed)
    rules = get_rules(variant)
    for _ in range(deals):
        deal = Deal.new(rules, rng.randrange(2**31), rng.randrange(rules.players), random_scores(rules, rng))
        while not deal.phase.over:
            yield deal, deal.apply(random_action(deal, rng))


def refusal(deal: Deal, text: str) -> Message:
    """The reason (code and values) the engine refuses an action; asserts that it changed nothing."""
    before = json.dumps(deal.view(None, reveal=True), sort_keys=True), len(deal.actions)
    try:
        deal.apply(Action.from_text(text))
    except IllegalAction as exc:
        after = json.dumps(deal.view(None, reveal=True), sort_keys=True), len(deal.actions)
        assert before == after, "a refused action changed the deal"
        assert str(exc), "every refusal has words"
        return exc.detail
    raise AssertionError(f"'{text}' was allowed")


def fig(deal: Deal, name: str) -> dict:
    return deal.summary()["figures"][name]


RECORDS = Path(__file__).resolve().parent / "records"


def record_files() -> list[dict]:
    """The deal records in tests/records (not their expected outputs, nor the files that are not JSON)."""
    out = []
    for path in sorted(RECORDS.glob("*.json")):
        if path.name.endswith(".expected.json"):
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            continue
        if isinstance(data, dict) and isinstance(data.get("actions"), list):
            out.append(data)
    return out


# Leaves are trumps (L8 turned): Perlaggen HK S6 S7 E7 L7 LU LO. Dealer 3, seat 0 leads.
EXAMPLE1 = ["L10 H9 E9 S9 HA", "LA H10 E10 S10 HO", "LU EK EO SK H8", "S7 LK E8 S8 HU"]


# A deal record for the pages' tests of the proofs: Innsbruck, leaves trumps; seat 0 bets the Hanger
# in the show without having one, the opponents call it good, and seat 0 is to end its turn (the
# deal's last move); seat 3 can show a Hanger (S8 with the Schell-Spitz) and takes it.
HANGER_BLUFF = {"variant": "innsbruck", "dealer": 3, "trump_card": "L8",
                "hands": [["HA", "H9", "E9", "S9", "L10"], ["LA", "H10", "E10", "S10", "HO"],
                          ["EK", "SO", "H8", "E8", "SA"], ["S7", "LK", "EA", "S8", "HU"]],
                "actions": [{"seat": s, **a} for s, a in [
                    (1, {"act": "good", "figure": "spiel"}), (0, {"act": "bet", "figure": "hanger"}),
                    (0, {"act": "show", "cards": ["H9", "E9", "S9"]}), (1, {"act": "good", "figure": "hanger"}),
                    (0, {"act": "done"}), (1, {"act": "show", "cards": ["H10", "E10", "S10"]}),
                    (1, {"act": "done"})]]}


def checkouts(start: Path) -> list[Path]:
    """The checkout holding `start`, and for a git worktree also the main checkout it belongs to
    (its `.git` file names the worktree's folder in the main repository, whose `commondir` leads back)."""
    root = next((p for p in [start, *start.parents] if (p / ".git").exists()), None)
    if root is None:
        return []
    found = [root]
    dot_git = root / ".git"
    if dot_git.is_file():
        text = dot_git.read_text(encoding="utf-8").strip()
        if text.startswith("gitdir:"):
            gitdir = (root / text[len("gitdir:"):].strip()).resolve()
            common = gitdir / "commondir"
            shared = (gitdir / common.read_text(encoding="utf-8").strip()).resolve() if common.is_file() else gitdir
            found.append(shared.parent)
    return found


def rule_sources(start: Path = Path(__file__).resolve()) -> Optional[Path]:
    """The rule sources (shared/seeds): beside a clone or above it, or beside the main checkout of a
    worktree; never copied into the repository."""
    roots = checkouts(start)
    beside = [r.parent for r in roots]                              # ../shared first, then further up
    for folder in beside + [f for r in roots for f in r.parent.parents]:
        if (folder / "shared" / "seeds").is_dir():
            return folder / "shared" / "seeds"
    return None


def need_rule_sources(sources: Optional[Path], environ=os.environ) -> Path:
    """The sources, or a skip where a clone has none beside it; in CI (which has them beside the
    clone) their absence is a failure, so the tests that read them never pass unrun."""
    if sources is not None:
        return sources
    if environ.get("CI"):
        pytest.fail("CI is set but the rule sources (shared/seeds) are not beside this clone: "
                    "CI must check out the shared folder next to the repository", pytrace=False)
    pytest.skip("the rule sources (shared/seeds) are not beside this checkout")
