"""The review of a finished deal: each decision of one seat scored against what a strong player
would have done, over hidden hands guessed to fit what that seat knew at that moment.

    from perlaggen_core.review import review_deal, Reviewer
    result = review_deal(deal, seat=0, signals=log, samples=32, seed=1)
    for entry in result.entries: entry.grade, entry.loss, entry.reason, entry.best

    reviewer = Reviewer(deal, 0, log, samples=32, seed=1)     # in slices, with progress
    for done in reviewer.run(): show(done / reviewer.total)
    result = reviewer.result()
"""
from .grades import BAD, GRADES, NOT_GRADED, THRESHOLDS, grade_of
from .reviewer import SAMPLES, Choice, Entry, Review, Reviewer, best_move, option_message, review_deal

__all__ = ["BAD", "GRADES", "NOT_GRADED", "THRESHOLDS", "SAMPLES", "Choice", "Entry", "Review", "Reviewer",
           "best_move", "grade_of", "option_message", "review_deal"]
