"""The practice page (practice.html, still to come): puzzles one decision at a time. `progress.py`
holds what needs no page: checking a move, the learner's progress, and which puzzle comes next."""
