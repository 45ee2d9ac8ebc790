"""The rules site: rendered cards, generated pages, and a build that fails on a failing example."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from tests.browser_search import find_driver, search_results
from tests.conftest import MKDOCS, ROOT
from tests.site_checks import (
    broken_links,
    browser_dump,
    dashes_without_reason,
    differing_rows_with_identical_cells,
    duplicate_ids,
    find_browser,
    grid_rows,
    outside_requests,
    oversized,
    shared_titles,
    unlinked_clause_ids,
)
from zwicker_ref.conformance.scenarios import Kind
from zwicker_ref.documents.corpus import corpus_identity
from zwicker_ref.errors import ErrorCode
from zwicker_ref.rules.comparison import check_totals_text
from zwicker_ref.rules.parameter_text import DESCRIPTIONS, describe_parameter
from zwicker_ref.rules.spec_loader import load_variant, parameter_names
from zwicker_ref.site import SiteError, card_html, check_corpus, link_clause_ids, move_html
from zwicker_ref.site.examples import RENDERERS
from zwicker_ref.site.grid import (
    grid_page,
    home_table,
    is_same_everywhere,
    row_cell,
    row_parameters,
)
from zwicker_ref.site.grid_rows import Question, grid_questions
from zwicker_ref.site.links import (
    VARIANT_ORDER,
    all_clause_ids,
    display_name,
    link_clause_refs,
    ordered_variants,
    url_of,
)


def test_cards_are_drawn_with_suit_symbols_and_colours() -> None:
    assert card_html("10D") == '<span class="zc zc-red" title="10D">10♦</span>'
    assert card_html("QS") == '<span class="zc zc-black" title="QS">Q♠</span>'
    assert card_html("JK25") == '<span class="zc zc-joker" title="JK25">★25</span>'
    assert "<sup>2</sup>" in card_html("AH#2")


def test_moves_keep_their_notation_with_cards_drawn() -> None:
    drawn = move_html("10S>JK30=20@3")
    assert "10♠" in drawn
    assert "★30" in drawn
    assert "=20@3" in drawn


def test_every_scenario_kind_has_one_renderer() -> None:
    assert set(RENDERERS) == set(Kind)


def test_check_totals_state_the_tie_cases() -> None:
    assert check_totals_text(load_variant("grossenwiehe").rules) == (
        "83 (80 on a most-cards tie), plus zwicks"
    )
    zwick = check_totals_text(load_variant("zwick").rules)
    # Three players: 5 points for most cards and 2 for second; a tie for first leaves both
    # places to nobody (the third side has two sides above it), a tie for second only 2.
    assert "39 (37 on a tie for second place, 34 on a tie for first place) with 3 players" in zwick
    assert "41 (40 on a most-cards tie) with 5-12 players, plus 3 per zwick" in (
        check_totals_text(load_variant("classic").rules)
    )


def test_home_table_and_grid_state_the_same_check_totals() -> None:
    variants = ordered_variants()
    home, grid = home_table(variants), grid_page(variants)
    for variant in variants:
        text = check_totals_text(variant.rules)
        assert text in home
        assert text in grid
    assert home.index("dithmarschen") < home.index("grossenwiehe") < home.index("christiansen")


def test_the_navigation_lists_the_variants_in_the_canonical_order() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = re.findall(r"variants/([a-z]+)\.md", config)
    assert tuple(listed) == VARIANT_ORDER
    # The navigation names each variant by its display name, as the grid and titles do.
    named = re.findall(r"- ([^:\n]+): variants/([a-z]+)\.md", config)
    assert named == [(display_name(variant_id), variant_id) for variant_id in VARIANT_ORDER]
    # The German navigation translates them as the German grid and titles name them.
    german = yaml.safe_load(config)
    i18n = next(p["i18n"] for p in german["plugins"] if isinstance(p, dict) and "i18n" in p)
    translations = next(lang for lang in i18n["languages"] if lang["locale"] == "de")
    for variant_id in VARIANT_ORDER:
        english = display_name(variant_id)
        assert translations["nav_translations"][english] == display_name(variant_id, "de")


def test_rows_differ_unless_every_variant_states_the_same_rule() -> None:
    variants = ordered_variants()
    count = next(q for q in grid_questions(variants) if q.anchor == "players.count")
    params = row_parameters(count, variants)
    cells = [row_cell(count, variant, params) for variant in variants]
    assert not is_same_everywhere(cells)
    assert cells[0].rule == "4 players"
    assert not is_same_everywhere([cells[0], row_cell(count, variants[0], ())])
    assert is_same_everywhere([cells[0], cells[0]])
    # The check-total clauses share their title in every variant; their rules differ.
    total = next(q for q in grid_questions(variants) if q.anchor == "score.check-total")
    totals = [row_cell(total, v, row_parameters(total, variants)) for v in variants]
    assert {c.clauses[0].title for c in totals} == {"The check total"}
    assert not is_same_everywhere(totals)
    assert "83 (80 on a most-cards tie)" in totals[1].rule


def test_every_clause_id_is_in_one_grid_row() -> None:
    variants = ordered_variants()
    listed = [clause_id for q in grid_questions(variants) for clause_id in q.clause_ids]
    assert sorted(listed) == sorted(all_clause_ids(variants))
    # Mirrored clauses share the row of the question they answer.
    rows = {clause_id: q.anchor for q in grid_questions(variants) for clause_id in q.clause_ids}
    assert rows["seating.draw"] == rows["seating.dealer"]
    assert rows["build.addition-only"] == rows["build.up-down"]


def test_a_variant_without_a_clause_says_why() -> None:
    variants = ordered_variants()
    classic = load_variant("classic")
    questions = {q.anchor: q for q in grid_questions(variants)}
    jokers = questions["capture.table-jokers"]
    cell = row_cell(jokers, classic, row_parameters(jokers, variants))
    assert not cell.clauses
    assert cell.reason == "does not arise: the variant has no jokers"
    sevens = questions["values.special-cards"]
    cell = row_cell(sevens, classic, row_parameters(sevens, variants))
    assert "silent" in cell.reason
    assert cell.rule == "no card has special values"


def test_every_rule_parameter_is_stated_in_words() -> None:
    assert set(DESCRIPTIONS) == set(parameter_names())
    grossenwiehe = load_variant("grossenwiehe").rules
    assert describe_parameter("values.aces-and-courts", grossenwiehe).startswith("ace 1 or 11")
    assert describe_parameter("score.zwick", load_variant("classic").rules) == "3 points a zwick"
    assert describe_parameter("players.counts", grossenwiehe) == "2, 3, 4 or 6 players"


def test_clause_references_become_links() -> None:
    text = "as dealt (see deal.schedule); deal.unknown stays text; file.md is not a clause"
    linked = link_clause_refs(text, {"deal.schedule": "deal.md#deal.schedule"})
    assert "[deal.schedule](deal.md#deal.schedule)" in linked
    assert "deal.unknown stays" in linked
    assert link_clause_ids("| `deal.schedule` | `x.y` |", {"deal.schedule"}) == (
        "| [`deal.schedule`](grid.md#row-deal.schedule) | `x.y` |"
    )


def test_page_urls() -> None:
    assert url_of("variants/zwick/capture.md") == "variants/zwick/capture/"
    assert url_of("games/index.md") == "games/"
    assert url_of("index.md") == ""


def broken_corpus(tmp_path: Path) -> Path:
    """A corpus root (spec/ and scenarios/) with one failing scenario; its scenarios/."""
    shutil.copytree(ROOT / "spec", tmp_path / "spec")
    corpus = tmp_path / "scenarios"
    shutil.copytree(ROOT / "scenarios", corpus)
    path = corpus / "dithmarschen" / "build" / "ace-on-nine.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["steps"][2]["after"]["to_move"] = 2
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return corpus


def test_a_failing_example_stops_the_site(tmp_path: Path) -> None:
    with pytest.raises(SiteError) as caught:
        check_corpus(broken_corpus(tmp_path))
    assert caught.value.code is ErrorCode.SCENARIO_FAILED
    assert "dith-build-ace-on-nine" in caught.value.message


def test_the_docs_build_fails_and_names_the_scenario(tmp_path: Path) -> None:
    environment = {
        **os.environ,
        # The one way to name another corpus, as for every command.
        "ZWICKER_CORPUS": str(broken_corpus(tmp_path).parent),
        "NO_MKDOCS_2_WARNING": "1",
        "DISABLE_MKDOCS_2_WARNING": "true",
    }
    result = subprocess.run(
        [str(MKDOCS), "build", "--strict", "--quiet", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "dith-build-ace-on-nine" in result.stdout + result.stderr


def test_a_second_build_in_one_process_reuses_the_pages_until_an_input_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The i18n plugin builds once per language in one process; the pages are made once.
    import zwicker_ref.site as site

    made: list[tuple[object, ...]] = []
    digest = ["a" * 64]

    def make(write: Callable[[str, str], None], *inputs: object) -> object:
        made.append(inputs)
        write("page.md", f"page {len(made)}")
        return f"version {len(made)}"

    monkeypatch.setattr(site, "_generate", make)
    monkeypatch.setattr(site, "content_digest", lambda root: (digest[0], 1))
    site._made.cache_clear()

    def build(home: str = "home") -> tuple[object, list[tuple[str, str]]]:
        pages: list[tuple[str, str]] = []
        version = site.generate(lambda path, text: pages.append((path, text)), home_template=home)
        return version, pages

    assert build() == ("version 1", [("page.md", "page 1")])
    assert build() == ("version 1", [("page.md", "page 1")])
    assert len(made) == 1
    assert build("another home") == ("version 2", [("page.md", "page 2")])
    digest[0] = "b" * 64  # a corpus file changed (mkdocs serve rebuilding)
    assert build("another home") == ("version 3", [("page.md", "page 3")])
    # Scenarios from elsewhere are not in the digest: always made afresh.
    site.generate(lambda path, text: None, corpus=Path("elsewhere"))
    site.generate(lambda path, text: None, corpus=Path("elsewhere"))
    assert len(made) == 5
    site._made.cache_clear()  # no made-up pages left for a later build in this process


@pytest.fixture(scope="module")
def corpus_ids() -> list[str]:
    """The ids of every scenario of the shipped corpus (each run once, by check_corpus)."""
    return [scenario.id for scenario in check_corpus()]


def test_the_tests_sharing_the_site_are_kept_on_one_worker(
    request: pytest.FixtureRequest, corpus_ids: list[str]
) -> None:
    """Under ``pytest -n N --dist loadgroup`` each worker running a test of the site
    builds it: they must all be on one (tests/conftest.py marks them, xdist groups them)."""
    marker = request.node.get_closest_marker("xdist_group")
    assert marker is not None
    assert marker.args == ("site",)
    if getattr(request.config.option, "loadgroup", False):  # in an xdist worker
        assert request.node.nodeid.endswith("@site")


def test_no_page_over_budget_and_no_duplicate_id(built_site: Path) -> None:
    assert oversized(built_site) == []
    assert duplicate_ids(built_site) == []


def test_every_internal_link_resolves_to_one_anchor(built_site: Path) -> None:
    assert broken_links(built_site) == []


def test_every_clause_id_in_prose_is_a_link(built_site: Path) -> None:
    # Rule text, example descriptions and walkthroughs: a clause id is never plain text.
    clause_ids = set(all_clause_ids(ordered_variants()))
    assert unlinked_clause_ids(built_site, clause_ids) == []
    turn = (built_site / "variants" / "classic" / "turn" / "index.html").read_text("utf-8")
    assert '(<a href="#turn.order">turn.order</a>' in turn


def test_a_plain_clause_id_in_prose_is_found(tmp_path: Path) -> None:
    page = tmp_path / "index.html"
    page.write_text(
        "<h2>turn.order</h2><p>Seats play in turn (turn.order); <a href='#x'>deal.final</a>, "
        "<code>capture.sum</code>, turn.unknown.</p>",
        encoding="utf-8",
    )
    found = unlinked_clause_ids(tmp_path, {"turn.order", "deal.final", "capture.sum"})
    assert found == ["index.html: turn.order in “Seats play in turn (turn.order);”"]


def test_the_site_is_self_contained(built_site: Path) -> None:
    assert outside_requests(built_site) == []
    assert list(built_site.rglob("*.map")) == []
    assert not [p for p in built_site.rglob("*.js") if b"sourceMappingURL" in p.read_bytes()]
    assert "fonts.googleapis" not in (built_site / "index.html").read_text(encoding="utf-8")
    assert not (built_site / "gen_pages.py").exists()


def test_home_page_footer_and_corpus_json_state_one_version(
    built_site: Path, corpus_ids: list[str]
) -> None:
    identity = corpus_identity()
    data = json.loads((built_site / "corpus.json").read_text(encoding="utf-8"))
    corpus = data["corpus"]
    assert corpus["version"] == identity.version
    assert corpus["digest"] == identity.digest
    assert corpus["scenarios"] == len(data["scenarios"]) == len(corpus_ids)
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert f"Corpus version {identity.version}</strong>, {corpus['scenarios']} scenarios" in home
    assert identity.digest in home
    assert f"built {corpus['built']}" in home
    # The footer of every page.
    laws = (built_site / "laws" / "index.html").read_text(encoding="utf-8")
    assert f"Corpus version {identity.version} · {corpus['scenarios']} scenarios" in laws
    german = (built_site / "de" / "laws" / "index.html").read_text(encoding="utf-8")
    assert f"Korpusversion {identity.version} · {corpus['scenarios']} Szenarien" in german
    assert "Corpus version" not in german


def test_the_grid_shows_every_variant_and_clause_id(built_site: Path) -> None:
    grid = (built_site / "grid" / "index.html").read_text(encoding="utf-8")
    for variant in ordered_variants():
        name = display_name(variant.id)
        assert f'href="../variants/{variant.id}/">{name}</a></th>' in grid
        for clause in variant.clauses:
            assert f'id="row-{clause.id}"' in grid
            assert f'href="../variants/{variant.id}/{clause.id.split(".")[0]}/#{clause.id}"' in grid


def test_each_example_appears_once_on_the_site(built_site: Path, corpus_ids: list[str]) -> None:
    counts: dict[str, int] = {}
    for page in (built_site / "variants").rglob("*.html"):
        for found in re.findall(r'<div class="zc-scenario" id="([^"]+)"', page.read_text("utf-8")):
            counts[found] = counts.get(found, 0) + 1
    assert counts == dict.fromkeys(corpus_ids, 1)


def test_scores_are_tables_never_python_reprs(built_site: Path) -> None:
    page = (built_site / "variants" / "christiansen" / "score" / "index.html").read_text("utf-8")
    page = re.sub(r"<pre>.*?</pre>", "", page, flags=re.DOTALL)  # the scenario files shown
    assert '<table class="zc-score">' in page
    assert "check_holds" not in page
    assert "{'" not in page
    assert "The check holds" in page


def test_every_game_has_a_walkthrough_with_its_narrative(built_site: Path) -> None:
    game_ids = [
        yaml.safe_load(path.read_text("utf-8"))["id"]
        for path in ROOT.glob("scenarios/*/*/*.yaml")
        if "kind: game" in path.read_text("utf-8")
    ]
    assert len(game_ids) >= 6
    for game_id in game_ids:
        assert (built_site / "games" / game_id / "index.html").exists()
    sample = (built_site / "games" / "chr-sample-game" / "index.html").read_text("utf-8")
    assert "what happens" in sample


def test_every_match_that_plays_a_hand_has_a_walkthrough(built_site: Path) -> None:
    matches = [
        yaml.safe_load(path.read_text("utf-8")) for path in ROOT.glob("scenarios/*/match/*.yaml")
    ]
    played = [data for data in matches if any("moves" in hand for hand in data["hands"])]
    assert played
    for data in played:
        page = (built_site / "games" / data["id"] / "index.html").read_text("utf-8")
        assert "First dealer" in page
        for number in range(1, len(data["hands"]) + 1):
            assert f"Hand {number}: seat" in page
        last = data["expect"]["hands"][-1]["totals"]
        for total in last:
            assert f"<td>{total}</td>" in page
    index = (built_site / "games" / "index.html").read_text("utf-8")
    assert all(data["id"] in index for data in played)


def test_a_variant_page_shows_cards_and_a_passing_example_in_a_browser(
    built_site: Path, tmp_path: Path
) -> None:
    browser = find_browser()
    if browser is None:
        pytest.skip(
            "no Chromium found: install Debian's chromium package (apt-get install chromium) "
            "to run the browser test; .ci/run installs it"
        )
    page = built_site / "variants" / "dithmarschen" / "capture" / "index.html"
    dom = browser_dump(browser, page, tmp_path)
    assert 'class="zc zc-red"' in dom  # a red card drawn
    assert "♦" in dom or "♥" in dom
    assert "✔ passes" in dom
    assert 'id="capture.sum"' in dom  # the permanent anchor of a clause
    assert (tmp_path / "page.png").exists()


def test_the_grid_and_an_example_permalink_in_a_browser(built_site: Path, tmp_path: Path) -> None:
    browser = find_browser()
    if browser is None:
        pytest.skip("no Chromium found: install Debian's chromium package to run the browser test")
    grid = browser_dump(browser, built_site / "grid" / "index.html", tmp_path)
    for variant_id in VARIANT_ORDER:
        assert f">{display_name(variant_id)}</a></th>" in grid
    assert 'class="zc-differs"' in grid
    assert 'id="row-capture.sum"' in grid
    # The permalink of an example: its scenario id, exactly once on the page it links to.
    permalink = built_site / "variants" / "dithmarschen" / "build" / "index.html"
    dom = browser_dump(browser, permalink, tmp_path, anchor="dith-build-ace-on-nine")
    assert dom.count('id="dith-build-ace-on-nine"') == 1
    assert 'href="#dith-build-ace-on-nine"' in dom


def test_the_grid_checks_find_a_grid_that_names_rules_instead_of_stating_them() -> None:
    # The grid before issue 32: cells that only name the rule, and bare dashes.
    old = (
        '<tr id="row-score.cards" class="zc-differs"><th>score.cards</th>'
        '<td><a href="#">Card points</a> <span class="zc-status zc-explicit">explicit</span>'
        '<div class="zc-cell-sources">000</div></td>'
        '<td><a href="#">Card points</a> <span class="zc-status zc-inferred">inferred</span>'
        '<div class="zc-cell-sources">002</div></td></tr>'
        '<tr id="row-deal.order" class="zc-differs"><th>deal.order</th>'
        '<td class="zc-absent">—</td><td><a href="#">Players first</a></td></tr>'
    )
    assert differing_rows_with_identical_cells(old) == [
        "row-score.cards: every cell reads “Card points”"
    ]
    assert dashes_without_reason(old) == ["row-deal.order, column 1"]


def test_no_differing_grid_row_reads_the_same_and_every_dash_says_why(built_site: Path) -> None:
    grid = (built_site / "grid" / "index.html").read_text(encoding="utf-8")
    rows = grid_rows(grid)
    assert len(rows) == len(grid_questions(ordered_variants()))
    assert differing_rows_with_identical_cells(grid) == []
    assert dashes_without_reason(grid) == []
    cells = {row: cells for row, _, cells in rows}
    assert cells["row-values.matching"][0].startswith("ace 1 or 11, jack 2 or 12")
    assert cells["row-capture.table-jokers"][3] == "— does not arise: the variant has no jokers"


def test_no_two_pages_share_a_title(built_site: Path) -> None:
    assert shared_titles(built_site) == []
    build = (built_site / "variants" / "grossenwiehe" / "build" / "index.html").read_text("utf-8")
    assert "<title>Großenwiehe: building - Zwicker Rules</title>" in build


def test_parameter_lines_state_the_values(built_site: Path) -> None:
    deal = (built_site / "variants" / "grossenwiehe" / "deal" / "index.html").read_text("utf-8")
    assert (
        "Parameters: <code>deal.schedule</code>: 2 + 2 each (in twos) and 10 to the table, "
        "then 4 each (in twos) until the stock runs out;"
    ) in deal
    for page in (built_site / "variants").rglob("index.html"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"Parameters: (<code>[^<]+</code>(, )?)+\.", text), page


def test_the_home_page_lists_every_reference_page() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    section = config.split("  - Reference:\n", 1)[1]
    in_nav = re.findall(r"^\s+- [^:]+: (reference/[a-z-]+\.md)$", section, flags=re.MULTILINE)
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8").split("## Reference", 1)[1]
    assert len(in_nav) == 12
    assert re.findall(r"\]\((reference/[a-z-]+\.md)\)", home) == in_nav


def test_the_moved_pages_redirect_to_their_new_addresses(built_site: Path) -> None:
    for old, new in (("compare", "../grid/"), ("sample-game", "../games/chr-sample-game/")):
        page = (built_site / old / "index.html").read_text(encoding="utf-8")
        assert f'<meta http-equiv="refresh" content="0; url={new}">' in page
        assert (built_site / old / new / "index.html").exists()


def test_every_example_has_its_own_search_entry(built_site: Path, corpus_ids: list[str]) -> None:
    index = json.loads((built_site / "search" / "search_index.json").read_text("utf-8"))
    for language in ("", "de/"):  # the English site and the German one (under de/)
        entries = {
            doc["location"].rsplit("#", 1)[-1]: doc
            for doc in index["docs"]
            if doc["location"].startswith("de/") == bool(language)
        }
        for scenario_id in corpus_ids:
            assert entries[scenario_id]["title"].startswith(f"{scenario_id}: ")
    entries = {
        doc["location"].rsplit("#", 1)[-1]: doc
        for doc in index["docs"]
        if not doc["location"].startswith("de/")
    }
    assert entries["dith-build-ace-on-nine"]["location"] == (
        "variants/dithmarschen/build/#dith-build-ace-on-nine"
    )


def test_searching_a_scenario_id_shows_its_example_first(built_site: Path) -> None:
    driver = find_driver()
    if driver is None:
        pytest.skip("no chromedriver: install Debian's chromium-driver to run the search test")
    results = search_results(driver, built_site, "dith-build-ace-on-nine")
    examples = [link for link in results if "#" in link]
    assert examples, results
    assert examples[0].endswith("variants/dithmarschen/build/#dith-build-ace-on-nine")


def test_a_dash_points_to_the_row_that_states_it() -> None:
    # Dithmarschen has no clause deal.final; its deal.schedule sets the parameter.
    variants = ordered_variants()
    alone = Question(clause_ids=("deal.final",), ask="Is every deal complete?")
    cell = row_cell(alone, variants[0], row_parameters(alone, variants))
    assert (cell.clauses, cell.see) == ((), "deal.schedule")
    assert cell.rule == "every deal is complete"


def test_the_rulings_page_lists_every_ruling_with_its_readings() -> None:
    from zwicker_ref.rules.variant import Status
    from zwicker_ref.site.rulings import rulings_page

    variants = ordered_variants()
    page = rulings_page(variants)
    headings = set(re.findall(r"^### `([a-z.-]+)` \{#ruling-\1\}$", page, re.MULTILINE))
    rulings = {(v.id, c.id) for v in variants for c in v.clauses if c.status is Status.RULING}
    assert headings == {clause_id for _, clause_id in rulings}
    for variant_id, clause_id in rulings:
        topic = clause_id.split(".")[0]
        assert f"[{variant_id}](variants/{variant_id}/{topic}.md#{clause_id})" in page
    # Readings not chosen, with their kind: the zwick draw's option, source 001's card rank.
    assert "(option `jokers-draw-by-number`)" in page
    assert "“K, Q, J, A, 10, 9, 8, 7, 6, 5, 4, 3, 2”" in page
    # An explicit clause is not a ruling: zwick's draw order is not on the page, its redraw is.
    assert "[zwick](variants/zwick/match.md#match.first-dealer)" not in page
    assert "[zwick](variants/zwick/match.md#match.first-dealer-redraw)" in page


def test_the_german_rulings_page_marks_the_sources_own_words_with_their_language() -> None:
    from zwicker_ref.site.rulings import rulings_page

    variants = ordered_variants()
    german, english = rulings_page(variants, "de"), rulings_page(variants)
    # The German page: German words, German short names of the sources, English quotations
    # marked English; the German sheet 004 quoted as it is. The English page marks 004's.
    assert german.startswith("# Festlegungen\n")
    assert "Quellen: keine (allein die Entscheidung des Projekts)." in german
    assert "[000 (Regelseite, McLeod)](sources.md#source-000)" in german
    # German quotation marks on the German page, English ones on the English page.
    assert (
        '„<span lang="en">It can be adapted for two or three, playing as individuals</span>“'
        in german
    )
    assert "„eine 4 und eine Dame (als 3) und ein Ass (als 1)“" in german
    assert '<span lang="de">eine 4 und eine Dame (als 3)' not in german
    assert '“<span lang="de">eine 4 und eine Dame (als 3) und ein Ass (als 1)</span>”' in english
    assert "## Spieler und Partner {#players}" in german
    assert "## players\n" in english


def test_the_docs_cite_the_rulings_page_not_a_file_outside_the_repository() -> None:
    # RULINGS.md is kept with the sources, outside the repository (issue 33, point 12): the
    # README and the docs point to the rulings page. The spec format names it only as a
    # citation source (in English and in its German, spec-format.de.md).
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        if path.name in ("spec-format.md", "spec-format.de.md"):
            continue
        assert "RULINGS.md" not in path.read_text("utf-8"), path
    assert "rulings.md" in (ROOT / "README.md").read_text("utf-8")
    assert "- Rulings: rulings.md" in (ROOT / "mkdocs.yml").read_text("utf-8")
    from zwicker_ref.site.discrepancies import sources_page

    assert "[Rulings](rulings.md)" in sources_page(ordered_variants())


def test_a_schema_description_keeps_its_angle_brackets_on_the_schemas_page() -> None:
    from zwicker_ref.site.pages import markdown_words, schemas_page

    assert markdown_words("a <id> & `x/<id>.yaml`") == "a &lt;id&gt; &amp; `x/<id>.yaml`"
    assert "(spec/variants/&lt;id&gt;.yaml)" in schemas_page("en")
    assert "(`spec/variants/<id>.yaml`)" in schemas_page("de")
