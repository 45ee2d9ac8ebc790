"""The corpus version and digest, and where the corpus is read from."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from zwicker_ref.documents.corpus import (
    CorpusIdentity,
    content_digest,
    corpus_files,
    corpus_identity,
    corpus_version,
)
from zwicker_ref.documents.locations import (
    CorpusNotFoundError,
    CorpusRoot,
    Origin,
    _shipped,
    corpus_root,
    find_checkout,
    is_corpus_root,
)

ROOT = Path(__file__).resolve().parents[1]
COUNTED = "scenarios/dithmarschen/capture/ace-takes-ace-or-ace-and-ten.yaml"


def _small_corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    (root / "spec" / "variants").mkdir(parents=True)
    (root / "scenarios" / "v").mkdir(parents=True)
    (root / "spec" / "corpus.yaml").write_text("version: 2.3.4\n", encoding="utf-8")
    (root / "spec" / "variants" / "v.yaml").write_text("id: v\nclauses: []\n", encoding="utf-8")
    (root / "scenarios" / "v" / "a.yaml").write_text("id: a\nexpect:\n  count: 3\n", "utf-8")
    (root / "scenarios" / "README.txt").write_text("not part of the digest\n", "utf-8")
    return root


def test_the_digest_follows_the_documented_recipe(tmp_path: Path) -> None:
    root = _small_corpus(tmp_path)
    lines = ""
    for name in ["scenarios/v/a.yaml", "spec/corpus.yaml", "spec/variants/v.yaml"]:
        content = hashlib.sha256((root / name).read_bytes()).hexdigest()
        lines += f"{content}  {name}\n"
    assert content_digest(root) == (hashlib.sha256(lines.encode()).hexdigest(), 3)
    assert corpus_version(root) == "2.3.4"


def _files_by_rglob(root: Path) -> list[str]:
    """The file selection as first written (``Path.rglob``), the definition kept to."""
    names = [
        path.relative_to(root).as_posix()
        for directory in ("spec", "scenarios")
        for path in (root / directory).rglob("*")
        if path.suffix in (".yaml", ".json") and path.is_file()
    ]
    return sorted(names, key=lambda name: name.encode("utf-8"))


def test_the_files_are_those_rglob_selects(tmp_path: Path) -> None:
    """The faster directory walk selects exactly what ``rglob`` did, odd names included."""
    root = _small_corpus(tmp_path)
    scenarios = root / "scenarios"
    for name in (".hidden.yaml", ".yaml", "..yaml", "a.b.json", "x.yaml.", "x.YAML", "ü.yaml"):
        (scenarios / name).write_text("id: x\n", encoding="utf-8")
    (scenarios / ".dot-dir").mkdir()
    (scenarios / ".dot-dir" / "deep.json").write_text("{}", encoding="utf-8")
    (scenarios / "folder.yaml").mkdir()  # a directory named like a file is not a file
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "o.yaml").write_text("id: o\n", encoding="utf-8")
    (scenarios / "linked-file.yaml").symlink_to(outside / "o.yaml")
    (scenarios / "linked-dir").symlink_to(outside, target_is_directory=True)
    (scenarios / "broken.yaml").symlink_to(tmp_path / "missing.yaml")
    assert corpus_files(root) == _files_by_rglob(root)
    assert "scenarios/linked-file.yaml" in corpus_files(root)
    assert corpus_files(ROOT) == _files_by_rglob(ROOT)


def test_line_endings_do_not_change_the_digest(tmp_path: Path) -> None:
    root = _small_corpus(tmp_path)
    before = content_digest(root)
    path = root / "scenarios" / "v" / "a.yaml"
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    assert content_digest(root) == before


def test_one_changed_expected_count_changes_the_digest(tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "spec", copy / "spec")
    shutil.copytree(ROOT / "scenarios", copy / "scenarios")
    before, files = content_digest(copy)
    assert (before, files) == content_digest(ROOT)
    path = copy / COUNTED
    text = path.read_text(encoding="utf-8")
    assert "count: 3\n" in text
    path.write_text(text.replace("count: 3\n", "count: 4\n"), encoding="utf-8")
    after, same_files = content_digest(copy)
    assert same_files == files
    assert after != before


def test_the_shipped_corpus_has_a_semantic_version() -> None:
    identity = corpus_identity()
    major, _minor, _patch = (int(part) for part in identity.version.split("."))
    assert major >= 1
    assert len(identity.digest) == 64
    assert identity.files == len(list((ROOT / "scenarios").rglob("*.yaml"))) + len(
        [p for p in (ROOT / "spec").rglob("*") if p.suffix in (".yaml", ".json")]
    )


def test_a_checkout_is_found_from_any_directory_inside_it() -> None:
    assert find_checkout(ROOT / "scenarios" / "zwick") == ROOT
    assert is_corpus_root(ROOT)
    assert corpus_root().path == ROOT


def test_the_environment_variable_names_the_corpus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _small_corpus(tmp_path)
    monkeypatch.setenv("ZWICKER_CORPUS", str(root))
    corpus_root.cache_clear()
    try:
        assert corpus_root().origin is Origin.ENVIRONMENT
        assert corpus_root().path == root
        monkeypatch.setenv("ZWICKER_CORPUS", str(tmp_path))
        corpus_root.cache_clear()
        with pytest.raises(CorpusNotFoundError, match="not a corpus root"):
            corpus_root()
    finally:
        monkeypatch.delenv("ZWICKER_CORPUS")
        corpus_root.cache_clear()


def test_corpus_root_and_identity_are_values() -> None:
    """Equal fields make equal values with one hash; a field cannot be set afterwards."""
    one = CorpusRoot(path=ROOT, origin=Origin.CHECKOUT)
    same = CorpusRoot(path=ROOT, origin=Origin.CHECKOUT)
    other = CorpusRoot(path=ROOT, origin=Origin.SHIPPED)
    assert one == same
    assert hash(one) == hash(same)
    assert one != other
    assert repr(one) == f"CorpusRoot(origin={Origin.CHECKOUT!r}, path={ROOT!r})"
    with pytest.raises(AttributeError, match="immutable"):
        one.path = ROOT.parent
    identity = corpus_identity()
    assert identity == CorpusIdentity(
        version=identity.version,
        digest=identity.digest,
        files=identity.files,
        root=identity.root,
        scenario_files=identity.scenario_files,
    )
    assert identity != CorpusIdentity(
        version=identity.version, digest="0" * 64, files=identity.files, root=identity.root
    )
    with pytest.raises(AttributeError, match="immutable"):
        identity.digest = "0" * 64


def test_an_editable_package_ships_the_corpus_beside_it() -> None:
    """The corpus "shipped" with an editable install is the checkout around its package."""
    assert _shipped() == ROOT


def test_the_first_line_says_what_the_files_hashed_are() -> None:
    """Issue 33, §3.9: "663 files" beside "647 scenarios" left the reader to guess.

    The line names the scenario files and the spec files, which add up to the files hashed,
    and the scenario files are the ones the corpus loads.
    """
    from zwicker_ref.conformance.scenarios import load_corpus
    from zwicker_ref.documents.locations import scenarios_dir

    identity = corpus_identity()
    scenarios, problems = load_corpus([scenarios_dir()])
    assert not problems
    assert identity.scenario_files == len(scenarios)
    spec_files = identity.files - len(scenarios)
    assert spec_files == len([name for name in corpus_files(ROOT) if name.startswith("spec/")])
    assert identity.describe().endswith(
        f"; {identity.files} files hashed: {len(scenarios)} scenario files, "
        f"{spec_files} spec files)"
    )
    assert identity.to_json()["scenario_files"] == len(scenarios)
