"""pandas, numpy, altair and pyarrow are optional: imported when a function asks for them.

Playing needs none of them, so ``import cardlab`` stays quick and works where they are not
installed (a browser running Pyodide, a small environment).  A function that returns a
DataFrame or draws a chart imports them inside itself::

    from ..core.optional import pandas as pd

which imports pandas at that moment, or raises :class:`MissingDependency` naming the
function that asked and how to install what is missing.  Type checkers see the real
modules.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING

from .errors import CardlabError

if TYPE_CHECKING:
    import altair as altair
    import numpy as numpy
    import pandas as pandas
    import pyarrow as pyarrow

#: The optional modules, each with the extra of the package that installs it.
EXTRAS = {"pandas": "data", "numpy": "data", "altair": "charts", "pyarrow": "lab"}
#: What each module gives, for the message when it is missing.
USES = {
    "pandas": "DataFrames",
    "numpy": "DataFrames",
    "altair": "charts",
    "pyarrow": "Parquet files",
}


class MissingDependency(CardlabError, ModuleNotFoundError):
    """An optional module (pandas, numpy, altair) is needed and not installed.

    Attributes
    ----------
    module : the module that is missing
    what : the function or feature that asked for it
    """

    def __init__(self, module: str, what: str) -> None:
        self.module = module
        self.what = what
        extra = EXTRAS.get(module, "notebook")
        super().__init__(
            f"{what} needs {module} ({USES.get(module, 'this feature')}), which is not "
            f"installed: install it with `pip install {module}` (or `pip install "
            f"'cardlab[{extra}]'`); in JupyterLite, run `%pip install {module}` in a cell. "
            "Playing needs no extra packages.",
            name=module,
        )


def require(module: str, what: str) -> ModuleType:
    """Import an optional ``module``, or raise :class:`MissingDependency` naming ``what``."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        missing = (e.name or module).split(".")[0]
        if missing not in EXTRAS:
            raise  # something else the module needs is broken: show that as it is
        raise MissingDependency(missing, what) from None


def _caller(depth: int) -> str:
    """The public function that asked, ``depth`` frames up or above (``Match.events_frame``).

    Private helpers of cardlab are passed over, so the name is one the reader called.
    """
    try:
        frame = sys._getframe(depth + 1)
    except ValueError:
        return "this"
    while frame.f_back is not None:
        module = str(frame.f_globals.get("__name__", ""))
        last = frame.f_code.co_qualname.rsplit(".", 1)[-1]
        private = last.startswith("_") and not last.startswith("__")
        if not (module.startswith("cardlab") and (private or last == "<lambda>")):
            break
        frame = frame.f_back
    module = str(frame.f_globals.get("__name__", ""))
    name = frame.f_code.co_qualname
    if name == "<module>":
        return module or "this"
    return f"{module}.{name}()" if module else f"{name}()"


def __getattr__(name: str) -> ModuleType:
    # ``from cardlab.core.optional import pandas`` lands here (PEP 562).
    if name in EXTRAS:
        return require(name, _caller(1))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
