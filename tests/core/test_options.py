"""Game options and player counts: validated when a game is loaded, errors name what is allowed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

import cardlab
from cardlab import Match, OptionError
from cardlab.core.options import Options, option
from cardlab.games import GAMES


@dataclass(frozen=True)
class Sample(Options):
    """A made-up game's options, to test the validation machinery on its own."""

    speed: float = option(1.0, "how fast", min=0.5, max=2)
    style: str = option("plain", "how it looks", choices=("plain", "fancy"))
    limit: int | None = option(None, "an optional cap", min=1)

    def check(self) -> None:
        if self.style == "fancy" and self.speed > 1:
            raise OptionError("a fancy game can't be fast")


def refused(message: str, **options: Any) -> None:
    with pytest.raises(OptionError) as err:
        cardlab.load("hearts", **options)
    assert message in str(err.value)


def test_wrong_player_count_names_the_allowed_count() -> None:
    for players in (3, 5, 0, "4"):
        refused("Hearts is played by 4 players", players=players)
    with pytest.raises(OptionError, match="played by 4 players, not 3"):
        Match("hearts", players=3)
    with pytest.raises(OptionError, match="Gin Rummy is played by 2 players"):
        cardlab.load("gin_rummy", players=4)


def test_a_value_outside_the_choices_lists_them() -> None:
    choices = "choose one of 'add', 'subtract', 'choice'"
    refused(f"option moon='double' is not allowed; {choices}", moon="double")
    refused("option deck='canasta' is not allowed; choose one of 'standard'", deck="canasta")


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"omnibus": "yes"}, "expected bool"),
        ({"omnibus": 1}, "expected bool"),
        ({"target": 50.0}, "expected int"),
        ({"target": True}, "expected int"),
        ({"hands": "one"}, "expected int or None"),
    ],
)
def test_a_value_of_the_wrong_type_names_the_type(options: dict[str, Any], expected: str) -> None:
    refused(expected, **options)


def test_numbers_out_of_range_name_the_range() -> None:
    refused("option target=0 must be between 1 and 1,000", target=0)
    refused("option target=1001 must be between 1 and 1,000", target=1001)
    refused("option hands=0 must be between 1 and 10,000", hands=0)
    refused("option first_dealer=-1 must be at least 0", first_dealer=-1)
    refused("first_dealer=4 must be a seat between 0 and 3", first_dealer=4)


def test_unknown_option_names_lists_the_real_ones() -> None:
    listed = "deck, first_dealer, hands, max_hands, moon, omnibus, target"
    refused(f"unknown option omnibuss; this game's options are: {listed}", omnibuss=True)
    refused("unknown options bar, foo", foo=1, bar=2)


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(OptionError, match=r"unknown game 'chess'; known games: .*hearts"):
        cardlab.load("chess")
    assert cardlab.load("Gin-Rummy").name == "gin_rummy"


def test_options_machinery_checks_ranges_choices_and_cross_field_rules() -> None:
    assert Sample().speed == 1.0 and Sample(speed=2).speed == 2
    with pytest.raises(OptionError, match=r"between 0\.5 and 2"):
        Sample(speed=3)
    with pytest.raises(OptionError, match="choose one of 'plain', 'fancy'"):
        Sample(style="loud")
    with pytest.raises(OptionError, match="expected int or None"):
        Sample(limit=1.5)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="fancy game can't be fast"):
        Sample(style="fancy", speed=1.5)
    rows = {r["option"]: r for r in Sample.describe()}
    assert rows["style"]["allowed"] == ("plain", "fancy") and rows["speed"]["help"] == "how fast"
    assert Sample.build({"limit": 3}).changed() == {"limit": 3}


def test_games_compare_by_rules_options_and_players() -> None:
    g = cardlab.load("hearts", omnibus=True)
    same = cardlab.load("Hearts", omnibus=True)
    assert g == same and hash(g) == hash(same)
    assert g != cardlab.load("hearts")
    assert g.options.changed() == {"omnibus": True}
    assert g.with_options(moon="choice").options.changed() == {"omnibus": True, "moon": "choice"}
    assert cardlab.load(g) is g and cardlab.load(g, target=50).options.target == 50
    assert repr(g) == "Game('hearts', players=4, omnibus=True)"


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_every_game_loads_with_defaults_and_describes_its_options(spec: Any) -> None:
    game = spec.game()
    assert game.players == spec.default_players in spec.players
    described = {r["option"] for r in spec.options_class.describe()}
    assert {"hands", "deck"} <= described
    assert ("first_dealer" in described) == spec.dealer, "a game with a dealer picks the first"
    assert set(game.options.to_dict()) == described
    with pytest.raises(OptionError, match="unknown option"):
        spec.game(no_such_option=1)
