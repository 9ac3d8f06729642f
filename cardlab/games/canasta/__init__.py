"""Canasta: two sides (or two players) meld cards of one rank into baskets of seven.

Rules in brief
--------------
Two packs and four jokers (108 cards).  Four players play as two sides, partners sitting
opposite; each gets eleven cards.  One card turned from the stock starts the discard pile;
while the card on top is a joker, a two or a red three, another is turned onto it, and a
pile begun that way is *frozen*.  Play goes to the left, starting at the dealer's left.

Jokers (50 points) and twos (20) are wild.  A red three is never held: it goes down in
front of its side at once and its owner draws a card in its place (at the deal too),
worth 100 (all four for one side: 800).  Other values: Aces 20, Kings down to Eights 10,
Sevens down to Fours and black threes 5.

A turn: draw one card from the stock, or take the whole discard pile, then meld if
wished, then discard one card.  A *meld* is three or more cards of one rank with at least
two natural cards and at most three wild cards; a side keeps one meld per rank, which
either partner extends.  Seven cards make a *canasta*: natural (no wild card, 500) or
mixed (300); a wild card added to a natural canasta makes it mixed.

A side's first melds of a hand must count, together, at least a minimum set by its score
at the start of the hand: 15 below zero, 50 below 1,500, 90 below 3,000, 120 from there.
Every meld laid in that turn counts, and so does the upcard when the pile is taken for
them.  The pile is taken only by putting its top card into a meld straight away (a new
one, or the side's meld of that rank).  A frozen pile (a wild card or red three in it)
needs two natural cards of the top card's rank from the hand; a black three on top blocks
the pile.  Black threes are melded only by a player going out (three or four, no wild).

Going out (emptying the hand by melding, with or without a final discard) needs a
canasta for the side.  A player may first ask the partner "may I go out?"; the answer
binds.  Going out scores 100, or 200 when the player's side had melded nothing before
that turn (concealed).  The hand is scored for each side: the values of its melded cards,
its canasta and red-three bonuses, the going-out bonus, minus the values of the cards its
players still hold.  The first side past 5,000 at the end of a hand wins.

When the stock is gone, a player who can take the pile must; one who cannot ends the hand
(no going-out bonus).  A red three drawn as the stock's last card is laid down, its drawer
may meld, and the hand ends without a discard.

Two players (``players=2``): fifteen cards each, two cards drawn from the stock at a time
(taking the pile is the whole draw), and two canastas to go out.

Options
-------
{options}

Rulings
-------
* From RULINGS.md: red threes go down automatically and the pile is offered only when it
  may be taken, so neither penalty for them can arise; the upcard counts toward the
  minimum when the pile is taken for the first melds; concealed going out means the whole
  hand goes down in one turn with a canasta; the minimum counts every meld of that turn,
  not red threes or bonuses; black threes go down only when going out, three or four
  natural ones; after the stock a player who can take the pile must; in the two-player
  form the two-card draw replaces a stock draw only; level totals past the target play
  another hand; ``max_hands`` (50) ends the game, level totals there sharing the win.
* "May I go out?" is an action (``ask``) of the four-player game, before the turn's first
  meld and once a turn, open while the side has the canastas needed to go out.  After
  "no" the player may not go out that turn; after "yes" a player who ends the turn with
  cards in hand loses 100 for the side (the text's penalty; option ``ask_penalty``).
* A frozen pile is taken with two natural cards of the upcard's rank from the hand; when
  the side already has a meld of that rank, the three go onto it.
* A red three found in a pile that is taken goes down for the taker's side and is not
  replaced.  The text gives no penalty for a side that has melded nothing, so red threes
  always score their bonus.
* A player keeps a card to discard unless going out: a meld that would leave one card or
  none is allowed only when that player may go out.
* Going out is checked with the canastas the side has after the melds of that turn.
* The pile cannot be taken when the upcard is wild (it could not head a meld).
* A meld's picks name a rank (``meld 7``): cards of one rank are alike in a meld.  Which
  copy a pick takes is decided by a hidden shuffle: after each deal a chance step
  (``shuffle ...``) puts all 108 cards in a random order that no player sees, and a pick
  takes, of the cards of its kind in the hand, the one first in that order.  Every copy
  held is as likely to be the one shown, so the suit shown tells nothing of the others
  held.  A discard names its exact card (``discard 7H'``).
* Explicit deals list, per seat, the hand, then the upcard and the stock from the top:
  ``game.deal([n, e, s, w], upcard="7H", stock="...")``.  After an explicit deal the
  order is the cards' own (clubs, diamonds, hearts, spades, the first pack before the
  second), so a pick takes the lowest-numbered copy and a lesson reads as written.

Actions
-------
``draw`` (from the stock), ``take pile`` (starts a meld that uses the upcard), then the
picks of a meld: ``meld 7`` (a natural seven from the hand), ``two 7`` / ``joker 7`` (a
wild card onto the sevens), one meld finished before the next rank is begun; ``done``
lays every meld picked, ``back`` takes the last pick back and ``cancel`` drops them all.
``discard XX`` ends the turn; ``ask`` puts "may I go out?" to the partner, who answers
``yes`` or ``no``; ``end`` ends the hand after a red three was the last card of the
stock.
"""

from .bot import CanastaBot, hand_facts, pile_chances, plan_melds, table_odds
from .game import GAME
from .rules import CanastaOptions, CanastaState, minimum_for, points

__all__ = [
    "GAME",
    "CanastaBot",
    "CanastaOptions",
    "CanastaState",
    "hand_facts",
    "minimum_for",
    "pile_chances",
    "plan_melds",
    "points",
    "table_odds",
]
