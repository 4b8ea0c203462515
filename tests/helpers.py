"""Small builders for tests: deals from short text, and checks that refusals change nothing."""
from __future__ import annotations

import json

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
