"""The implementer's guide as an outside implementer reads it (issue 33, §3 points 1, 2, 8).

1. Its lists of error codes come from the code (the guide said `wrong-seat` where the
   code is `not-your-turn`): the guide is what :mod:`zwicker_ref.site.guide_lists` would
   write, and every code it names is one the package has.
2. Its links work both in the repository and on the built site: a page that exists only
   on the site is linked through what the repository has, with the site's target in the
   link's title (rewritten by the MkDocs hook).
8. Where it describes `apply`, it says that `apply` deals the next stage itself.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from zwicker_ref.conformance.scenarios import load_scenario
from zwicker_ref.engine.play import play
from zwicker_ref.errors import POSITION_CODES, ErrorCode, InvalidFileError
from zwicker_ref.formats.position_io import position_from_data
from zwicker_ref.site.guide_lists import filled, guide_lists, marked
from zwicker_ref.site.mkdocs_hooks import site_links

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GUIDE = DOCS / "implementers.md"
HAND_WRITTEN = [
    GUIDE,
    DOCS / "contributing.md",
    DOCS / "versioning.md",
    *DOCS.glob("reference/*.md"),
]
_LINK = re.compile(r'\]\((?P<target>[^()\s]+)(?: "(?P<title>[^"]*)")?\)')


def _guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


# 1. Code lists generated from the code -------------------------------------------------


def test_the_guide_is_what_the_code_would_write() -> None:
    text = _guide()
    assert filled(text) == text, "run: python -m zwicker_ref.site.guide_lists"
    assert {"seat-code", "illegal-move-codes", "position-codes"} <= set(marked(text))


def test_a_drifted_list_is_rewritten() -> None:
    drifted = _guide().replace(
        "<!-- list: seat-code -->`not-your-turn`<!-- end -->",
        "<!-- list: seat-code -->`wrong-seat`<!-- end -->",
    )
    assert "`wrong-seat`" in drifted
    assert "`wrong-seat`" not in filled(drifted)
    with pytest.raises(ValueError, match="unknown list 'nonsense'"):
        filled("<!-- list: nonsense --><!-- end -->")


def test_every_code_the_guide_names_exists() -> None:
    """Every `code` in backticks shaped like an error code and every "error" value."""
    text = _guide()
    codes = {code.value for code in ErrorCode}
    named = set(re.findall(r'"error": "([a-z-]+)"', text))
    named |= {
        word
        for word in re.findall(r"`([a-z]+(?:-[a-z]+)+)`", text)
        if word.endswith(("-seat", "-turn", "-position", "-violation", "-request", "-fault"))
    }
    assert named
    assert named <= codes, sorted(named - codes)
    assert guide_lists()["seat-code"] == "`not-your-turn`"


@pytest.mark.parametrize(
    "broken",
    [
        {"variant": "zwick"},
        {
            "format": 1,
            "variant": "nope",
            "players": 2,
            "dealer": 0,
            "to_move": 0,
            "stage": 1,
            "hands": [[], []],
            "table": [],
        },
        {
            "format": 1,
            "variant": "zwick",
            "options": ["nope"],
            "players": 2,
            "dealer": 0,
            "to_move": 0,
            "stage": 1,
            "hands": [[], []],
            "table": [],
        },
        {
            "format": 1,
            "variant": "zwick",
            "players": 11,
            "dealer": 0,
            "to_move": 0,
            "stage": 1,
            "hands": [[]] * 11,
            "table": [],
        },
        {
            "format": 1,
            "variant": "zwick",
            "players": 2,
            "dealer": 0,
            "to_move": 5,
            "stage": 1,
            "hands": [["AH"], ["AH"]],
            "table": [],
        },
    ],
)
def test_reading_a_broken_position_gives_only_the_listed_codes(broken: dict[str, object]) -> None:
    with pytest.raises(InvalidFileError) as raised:
        position_from_data(broken)
    assert {problem.code for problem in raised.value.problems} <= set(POSITION_CODES)


# 2. Links that work in the repository and on the site ----------------------------------


@pytest.mark.parametrize("page", HAND_WRITTEN, ids=lambda path: str(path.relative_to(DOCS)))
def test_every_link_of_a_hand_written_page_works_in_the_repository(page: Path) -> None:
    dead = []
    for found in _LINK.finditer(page.read_text(encoding="utf-8")):
        target = found.group("target").split("#")[0]
        if not target or re.match(r"[a-z]+:", target):
            continue
        if not (page.parent / target).exists():
            dead.append(found.group("target"))
    assert dead == []


def test_a_two_place_link_points_at_the_site_page_on_the_site() -> None:
    text = _guide()
    assert '(../spec/variants/zwick.yaml "site:variants/zwick.md")' in text
    assert '"site:corpus.json")' in text
    built = site_links(text)
    assert "](variants/zwick.md)" in built
    assert "](corpus.json)" in built
    assert '"site:' not in built


# 8. apply deals the next stage ------------------------------------------------------------


def test_the_guide_says_apply_deals_the_next_stage_where_apply_is_described() -> None:
    text = _guide()
    row = next(line for line in text.splitlines() if line.startswith("| `apply` |"))
    assert "next stage already dealt" in row
    protocol = text.split("## The protocol")[1].split("\n## ")[0]
    assert "**`apply` deals the next stage itself.**" in protocol
    assert "never" in protocol.split("**`apply` deals the next stage itself.**")[1][:600]


def test_apply_does_deal_the_next_stage() -> None:
    """What the guide says holds: the stage's last move comes back with the next stage dealt."""
    scenario = load_scenario(ROOT / "scenarios" / "christiansen" / "turn" / "stage-lead.yaml")
    position = scenario.position
    assert position is not None
    after = play(position, scenario.body.steps[0].move)  # type: ignore[union-attr]
    assert after.stage == position.stage + 1
    assert all(len(hand) == 6 for hand in after.hands)
    assert not after.stock


def test_no_list_mark_starts_a_line() -> None:
    """A line that starts with an HTML comment ends a Markdown list: the marks stay inside."""
    starting = [line for line in _guide().splitlines() if line.lstrip().startswith("<!-- list")]
    assert starting == []
