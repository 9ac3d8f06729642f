"""Golf: a one-player game of clearing seven face-up piles onto a single discard pile.

Rules in brief
--------------
Thirty-five cards are dealt face up in seven piles of five, every card in view.  The other
seventeen form the stock, face down; its top card is turned over at once to start the
discard pile.  Only the top card of a pile is free.  A free card may go onto the discard
pile when its rank is next to the rank of the discard pile's top card, one higher or one
lower; suits play no part.  The Ace is low and sits next to the Two only, and nothing may
be put on a King.  When no pile card can go, the next stock card is turned onto the discard
pile and play carries on from it.

The deal ends as soon as the seven piles are empty (a win), or when the stock is used up
and no pile card fits.  The score is the number of cards still in the piles: low is good,
0 is a win.

Options
-------
{options}

Rulings
-------
* The variants are RULINGS.md's: ``queen_on_king`` lets a Queen go on a King; ``wrap``
  makes the King and the Ace neighbours both ways, so an Ace may go on a King and a King
  on an Ace.  With ``wrap`` alone a King takes an Ace but still no Queen; with both
  options it takes either.
* ``draw_any_time`` (the rule of most computer versions) lets the player turn a stock
  card whenever they like; by default, as in the text, a stock card may be turned only
  when no pile card can be played.  Either way a turned card must stay on the discard
  pile: stock cards are never played anywhere else.
* The deal ends by itself, so there is no ``stop``: every move takes a card from a pile
  or from the stock, and once the stock is empty and nothing fits, nothing can happen.
* Score: one point per card left in the piles; cards left in the stock cost nothing.
  With ``stock_bonus`` a cleared tableau scores minus the stock cards never turned
  (−5 with five left).  With ``hands=9`` a round of nine deals (nine "holes") is played
  and the scores add up, the lowest total being the best; the round counts as won only
  if every deal was cleared.
* The discard pile is public, all of it (each of its cards was shown face up when it
  arrived).  The stock shows only how many cards it holds: which cards are in it can be
  worked out from everything in view, but never their order.
* Explicit deals write each pile from its top card (the free one) down, and the stock
  from its top: its first card is the one turned to start the discard pile, then the
  cards come in the order they will be turned:
  ``game.deal(["7H 4C", "KS"], stock="9D 8C")`` (the rest is dealt at random).

Actions
-------
``play 7H`` (the free 7♥ onto the discard pile) and ``draw`` (turn the next stock card
onto the discard pile).  Legal actions list the plays pile by pile, then ``draw``.

Solver
------
:func:`~cardlab.games.golf.solver.solve` decides a deal with every stock card known:
won (with a winning line of actions), lost (every reachable position examined) or
unknown (the budget ran out).  It works on the same rule tables as the game.
"""

from .bot import GolfBot
from .game import GAME
from .rules import (
    ACE,
    DISCARD,
    DRAW,
    KING,
    LAYOUT,
    PILE_SIZE,
    PILES,
    PLAY,
    QUEEN,
    STACK_NAMES,
    STOCK,
    GolfOptions,
    GolfRules,
    GolfState,
    golf_rules,
    rules_of,
)
from .solver import solve

__all__ = [
    "ACE",
    "DISCARD",
    "DRAW",
    "GAME",
    "KING",
    "LAYOUT",
    "PILES",
    "PILE_SIZE",
    "PLAY",
    "QUEEN",
    "STACK_NAMES",
    "STOCK",
    "GolfBot",
    "GolfOptions",
    "GolfRules",
    "GolfState",
    "golf_rules",
    "rules_of",
    "solve",
]
