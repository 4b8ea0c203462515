"""The game's nouns in English: cards, suits, ranks, figures, phases, counts and rule sets."""
from __future__ import annotations

from .markers import N_, NC_

SUITS = {"H": N_("hearts"), "S": N_("bells"), "E": N_("acorns"), "L": N_("leaves")}
RANKS = {"A": N_("Ace"), "K": N_("King"), "O": N_("Ober"), "U": N_("Unter"), "10": N_("Ten"), "9": N_("Nine"),
         "8": N_("Eight"), "7": N_("Seven"), "6": N_("Six")}
RANKS_PLURAL = {"A": N_("Aces"), "K": N_("Kings"), "O": N_("Obers"), "U": N_("Unters"), "10": N_("Tens"),
                "9": N_("Nines"), "8": N_("Eights"), "7": N_("Sevens")}
# every card by its code: the names a player says at the table
CARDS = {
    "HA": N_("Ace of hearts"), "HK": N_("Martl (King of hearts)"), "HO": N_("Ober of hearts"),
    "HU": N_("Unter of hearts"), "H10": N_("Ten of hearts"), "H9": N_("Nine of hearts"),
    "H8": N_("Eight of hearts"), "H7": N_("Seven of hearts"),
    "SA": N_("Ace of bells"), "SK": N_("King of bells"), "SO": N_("Ober of bells"), "SU": N_("Unter of bells"),
    "S10": N_("Ten of bells"), "S9": N_("Nine of bells"), "S8": N_("Eight of bells"),
    "S7": N_("Schell-Spitz (Seven of bells)"), "S6": N_("Weli"),
    "EA": N_("Ace of acorns"), "EK": N_("King of acorns"), "EO": N_("Ober of acorns"),
    "EU": N_("Unter of acorns"), "E10": N_("Ten of acorns"), "E9": N_("Nine of acorns"),
    "E8": N_("Eight of acorns"), "E7": N_("Eichel-Spitz (Seven of acorns)"),
    "LA": N_("Ace of leaves"), "LK": N_("King of leaves"), "LO": N_("Ober of leaves"),
    "LU": N_("Unter of leaves"), "L10": N_("Ten of leaves"), "L9": N_("Nine of leaves"),
    "L8": N_("Eight of leaves"), "L7": N_("Seven of leaves"),
}
# the plain names of the cards that have a Perlagg's name where they are Perlaggen (not in Giltspiel)
PLAIN_CARDS = {"HK": N_("King of hearts"), "S7": N_("Seven of bells"), "E7": N_("Seven of acorns")}
FIGURES = {"gleich": N_("Gleich"), "hanger": N_("Hanger"), "spiel": N_("Spiel")}
PHASES = {"play": N_("card play"), "show": N_("show"), "declare": N_("declarations"),
          "scored": N_("scoring"), "game_over": N_("end of the game")}
COUNTS = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"),
          7: N_("seven")}
RULE_SETS = {
    "innsbruck": N_("Innsbruck"), "eichel": N_("Eichelperlaggen"), "imst": N_("Imst"),
    "innsbruck-2": N_("Innsbruck, two players"), "eichel-2": N_("Eichelperlaggen, two players"),
    "innsbruck-6": N_("Innsbruck, six players"), "eichel-6": N_("Eichelperlaggen, six players"),
    "innsbruck-3": N_("Innsbruck, three players"), "eichel-3": N_("Eichelperlaggen, three players"),
    "straf": N_("Strafperlaggen"), "straf-2": N_("Strafperlaggen, play-on for second place"),
    "giltspiel": N_("Giltspiel (no wild cards)"), "schlanders": N_("Schlanders"), "deutschnofen": N_("Deutschnofen"),
}
AUS_VALUE = N_("Spiel aus")
AND = N_("{first} and {last}")
DECIMAL = N_("{whole}.{fraction}")   # a number with a fraction: German writes a comma
SEAT = N_("seat {n}")
TEAM = N_("team {n}")

