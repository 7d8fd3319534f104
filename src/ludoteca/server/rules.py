"""The rules page of a game: its summary and its rulings, as HTML.

A game ships its rules summary as ``summary.md`` in its package: plain text laid out for a
terminal (80 columns, indented lists), which :func:`summary_html` turns into paragraphs and
lists. Its rulings (``rulings.md`` in the package, the page ``docs/rulings/<game>.md`` of the
project) are Markdown with tables; :func:`rulings_html` renders them, each ruling with an
anchor (``#R20``) that the lobby's options link to.
"""

from __future__ import annotations

import html
import re
from typing import Any

from ludoteca.core.registry import game_resource
from ludoteca.core.state import Game

_TERM = re.compile(r"^(\S.*?)\s{2,}(\S.*)$")
_RULING_CELL = re.compile(r"<td>(R\d+)</td>")
_RULING_HEAD = re.compile(r"<h([23])>(R\d+)\b")


def package_text(game: Game, name: str) -> str | None:
    """A text file of the game's package (None if it ships none)."""
    resource = game_resource(game, name)
    if resource is None:
        return None
    try:
        return resource.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError, OSError):
        return None


def _inline(text: str) -> str:
    """Escaped text with `code` spans."""
    parts = html.escape(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))


def summary_html(text: str) -> str:
    """A terminal-laid summary as HTML: blocks apart by blank lines are paragraphs; a
    block of ``  - `` lines is a list whose deeper-indented ``term   what it does`` lines
    make a list of terms inside the item. The first line, alone, is left out (the page
    has its own title)."""
    blocks = [b for b in re.split(r"\n\s*\n", text.strip("\n")) if b.strip()]
    if blocks and "\n" not in blocks[0].strip():
        blocks = blocks[1:]
    out: list[str] = []
    for block in blocks:
        lines = block.split("\n")
        if not any(line.lstrip().startswith("- ") for line in lines):
            out.append(f"<p>{_inline(' '.join(line.strip() for line in lines))}</p>")
            continue
        lead: list[str] = []
        items: list[dict[str, Any]] = []
        for line in lines:
            stripped = line.strip()
            indent = len(line) - len(line.lstrip())
            if stripped.startswith("- "):
                items.append({"text": stripped[2:], "terms": []})
            elif not items:
                lead.append(stripped)
            elif indent >= 6 and _TERM.match(stripped):
                term, what = _TERM.match(stripped).groups()  # type: ignore[union-attr]
                items[-1]["terms"].append([term, what])
            elif items[-1]["terms"]:
                items[-1]["terms"][-1][1] += " " + stripped
            else:
                items[-1]["text"] += " " + stripped
        if lead:
            out.append(f"<p>{_inline(' '.join(lead))}</p>")
        rows = []
        for item in items:
            terms = "".join(f"<li><b>{_inline(t)}</b> {_inline(w)}</li>"
                            for t, w in item["terms"])
            rows.append(f"<li>{_inline(item['text'])}"
                        f"{f'<ul class=terms>{terms}</ul>' if terms else ''}</li>")
        out.append(f"<ul>{''.join(rows)}</ul>")
    return "\n".join(out)


def rulings_html(text: str) -> str:
    """Rulings in Markdown (tables included) as HTML, raw HTML in them escaped, each
    ruling anchored by its number (``id="R20"``)."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    body = md.render(text)
    body = re.sub(r"<h1>.*?</h1>\n?", "", body, count=1)  # the page has its own title
    body = _RULING_CELL.sub(r'<td id="\1">\1</td>', body)
    return _RULING_HEAD.sub(r'<h\1 id="\2">\2', body)


def rules_page(game: Game) -> dict[str, Any]:
    """What the rules page shows: ``title``, ``summary`` and ``rulings`` (HTML, "" when
    the game ships none)."""
    summary = package_text(game, "summary.md")
    rulings = package_text(game, "rulings.md")
    return {"title": game.info.title,
            "summary": summary_html(summary) if summary else "",
            "rulings": rulings_html(rulings) if rulings else ""}
