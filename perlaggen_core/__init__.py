"""perlaggen_core: the complete rules of Perlaggen as a pure-Python engine that speaks data."""
from .actions import Action
from .cards import Card, parse_card
from .deal import Deal
from .errors import IllegalAction, NotationError, PerlaggenError, RecordError
from .game import Game, PlayOn
from .messages import Message, msg
from .rules import PRESETS, Rules, get_rules
from .start import Start
from .state import Phase, Status

__all__ = ["Action", "Card", "parse_card", "Deal", "Game", "PlayOn", "Rules", "PRESETS", "get_rules", "Start",
           "Message", "msg", "Phase", "Status",
           "PerlaggenError", "IllegalAction", "NotationError", "RecordError"]
__version__ = "0.2.0"
