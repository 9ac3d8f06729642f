"""Frozen Novelty: a one-player game of digging through four face-down stacks.

Rules in brief
--------------
The 52 cards of a Foresight deck (Ace low) are dealt face down into four **Deck** stacks
of 13.  Four **Up** stacks, four **Down** stacks and four **Foundations** start empty.
The foundations grow in suit from the Ace to the King and the tableau is built downwards
in suit; the deal is won when every card is home.  A move is one of four things:

1. *turn*: flip the face-down top card of a stack face up where it lies;
2. *home*: put a face-up top card on its foundation when it is the next card of its suit;
3. *move*: carry a run of face-up cards (one card, or several of one suit, each one rank
   below the card under it) onto an empty Up stack or onto the face-up card one rank
   higher of that suit;
4. *slide*: carry the face-down top card of a stack onto an empty Down stack, or onto
   another face-down top card when the move *might* be a legal build: some card printed
   with the moving back could lie on some card printed with the target's back.

A face-down card never goes on a face-up one, a face-up card never goes on a face-down
one (a turned card stays where it was), and nothing leaves a foundation.  The levels
change what the backs show and a few rules (option ``level``).

Options
-------
{options}

Rulings
-------
* Levels follow RULINGS.md: Normal shows the top back of every face-down stack, the
  easy levels show every back and reuse empty Deck stacks as Up stacks, Hard shows no
  back and refuses a forbidden slide without saying more, Very Hard also restricts
  slides to Deck → Down.
* "Might be a legal play" is read from the deck's back table (``slide_rule="table"``):
  a slide onto a face-down card is allowed when some card printed with the moving back
  could legally be built on some card printed with the target back (one rank lower, in
  suit; of the other colour on Very Easy).  So an Ace's back may go on a Two's back (the
  A♠ on the 2♠ is a build), and a four-suit back never goes on a four-suit back (no Ace
  or King is one rank below an Ace or a King).  The text's restatement ("share a suit on
  the back and the same number of suits or one fewer") differs on those pairs; it is
  kept as ``slide_rule="count"``.  ``slide_rule="suits"`` is the same test for a player
  who knows only what a back prints (its suits, and by their number the rank class), not
  which cards carry it.  A user's own back table (``deck=``) is used as printed.
* Hard and Very Hard: since the player cannot read the backs, the legal actions list
  *every* slide the layout allows, whatever the backs: onto an empty Down stack as
  ``slide``, onto a face-down card as an attempt, ``try``.  A ``try`` the backs forbid is
  a legal action that moves nothing: it logs "not allowed", counts as a move, and that
  pair of cards is not offered again (the player now knows it; ``info["refused"]`` lists
  such attempts still on the table).  So every listed action applies, an illegal one
  changes nothing, and the list itself says nothing about the backs.
* A run on Very Easy alternates colours; on every other level it is one suit.
* The four foundations are kept one per suit (♣ ♦ ♥ ♠); which empty foundation an Ace
  takes makes no difference to play.
* Face-up cards may be built on wherever they lie: on a Deck, Up or Down stack.
* Any face-down card on top of a stack may be turned, on a Deck or a Down stack.
* A deal must end: ``stop`` ends it at once (the score is what is home), it ends by
  itself after ``max_moves`` moves, and also when nothing but ``stop`` is left.
* Score: one point per card on the foundations.  A deal is won only with all 52 home;
  otherwise it is lost, with its score.  With ``hands=N`` the game is won when every
  deal is won.
* Explicit deals list the Deck stacks one after another, each from its top card down:
  ``game.deal(["KS QS", "2H"])`` (the rest is dealt at random below the given cards).

Actions
-------
``turn deck2`` / ``turn down1``; ``home 7H``; ``move 9H up2`` (the 9♥ and every card on
it, onto the empty Up stack 2 or onto the face-up card heading that stack);
``slide deck1 down3``; on the Hard levels ``try deck1 deck2`` (a slide onto a face-down
card that may be refused); ``stop``.  Stacks are named ``deck1``-``deck4``, ``up1``-``up4``,
``down1``-``down4``.

Solver
------
:func:`solve` decides a deal with every face known (an upper bound for any real player);
:func:`difficulty` tabulates solvable rates, the heuristic bot's win rate and solver
speed per level.
"""

from ...core.solver import Solved, wilson
from ...rules.solitaire import STOP
from .bot import FrozenNoveltyBot
from .game import GAME
from .rules import (
    ALL,
    ANY_FACE_DOWN,
    DECKS,
    DOWNS,
    FACE_DOWN,
    HOME,
    LAYOUT,
    LEVELS,
    MOVE,
    SLIDE,
    SLIDE_RULES,
    STACK_INDEX,
    STACK_NAMES,
    TRY,
    TURN,
    UPS,
    FrozenNoveltyOptions,
    FrozenNoveltyState,
    LevelRules,
    level_rules,
    rules_for,
    slide_refusal,
    slide_test,
)
from .solver import difficulty, play_bot, solve

__all__ = [
    "ALL",
    "ANY_FACE_DOWN",
    "DECKS",
    "DOWNS",
    "FACE_DOWN",
    "GAME",
    "HOME",
    "LAYOUT",
    "LEVELS",
    "MOVE",
    "SLIDE",
    "SLIDE_RULES",
    "STACK_INDEX",
    "STACK_NAMES",
    "STOP",
    "TRY",
    "TURN",
    "UPS",
    "FrozenNoveltyBot",
    "FrozenNoveltyOptions",
    "FrozenNoveltyState",
    "LevelRules",
    "Solved",
    "difficulty",
    "level_rules",
    "play_bot",
    "rules_for",
    "slide_refusal",
    "slide_test",
    "solve",
    "wilson",
]
