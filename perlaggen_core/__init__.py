"""perlaggen_core: the complete rules of Perlaggen as a pure-Python engine."""
from .actions import Action
from .cards import Card, parse_card
from .deal import Deal
from .errors import IllegalAction, NotationError, PerlaggenError, RecordError
from .game import Game
from .rules import PRESETS, Rules, get_rules

__all__ = ["Action", "Card", "parse_card", "Deal", "Game", "Rules", "PRESETS", "get_rules",
           "PerlaggenError", "IllegalAction", "NotationError", "RecordError"]
__version__ = "0.1.0"
