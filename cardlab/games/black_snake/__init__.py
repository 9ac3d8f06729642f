"""Black Snake: players build runs up and down on shared tracks of cards.

Rules in brief
--------------
One 52-card deck.  At the start one card per player is turned face up from the deck to
begin a track; a picture turned for a track goes back into the deck, and the next card is
turned instead.  Each player gets three cards, and three more are laid face up beside the
deck as the *open cards*.

On a turn a player either draws or lays.

*Drawing* takes two cards, one after the other, each either the top card of the deck or
one of the open cards.  An open card that is taken is replaced at once from the deck, so
the second card may be the one just turned up.

*Laying* puts one or more cards from the hand on one track, one after the other, each
exactly one rank above the card below it, or each exactly one rank below: a lay never
turns round.  Suits do not matter, and the run wraps: going up, an Ace follows a 10;
going down, a 10 follows an Ace.  Jacks, Queens and Kings stand in for whatever rank the
run needs, as many of them as the player likes, but the last card of a lay must be a
number card, since a picture may never be the top of a track.  Only a track's top card
counts: the next lay on it may go up or down from there.  A lay scores by its length:
1 card 1 point, 2 cards 3, 3 cards 5, 4 or more cards 7.  There is no limit on a hand.

When the deck runs out, every card under the tracks' top cards is shuffled into a new
deck; the open cards stay where they are.  The first player to reach the target (30
points, or 40 for the long game) wins at once.

Options
-------
{options}

Rulings
-------
* From RULINGS.md: 2–4 players; a lay is legal when one direction fits all its cards,
  which the player never has to declare (each picture takes the rank that direction
  gives it); a draw takes two cards, or fewer when the deck, the reshuffle and the open
  cards have run dry; a player who cannot draw must lay if able, and otherwise passes
  (this *forced laying* replaces the booklet's new tracks by agreement, which is not
  modelled); the game ends the moment a player reaches ``target``; ``max_turns``
  (default 300) is a cap, at which the leader wins (level leaders share).
* The starting player is an option (``first_player``, default seat 0, standing for the
  youngest).  Play goes to the left.
* The deck is rebuilt as soon as it is empty (after a draw, a refill or a lay), from
  every card then under a track's top; with nothing under the tops it stays empty until
  a lay buries a card.  The open cards are topped up to three whenever the deck has a
  card for them; a taken open card's replacement goes into its place.
* Pictures turned for a track are named as they go back into the deck, which is then
  shuffled again (a chance step): everyone saw them, but nobody knows where they lie.
* If every player passes in turn, nothing can change any more: the game stops there and
  the leader wins, as at the cap.  (With the whole deck in the hands this is the only
  way a game could stall; it is not seen in practice.)
* Hands are hidden; their sizes, the open cards, the deck's size and every track card
  (those under the tops too, all laid face up) are public.  A card drawn from the deck is
  seen only by its drawer; the order of the deck is seen by nobody.

Actions
-------
``draw stock`` takes the deck's top card, ``draw 7H`` an open card; each is one of the
turn's two draws.  A lay is built in steps: ``track 2`` chooses the track, ``lay 8C``,
``lay KD`` … add cards one at a time (only cards that keep a run possible are offered),
and ``done`` lays them; ``back`` takes back the last card and ``cancel`` drops the lay.
``pass`` is offered only when there is nothing to draw and no lay to make.

An explicit deal gives each hand, the open cards and the deck from its top:
``game.deal(hands={0: "AS 3S 5S"}, open="6S 2S 9D", stock="7S 4S")`` turns the 7♠ and
the 4♠ as the tracks; cards not named are dealt at random (the rest of the deck lies
under the named ones).
"""

from .bot import BlackSnakeBot, best_lay, draw_choice, every_lay, run_from, track_tops
from .game import GAME
from .rules import (
    POINTS,
    BlackSnakeOptions,
    BlackSnakeState,
    points,
    step,
)

__all__ = [
    "GAME",
    "POINTS",
    "BlackSnakeBot",
    "BlackSnakeOptions",
    "BlackSnakeState",
    "best_lay",
    "draw_choice",
    "every_lay",
    "points",
    "run_from",
    "step",
    "track_tops",
]
