"""Paparazzi: photographers jostle for the best spot beside twelve picture-card celebrities.

Rules in brief
--------------
The twelve picture cards (every Jack, Queen and King) are the celebrities.  They are
shuffled and laid out in two rows of six with room for one card between any two
celebrities side by side or one above the other, and room for one card all round the
outside.  Those 32 places are the *spaces*; the corners and the spots between two
celebrities that only touch diagonally are not spaces.

Each of the 2–4 players gets a personal deck of number cards in one suit: Ace to 10
with two players, 2 to 10 with three, 3 to 10 with four.  Everyone shuffles their own
deck and takes its top three cards in hand; nobody else sees them.

Starting with the first player and going clockwise, a player lays one card from their
hand, face up, in any free space (each space touches one or two celebrities), then takes
the next card of their deck into hand while it lasts.  Play goes on until every card is
laid: with four players that fills all 32 spaces.

Then, for each celebrity, every player adds up the pips of their own cards beside it
(a card between two celebrities counts for both; an Ace counts 1).  The player with the
most pips takes that celebrity; if the highest count is shared, nobody takes it.  A King
scores 5, a Queen 4 and a Jack 3.  A player who took two celebrities of the same suit
scores 2 more for that suit, or 3 more for all three of a suit.  The highest score wins.

Options
-------
{options}

Rulings
-------
* From RULINGS.md: the layout above (two rows of six, a space between every two
  orthogonal neighbours and a ring of spaces outside: 32 spaces), the celebrities
  shuffled into it; seats take ♠, ♥, ♦ and ♣ in seat order, and a player's own suit
  does not matter for scoring; the set bonus is counted per suit, +2 for two
  celebrities of one suit and +3 (not +2 and +3) for three; an Ace counts 1; the
  starting seat is the option ``first_player`` (default seat 0, the youngest player).
* A celebrity nobody laid a card beside is a tie at 0: nobody takes it.
* Players level on the highest score share the win (as everywhere in cardlab).
* Hidden: each hand, and the order of every personal deck (the owner too sees only the
  backs).  Public: the celebrities, every card laid, how many cards each seat holds and
  has left, and so which cards of its suit each seat still has to come.
* At the table each seat shows how many celebrities it leads now, how many it has
  *secured* (no rival can catch up even filling every free space beside them) and what
  it would score if the game ended now; :mod:`~cardlab.games.paparazzi.analysis` gives
  the full picture for the seat in view.

Actions
-------
Spaces are named by column letter (``a``-``m``, left to right) and row number (``1``-``5``,
top to bottom): the celebrities lie at ``b2 d2 … l2`` and ``b4 d4 … l4``.  ``place 7S c2``
lays the 7♠ in the space c2, between the celebrities at b2 and d2.
"""

from .analysis import (
    Position,
    Prospect,
    best_addition,
    best_additions,
    position_from,
    prospects,
    prospects_of,
    prospects_table,
    secured_counts,
)
from .bot import PaparazziBot, rule_of_thumb
from .game import GAME
from .rules import (
    CELEB_NAMES,
    GRID,
    NEXT_TO,
    SPACE_NAMES,
    PaparazziOptions,
    PaparazziState,
    majorities,
    personal_deck,
    points_of,
    score_lines,
)

__all__ = [
    "CELEB_NAMES",
    "GAME",
    "GRID",
    "NEXT_TO",
    "SPACE_NAMES",
    "PaparazziBot",
    "PaparazziOptions",
    "PaparazziState",
    "Position",
    "Prospect",
    "best_addition",
    "best_additions",
    "majorities",
    "personal_deck",
    "points_of",
    "position_from",
    "prospects",
    "prospects_of",
    "prospects_table",
    "rule_of_thumb",
    "score_lines",
    "secured_counts",
]
