"""Shared test set-up.

Pytest puts this directory on ``sys.path`` when it loads this file (the tests are not a
package), so test modules in sub-folders can ``import oracles``.

Hypothesis runs with a fixed profile: no deadline (whole games are played per example)
and derandomised on CI so a run there is reproducible.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "cardlab",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("ci", parent=settings.get_profile("cardlab"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "cardlab")
