"""Hatchet: lay each card you turn over the cards on the table, burying their pips.

Rules in brief
--------------
The whole deck is shuffled into one face-down pile.  Its top card is turned face up and
starts the table.  The 2–4 players then take turns: turn the top card of the pile and lay
it face up on the table, so that it lies partly (or wholly) over cards already there.

A card laid this way may bury pips of the cards below, but never more than one pip of
any one suit: a spade and a heart together are fine, two diamonds are not.  A pip is
either wholly buried or left wholly in view; the small corner symbols beside the rank are
not pips.  Each buried pip is worth a point, so a turn scores at most 4.

A picture card is never laid: the player who turns it scores 2 points and the turn passes
on.  When the tenth picture is turned, the game is over and the highest score wins.

Options
-------
{options}

Rulings
-------
* From RULINGS.md: the table is a lattice of cells.  Each card covers 3 columns (L C R)
  and 7 rows; its pips sit in fixed cells (an Ace at C4; the 2 at C1 and C7; the 3 adds
  C4; the 4 takes the four corners L1 R1 L7 R7; the 5 adds C4; the 6 adds L4 R4 to the
  corners; the 7 adds C2 to the 6; the 8 adds C2 and C6; the 9 has L1 R1 L3 R3 C4 L5 R5
  L7 R7; the 10 drops C4 from the 9 and adds C2 and C6).  A card may lie upright or
  sideways at any lattice position and covers every cell under it.
* The card laid must share at least one cell with a card already on the table; the pips
  still in view under it may include at most one of each suit, and each scores a point.
  Covering no pip is allowed and scores nothing.
* A card may be turned any of the four quarter turns, but only a 7 looks different upside
  down.  So a 7 offers four turns and every other card two (``turn 0`` upright, ``turn
  90`` sideways): the other two would be the same move.
* Pictures turned up for the first table card go under the pile, and the first number
  card starts the table (upright, its top left corner at the lattice's origin).
* The player who turns the tenth picture scores its 2 points, then the game ends.  Equal
  highest scores share the win.
* 2–4 players; ``first_player`` (default seat 0, standing for the youngest) turns first.
* Only the order of the face-down pile is hidden: every card turned is seen by everyone.

Actions
-------
A move is built in two steps.  First ``turn 0`` (upright) or ``turn 90`` (sideways; a 7
also ``turn 180`` and ``turn 270``); then ``place c4``, naming the cell of the table the
card's centre goes on (cells are named by column letters and row number from the top
left of the table as shown, which reaches three cells past the cards on every side).
``back`` undoes the turn before the card is laid.
"""

from .bot import HatchetBot, best_place, best_turn
from .game import GAME
from .rules import (
    DEGREES,
    PIP_CELLS,
    SPAN,
    HatchetOptions,
    HatchetState,
    pips_at,
    shape,
    turns_of,
)

__all__ = [
    "DEGREES",
    "GAME",
    "PIP_CELLS",
    "SPAN",
    "HatchetBot",
    "HatchetOptions",
    "HatchetState",
    "best_place",
    "best_turn",
    "pips_at",
    "shape",
    "turns_of",
]
