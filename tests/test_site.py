"""The rules site: rendered cards, generated pages, and a build that fails on a failing example."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT
from zwicker_ref.errors import ErrorCode
from zwicker_ref.site import SiteError, card_html, check_corpus, move_html

MKDOCS = Path(sys.executable).parent / "mkdocs"


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


def broken_corpus(tmp_path: Path) -> Path:
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
        "ZWICKER_SCENARIOS": str(broken_corpus(tmp_path)),
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


def find_browser() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("site")
    subprocess.run(
        [str(MKDOCS), "build", "--strict", "--quiet", "--site-dir", str(site)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"},
        check=True,
    )
    return site


def browser_dump(browser: str, page: Path, tmp_path: Path) -> str:
    flags = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}",
    ]
    subprocess.run(
        [
            browser,
            *flags,
            f"--screenshot={tmp_path / 'page.png'}",
            "--window-size=1200,1600",
            page.as_uri(),
        ],
        capture_output=True,
        timeout=120,
        check=False,
    )
    result = subprocess.run(
        [browser, *flags, "--dump-dom", page.as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return result.stdout


def test_a_variant_page_shows_cards_and_a_passing_example_in_a_browser(
    built_site: Path, tmp_path: Path
) -> None:
    browser = find_browser()
    if browser is None:
        pytest.skip(
            "no Chromium found: install Debian's chromium package (apt-get install chromium) "
            "to run the browser test; .ci/run installs it"
        )
    page = built_site / "variants" / "dithmarschen" / "index.html"
    dom = browser_dump(browser, page, tmp_path)
    assert 'class="zc zc-red"' in dom  # a red card drawn
    assert "♦" in dom or "♥" in dom
    assert "✔ passes" in dom
    assert 'id="capture.sum"' in dom  # the permanent anchor of a clause
    assert 'id="dith-build-ace-on-nine"' in dom  # and of a scenario
    assert (tmp_path / "page.png").exists()
