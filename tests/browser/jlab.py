"""Small helpers for driving JupyterLab 4 from Playwright."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import expect

IDLE = re.compile(r"\|\s*Idle")


def open_notebook(page: Any, url: str, timeout: float = 60_000) -> None:
    """Open a notebook and wait until its kernel is idle (accepting a kernel dialog if shown)."""
    page.goto(url)
    expect(page.locator(".jp-NotebookPanel")).to_be_visible(timeout=timeout)
    idle = page.locator("#jp-main-statusbar").get_by_text(IDLE)
    accept = page.locator(".jp-Dialog .jp-mod-accept")
    expect(idle.or_(accept).first).to_be_visible(timeout=timeout)
    if accept.is_visible():
        accept.click()
    expect(idle).to_be_visible(timeout=timeout)


def menu(page: Any, top: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{re.escape(top)}$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(item)}$")).click()


def run_all(page: Any) -> None:
    menu(page, "Run", "Run All Cells")


def notebook(cells: list[str]) -> dict[str, Any]:
    """A notebook of code ``cells`` (unrun), on the default Python 3 kernel."""
    return {
        "cells": [
            {
                "cell_type": "code",
                "metadata": {},
                "source": s,
                "outputs": [],
                "execution_count": None,
            }
            for s in cells
        ],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def notebook_page(
    lab: Any, browser: Any, name: str, nb: dict[str, Any], width: int, height: int
) -> tuple[Any, Any]:
    """Write ``nb`` as ``name`` in the lab's folder and open it in a new browser context of
    ``width`` x ``height``, its kernel idle.  Returns the context (close it when done) and
    the page, whose JavaScript errors collect in ``page.page_errors``."""
    (lab.root / name).write_text(json.dumps(nb))
    ctx = browser.new_context(viewport={"width": width, "height": height})
    ctx.set_default_timeout(30_000)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.page_errors = errors
    open_notebook(pg, lab.url(f"lab/tree/{name}", reset=""))
    return ctx, pg


#: The notebook every :func:`tables_page` shows its cells in, one page per browser.
TABLES_NOTEBOOK = "game-tables.ipynb"
_shared: dict[int, tuple[Any, Any]] = {}  # id(browser) -> (lab, page)


@contextmanager
def tables_page(
    lab: Any,
    browser: Any,
    game: str,
    cells: list[str],
    count: int,
    width: int = 1400,
    height: int = 1000,
) -> Iterator[Any]:
    """A notebook of ``cells`` drawing ``count`` tables of ``game``, run in a page of
    ``width`` x ``height``; on leaving, no JavaScript error may have been raised.

    Every call shows its cells in the same page and kernel: JupyterLab is loaded and its
    kernel started once per browser, not once per game.  The notebook is reloaded from
    disk with the new cells, so nothing of the game before stays in the page.
    """
    (lab.root / TABLES_NOTEBOOK).write_text(json.dumps(notebook(cells)))
    held = _shared.get(id(browser))
    if held is None or held[0] is not lab or held[1].is_closed():
        _, pg = notebook_page(lab, browser, TABLES_NOTEBOOK, notebook(cells), width, height)
        _shared[id(browser)] = (lab, pg)
    else:
        pg = held[1]
        expect(pg.locator("#jp-main-statusbar").get_by_text(IDLE)).to_be_visible(timeout=60_000)
        pg.set_viewport_size({"width": width, "height": height})
        # the cells were run, so the notebook is changed: JupyterLab asks before reloading
        menu(pg, "File", "Reload Notebook from Disk")
        pg.locator(".jp-Dialog .jp-mod-accept").click()
        # reloaded: the tables of the game before are gone, the cells are this game's
        expect(pg.locator(".cl-root")).to_have_count(0)
        expect(pg.locator(".jp-Notebook .jp-Cell")).to_have_count(len(cells))
        pg.page_errors.clear()
    run_all(pg)
    expect(pg.locator(f'.cl-root[data-game="{game}"]')).to_have_count(count, timeout=60_000)
    # the notebook just reloaded lays its outputs out lazily: wait for the first table drawn
    first = pg.locator(f'.cl-root[data-game="{game}"]').first
    first.scroll_into_view_if_needed()
    expect(first.locator(".cl-felt")).to_be_visible(timeout=30_000)
    yield pg
    assert not pg.page_errors, pg.page_errors


def click_and_wait(t: Any, target: Any, **click: Any) -> None:
    """Click ``target`` (with Playwright's ``click`` options) and wait for table ``t`` to
    take a step."""
    before = str(t.get_attribute("data-step"))
    target.click(**click)
    expect(t).not_to_have_attribute("data-step", before)
