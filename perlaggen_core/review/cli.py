"""`python -m perlaggen_core review FILE [--seat N] [--samples K] [--seed S]`: a deal record's
review as one JSON object (a record may carry the deal's signs as "signals": [{seat, signal, after,
caught?}]; the review weighs only those the seat saw: its partners', and the opponents' it caught)."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional, TextIO

from ..deal import Deal
from ..errors import IllegalAction, PerlaggenError, RecordError
from ..messages import Message, msg
from ..signals import SignalLog
from ..words import render
from .reviewer import review_deal


def review_file(source: str, seat: int, samples: int, seed: int, out: Optional[TextIO] = None) -> int:
    """Exit 0 with the review, 1 for an action the rules refuse, 2 for a bad file or record."""
    out = out or sys.stdout
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
        record = json.loads(text)
        if not isinstance(record, dict):
            raise RecordError(msg("record.not_object", field="record"), "record")
        record = dict(record)
        signals = SignalLog.from_list(record.pop("signals", []))
        deal = Deal.from_record(record)
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, IndexError) as exc:
        where = {"index": exc.index} if isinstance(exc, IllegalAction) else \
            {"field": exc.field} if isinstance(exc, RecordError) else {"field": "file"}
        detail = exc.detail if isinstance(exc, PerlaggenError) else msg("record.file", name=source, text=str(exc))
        out.write(json.dumps({"error": {**where, "message": render(detail), **detail.to_dict()}}) + "\n")
        return 1 if isinstance(exc, IllegalAction) else 2
    if not 0 <= seat < deal.n:
        detail = msg("seat.unknown", seat=seat, players=deal.n)
        out.write(json.dumps({"error": {"field": "seat", "message": render(detail), **detail.to_dict()}}) + "\n")
        return 2
    result = review_deal(deal, seat, signals, samples=samples, seed=seed).to_dict()
    for entry in result["entries"]:
        entry["text"] = render(Message.from_dict(entry["reason"]))
    out.write(json.dumps(result, ensure_ascii=False) + "\n")
    return 0

