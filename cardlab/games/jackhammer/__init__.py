"""Jackhammer: pawns cross a grid of cards like chess queens, taking the card behind them.

Rules in brief
--------------
The Aces to Nines (36 cards) are shuffled and laid face up in a 6×6 grid; the Tens and
the pictures are set aside.  Each of the 2–4 players gets a picture card as a pawn (here
the Kings of ♠ ♥ ♦ ♣, in seat order).  Starting with the first player and going
clockwise, each player stands its pawn on an Ace no other pawn is on.

On a turn a player moves its pawn any distance in one straight line, across, up or down
or diagonally, and lands on a card.  The pawn may not land on a pawn, and it may not
pass over a hole or over another pawn on the way.  The player then takes the card the
pawn left and lays it face up in front of them; a hole is left where it lay.

A player whose pawn cannot move is stranded: on their turn they take the card under their
pawn and fall through, off the board, for the rest of the board's play.  The others carry
on; the last player on the board keeps moving alone until stranded too.

When everyone has fallen through, each player adds up the pips (Ace 1) of their cards
suit by suit.  A player's *lowest suit* is the suit with the smallest total (a suit with
no cards totals 0).  The highest lowest suit wins; players level there compare their
second lowest suits, then the third, then the fourth.  Players level in all four share
the win.

Options
-------
{options}

Rulings
-------
* From RULINGS.md: 2–4 players; pawns go on different Aces in seat order, from the first
  player (option ``first_player``, default seat 0, standing for the youngest player);
  moving is compulsory while a move exists; a player falls through only on their own
  turn and only when stranded; an Ace counts 1 and an empty suit 0; players level in all
  four suits share the win.
* Falling through happens as the stranded player's turn comes round, logged as its own
  event: there is no choice in it, so it is not an action.  Once stranded a pawn stays
  stranded (a cell a pawn leaves becomes a hole), so the moment makes no difference.
* Each player's score is the total of their lowest suit; the ranking compares the four
  totals lowest first.  With ``hands=N`` several boards are played and the suit totals
  run on from board to board.
* The game has no hidden information: the whole board is dealt face up and every card
  taken lies face up.

Actions
-------
Cells are named by column letter (``a``-``f``, left to right) and row number (``1``-``6``,
top to bottom).  ``place c4`` stands the pawn on the Ace at c4; ``move e2`` moves the
pawn to e2.

Solver
------
:func:`solve` searches an endgame exactly (each player making the move best for itself);
the heuristic bot uses it once 12 cards or fewer are left, and its Hint says so.
"""

from .bot import JackhammerBot, rule_of_thumb
from .game import GAME
from .rules import (
    BOARD_CARDS,
    GRID,
    PAWNS,
    JackhammerOptions,
    JackhammerState,
    key_value,
    moves_from,
    ranking_key,
)
from .solver import Position, Solution, endgame_agreement, position_from, position_of, solve

__all__ = [
    "BOARD_CARDS",
    "GAME",
    "GRID",
    "PAWNS",
    "JackhammerBot",
    "JackhammerOptions",
    "JackhammerState",
    "Position",
    "Solution",
    "endgame_agreement",
    "key_value",
    "moves_from",
    "position_from",
    "position_of",
    "ranking_key",
    "rule_of_thumb",
    "solve",
]
