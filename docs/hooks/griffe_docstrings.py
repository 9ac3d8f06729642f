"""Griffe extension for the API reference: read cardlab's short docstring fields.

Many cardlab docstrings list parameters on one line, ``seed : seeds every deal``, with
prose where numpy style puts a type.  Rendered as numpy, that prose would land in the type
column.  Before parsing, this extension moves such prose onto its own indented line (the
numpy place for a description) and turns Sphinx roles (``:class:`~x.Y` ``) into plain code
spans.  Proper numpy fields (``mask : int`` then an indented description) are left alone.

Enabled in mkdocs.yml under the python handler's ``extensions``.
"""

from __future__ import annotations

import re
from typing import Any

from griffe import Extension

FIELD_SECTIONS = {"Parameters", "Other Parameters", "Attributes", "Keyword Arguments"}
ROLE = re.compile(r":(?:class|func|meth|attr|mod|data|exc|obj|py:\w+):`(~?)([^`]+)`")
FIELD = re.compile(r"^(?P<indent>\s*)(?P<names>[*\w][\w, *]*?) : (?P<text>.+)$")
TYPE_LIKE = re.compile(r"[\w.\[\]|,~`\"'()]+")


def _role(m: re.Match[str]) -> str:
    target = m.group(2)
    return f"`{target.rsplit('.', 1)[-1] if m.group(1) else target}`"


def _is_type(text: str) -> bool:
    compact = text.replace(", ", ",").replace(" | ", "|").replace(" or ", "|").strip()
    return bool(TYPE_LIKE.fullmatch(compact))


def rewrite(doc: str) -> str:
    doc = ROLE.sub(_role, doc)
    lines = doc.splitlines()
    out: list[str] = []
    section = None
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if line.strip() and set(nxt.strip()) == {"-"}:
            section = line.strip()
        elif section in FIELD_SECTIONS and (m := FIELD.match(line)) and not _is_type(m["text"]):
            out.append(f"{m['indent']}{m['names']}")
            out.append(f"{m['indent']}    {m['text']}")
            continue
        out.append(line)
    return "\n".join(out)


class ProseFields(Extension):
    def on_instance(self, *, obj: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = rewrite(obj.docstring.value)
