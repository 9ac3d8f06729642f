"""Family mechanics, written once and composed by games.

* :mod:`~cardlab.rules.deals` — deals described once (chance step, explicit deals, checks);
* :mod:`~cardlab.rules.tricks` — trick-taking: following, winners, tricks won, hole cards;
* :mod:`~cardlab.rules.passing` — secret choices made at once, and passing to a neighbour;
* :mod:`~cardlab.rules.rummy` — knock rummy: draw, discard, knock, lay off, score;
* :mod:`~cardlab.rules.melds` — exact meld arithmetic on card bitmasks;
* :mod:`~cardlab.rules.tableau` — solitaire tableaus: stacks, runs, builds, foundations;
* :mod:`~cardlab.rules.chips` — chips and pots: balances, antes, bets, payouts, splits;
* :mod:`~cardlab.rules.poker` — poker hands (3, 5 or 7 cards, wild ranks): values, names,
  comparisons and exact counts;
* :mod:`~cardlab.rules.choices` — secret choices made at once, each seat from its own
  menu, aimed at other seats; per-seat extra actions;
* :mod:`~cardlab.rules.staged` — a move too big to list, built pick by pick, then made
  with 'done' or dropped with 'cancel';
* :mod:`~cardlab.rules.polls` — yes/no questions put to several seats in turn;
* :mod:`~cardlab.rules.worlds` — sampled worlds for the search bot: placing hidden cards,
  the generic replay and its hooks, deductions; the families' samplers in
  :mod:`~cardlab.rules.trick_worlds` and :mod:`~cardlab.rules.rummy_worlds`.
"""
