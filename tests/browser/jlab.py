"""Small helpers for driving JupyterLab 4 from Playwright."""

from __future__ import annotations

import re
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
