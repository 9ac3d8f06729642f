"""Canfield: a one-player patience with a thirteen-card reserve and a foundation base.

Rules in brief
--------------
Thirteen cards go face down into a **reserve** whose top card is then turned face up; the
next card starts the **foundations**; four more start the four **tableau** piles; the
other 34 are the **stock**.  The first foundation card fixes the base rank: every suit's
foundation starts from that rank and climbs in suit, past the King to the Ace and on, up
to the rank just below the base.  The deal is won when all 52 cards are on the
foundations.

Tableau piles build downwards in alternating colours (red on black, black on red), and
the ranks wrap: a King may go on an Ace.  Any card of a pile may be moved together with
every card lying on it.  The face-up tops of the reserve and of the **waste** may be
played one card at a time, to the foundations or onto a tableau pile.  Cards come from
the stock to the waste one at a time (or three at a time with ``draw=3``, the last of the
three on top); once the stock is used up the waste is turned over to make a new stock, as
often as the player likes.  A tableau pile that empties is refilled from the reserve at
once; after the reserve is gone, an empty pile stays empty until the player puts any
card, or any movable group of cards, there.  Cards never come back from a foundation.

Options
-------
{options}

Rulings
-------
* Each suit has its own foundation (♣ ♦ ♥ ♠); the first foundation card opens its suit's
  pile, and the three other cards of the base rank open the others.
* With ``draw=3`` the three cards are turned face up one by one onto the waste, so the
  player sees all three and the last one lies on top; only the top card of the waste can
  be played, and the one under it is freed when it goes.  When fewer than three cards
  are left in the stock, the draw takes what is left.
* ``redeal`` (turning the waste over as the new stock, without shuffling) is its own
  action and is offered only when the stock is empty; there is no limit on redeals.
* Refilling an emptied tableau pile from the reserve, and turning up the reserve's next
  card, happen by themselves and are not moves.
* Once the reserve is empty, filling an empty pile is optional; moving a whole pile into
  an empty spot is allowed, though it changes nothing.
* The deal ends when every card is home, when the player says ``stop``, after
  ``idle_limit`` consecutive moves (drawing and redealing included) in which no card
  goes home and none comes out of the reserve or off the waste, and also when nothing
  but ``stop`` is left (the stock and the waste are empty and no card can move).
* The card dealt to the foundations counts: a deal scores at least 1.  With
  ``scoring="casino"`` every card home is worth 5 and the stake of 52 is taken off, so a
  deal starts at −47 and a won deal makes 208.  A deal is won only with 52 cards home;
  with ``hands=N`` the game is won when every deal is.
* The player sees the top card of the reserve, the waste (every card of it was shown
  when it was drawn), the tableau and the foundations.  The reserve's other cards and the
  stock lie face down, their order unseen; what was drawn stays in the deal's history.
* Explicit deals name the parts: ``game.deal(reserve="QC 5D ...", foundation="7H",
  tableau=["3S", "9D", "KC", "4H"], stock="...")``; the reserve and the stock are written
  from the top card down, and cards left out are dealt at random.

Actions
-------
``home 8H`` (the top card of the reserve, the waste or a tableau pile to its
foundation); ``move 9H tableau3`` (that card, with every card on it, onto tableau pile 3:
onto its top card or into it when empty); ``draw``; ``redeal``; ``stop``.

Solver
------
:func:`solve` plays a deal with every face known, the stock's and the reserve's order
included ("thoughtful" Canfield), and answers won (with a winning line of actions),
lost or unknown within a budget of positions.
"""

from .bot import CanfieldBot
from .game import GAME
from .rules import (
    BUILD,
    DRAW,
    FITS,
    HOME,
    LAYOUT,
    MOVE,
    REDEAL,
    RESERVE,
    SOURCES,
    STACK_NAMES,
    STOCK,
    TABLEAU,
    WASTE,
    CanfieldOptions,
    CanfieldState,
    base_rank_words,
)
from .solver import solve

__all__ = [
    "BUILD",
    "DRAW",
    "FITS",
    "GAME",
    "HOME",
    "LAYOUT",
    "MOVE",
    "REDEAL",
    "RESERVE",
    "SOURCES",
    "STACK_NAMES",
    "STOCK",
    "TABLEAU",
    "WASTE",
    "CanfieldBot",
    "CanfieldOptions",
    "CanfieldState",
    "base_rank_words",
    "solve",
]