# A card's name with its article, in the case a translation asks for ("{card:acc}" in a German template:
# "Du spielst den Laub-König", "das Laub-Ass"). The article goes by the card's rank (its head noun),
# so each language writes one form per case and rank; English says "the" in every case.
CASES = ("nom", "acc", "dat")
ARTICLE_FORMS = {   # (case, rank) -> (context, English)
    ("nom", "A"): NC_("a card named after its rank, Ace, with its article, nominative", "the {card}"),
    ("nom", "K"): NC_("a card named after its rank, King, with its article, nominative", "the {card}"),
    ("nom", "O"): NC_("a card named after its rank, Ober, with its article, nominative", "the {card}"),
    ("nom", "U"): NC_("a card named after its rank, Unter, with its article, nominative", "the {card}"),
    ("nom", "10"): NC_("a card named after its rank, Ten, with its article, nominative", "the {card}"),
    ("nom", "9"): NC_("a card named after its rank, Nine, with its article, nominative", "the {card}"),
    ("nom", "8"): NC_("a card named after its rank, Eight, with its article, nominative", "the {card}"),
    ("nom", "7"): NC_("a card named after its rank, Seven, with its article, nominative", "the {card}"),
    ("nom", "6"): NC_("a card named after its rank, Six, with its article, nominative", "the {card}"),
    ("acc", "A"): NC_("a card named after its rank, Ace, with its article, accusative", "the {card}"),
    ("acc", "K"): NC_("a card named after its rank, King, with its article, accusative", "the {card}"),
    ("acc", "O"): NC_("a card named after its rank, Ober, with its article, accusative", "the {card}"),
    ("acc", "U"): NC_("a card named after its rank, Unter, with its article, accusative", "the {card}"),
    ("acc", "10"): NC_("a card named after its rank, Ten, with its article, accusative", "the {card}"),
    ("acc", "9"): NC_("a card named after its rank, Nine, with its article, accusative", "the {card}"),
    ("acc", "8"): NC_("a card named after its rank, Eight, with its article, accusative", "the {card}"),
    ("acc", "7"): NC_("a card named after its rank, Seven, with its article, accusative", "the {card}"),
    ("acc", "6"): NC_("a card named after its rank, Six, with its article, accusative", "the {card}"),
    ("dat", "A"): NC_("a card named after its rank, Ace, with its article, dative", "the {card}"),
    ("dat", "K"): NC_("a card named after its rank, King, with its article, dative", "the {card}"),
    ("dat", "O"): NC_("a card named after its rank, Ober, with its article, dative", "the {card}"),
    ("dat", "U"): NC_("a card named after its rank, Unter, with its article, dative", "the {card}"),
    ("dat", "10"): NC_("a card named after its rank, Ten, with its article, dative", "the {card}"),
    ("dat", "9"): NC_("a card named after its rank, Nine, with its article, dative", "the {card}"),
    ("dat", "8"): NC_("a card named after its rank, Eight, with its article, dative", "the {card}"),
    ("dat", "7"): NC_("a card named after its rank, Seven, with its article, dative", "the {card}"),
    ("dat", "6"): NC_("a card named after its rank, Six, with its article, dative", "the {card}"),
}
# A figure's name with its article ("{figure:acc}": "das Gleich", "den Hanger", "das Spiel").
FIGURE_ARTICLE_FORMS = {   # (case, figure) -> (context, English)
    ("nom", "gleich"): NC_("the figure Gleich, with its article, nominative", "the {figure}"),
    ("nom", "hanger"): NC_("the figure Hanger, with its article, nominative", "the {figure}"),
    ("nom", "spiel"): NC_("the figure Spiel, with its article, nominative", "the {figure}"),
    ("acc", "gleich"): NC_("the figure Gleich, with its article, accusative", "the {figure}"),
    ("acc", "hanger"): NC_("the figure Hanger, with its article, accusative", "the {figure}"),
    ("acc", "spiel"): NC_("the figure Spiel, with its article, accusative", "the {figure}"),
    ("dat", "gleich"): NC_("the figure Gleich, with its article, dative", "the {figure}"),
    ("dat", "hanger"): NC_("the figure Hanger, with its article, dative", "the {figure}"),
    ("dat", "spiel"): NC_("the figure Spiel, with its article, dative", "the {figure}"),
}
