"""Shared test set-up.

Pytest puts this directory on ``sys.path`` when it loads this file (the tests are not a
package), so test modules in sub-folders can ``import oracles``.

Hypothesis runs with a fixed profile: no deadline (whole games are played per example)
and derandomised on CI so a run there is reproducible.

Under pytest-xdist with ``--dist loadgroup`` (``make test``), the browser tests form two
groups, each run by one worker with its own JupyterLab server and Chromium: the table
tests over every game (``browser/test_table.py`` but its compact-layout test) and the rest
of ``browser/``. Both start first (xdist starts the groups with the most tests first); the
workers then share the other tests one by one.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "cardlab",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("ci", parent=settings.get_profile("cardlab"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "cardlab")


#: The compact-layout test of every game runs with the rest of ``browser/``, not with the
#: other table tests: it opens a page of its own, and the two groups take about as long.
COMPACT = "tests/browser/test_table.py::test_compact_layout"


@pytest.hookimpl(optionalhook=True)  # a pytest-xdist hook: unknown without it
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` with the browser tests in two groups, found by their paths.

    Groups are chosen here from the test ids, which the controller has, rather than by
    ``xdist_group`` marks: pytest-xdist 3.8 applies those by renaming test ids, which
    pytest 9.2 no longer allows, and the tests were spread over every worker.
    """
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class BrowserTestsTogether(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith(COMPACT):  # a page of its own: it evens the two groups
                return "browser"
            if nodeid.startswith("tests/browser/test_table.py"):
                return "browser-table"
            if nodeid.startswith("tests/browser/"):
                return "browser"
            return str(super()._split_scope(nodeid))

    return BrowserTestsTogether(config, log)
