"""Industry's table in real JupyterLab + Chromium: a payment built in the tray, a card
that may be spent or built chosen by its button, and the city the building joins.

One notebook holds one table (North is you, South the heuristic bot, a fixed deal);
the test clicks through a whole payment and saves screenshots in ``artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ARTIFACTS
from jlab import click_and_wait, tables_page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = (
    "import cardlab\nfrom cardlab.widgets import Table\n"
    "g = cardlab.load('industry')\n"
    "m = cardlab.Match(g, deal=g.deal(hands=['KC QH 3D', '4C 5C 6C']), seed=1,"
    " agents=[None, 'heuristic'])"
)


@pytest.fixture(scope="module")
def industry_page(lab: Any, browser: Any) -> Iterator[Any]:
    cells = [SETUP, "Table(m, seat=0, pace=0)"]
    with tables_page(lab, browser, "industry", cells, 1) as pg:
        yield pg


def _shot(t: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"industry_{name}.png"))


def test_a_payment_is_spent_then_built_in_the_tray(industry_page: Any) -> None:
    t = industry_page.locator('.cl-root[data-game="industry"]')
    t.scroll_into_view_if_needed()
    hand = t.locator('.cl-seat[data-seat="0"] .cl-zone[data-zone="hand"]')
    tray = t.locator(".cl-zone.cl-tray")
    expect(tray).to_have_count(0)
    # the K♣ may only be spent yet: one click puts it in the tray as $10
    click_and_wait(t, hand.locator('.cl-card[data-code="KC"]'))
    expect(tray.locator('.cl-card[data-code="KC"]')).to_be_visible()
    expect(tray).to_contain_text("$10")
    expect(tray.locator(".cl-tray-done")).to_be_disabled()
    expect(tray).to_contain_text("not ready: choose a building to pay for")
    _shot(t, "spent")
    # the 3♦ may now be spent or built: its click offers both, and the build is chosen
    hand.locator('.cl-card[data-code="3D"]').click()
    build = t.locator('[data-act="build 3D"]')
    expect(build).to_be_visible()
    expect(t.locator('[data-act="spend 3D"]')).to_be_visible()
    _shot(t, "spend_or_build")
    click_and_wait(t, build)
    expect(tray.locator('.cl-card[data-code="3D"]')).to_be_visible()
    expect(tray).to_contain_text("factory $10")
    expect(tray.locator(".cl-tray-done")).to_be_enabled()
    _shot(t, "ready")
    # Done makes the payment: the 3♦ joins North's city, the K♣ leaves the hand for the
    # spent pile (where South's spending may cover it at once)
    click_and_wait(t, tray.locator(".cl-tray-done"))
    expect(tray).to_have_count(0)
    expect(t.locator(".cl-log")).to_contain_text("North spends K♣ ($10) and builds 3♦")
    city = t.locator('.cl-zone[data-zone="city"][data-owner="0"]')
    expect(city.locator('.cl-card[data-code="3D"]')).to_be_visible()
    expect(hand.locator('.cl-card[data-code="KC"]')).to_have_count(0)
    expect(t.locator('.cl-zone[data-zone="discard"] .cl-card').first).to_be_visible()
    _shot(t, "built")
