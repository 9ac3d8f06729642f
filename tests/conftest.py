"""Shared test set-up.

Pytest puts this directory on ``sys.path`` when it loads this file (the tests are not a
package), so test modules in sub-folders can ``import oracles``.

Hypothesis runs with a fixed profile: no deadline (whole games are played per example)
and derandomised on CI so a run there is reproducible.

Under pytest-xdist with ``--dist loadgroup`` (``make test``), the tests in ``browser/``
form one group, run by one worker: one JupyterLab server and one Chromium serve them all,
and the other workers share the rest test by test.
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


@pytest.hookimpl(optionalhook=True)  # a pytest-xdist hook: unknown without it
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` with the browser tests as one group, found by their folder.

    Groups are chosen here from the test ids, which the controller has, rather than by
    ``xdist_group`` marks: pytest-xdist 3.8 applies those by renaming test ids, which
    pytest 9.2 no longer allows, and the tests were spread over every worker.
    """
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class BrowserTestsTogether(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith("tests/browser/"):
                return "browser"
            return str(super()._split_scope(nodeid))

    return BrowserTestsTogether(config, log)
