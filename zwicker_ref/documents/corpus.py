r"""The corpus's identity: its version and a content digest of exactly the files it holds.

The version (semantic versioning, ``spec/corpus.yaml``) says what the corpus promises;
the digest says exactly which files were run, so two conformance reports can be compared.

The digest, reproducible in any language (``docs/versioning.md``): for every file under
``spec/`` and ``scenarios/`` of the corpus root whose name ends in ``.yaml`` or ``.json``,
take its path relative to the root with ``/`` separators, and the SHA-256 of its bytes
after every CRLF and every lone CR is turned into LF. Sort the files by path (as UTF-8
bytes) and hash, with SHA-256, the text made of one line per file:
``<hex digest of the content>  <path>\\n``. The result is the hex digest. It does not
depend on the order in which a file system lists the files, nor on line endings.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
from pathlib import Path

from zwicker_ref.documents.locations import CorpusRoot, Record, corpus_root

_VERSION = re.compile(r"^version:\s*(\d+\.\d+\.\d+)\s*$", re.MULTILINE)
_SUFFIXES = (".yaml", ".json")


class CorpusIdentity(Record):
    """What a report says about the corpus it ran."""

    __slots__ = ("digest", "files", "root", "scenario_files", "version")
    version: str
    digest: str
    files: int
    """How many files the digest covers: every spec file and every scenario file."""
    root: CorpusRoot
    scenario_files: int | None
    """How many of them are under ``scenarios/`` (None: not counted)."""

    def __init__(
        self,
        *,
        version: str,
        digest: str,
        files: int,
        root: CorpusRoot,
        scenario_files: int | None = None,
    ) -> None:
        self._fill(
            version=version, digest=digest, files=files, root=root, scenario_files=scenario_files
        )

    def to_json(self) -> dict[str, object]:
        """The identity as report data."""
        return {
            "version": self.version,
            "digest": self.digest,
            "files": self.files,
            "scenario_files": self.scenario_files,
            "root": str(self.root.path),
            "origin": self.root.origin.value,
        }

    def describe(self) -> str:
        """One line for people, saying what the files hashed are.

        For example ``corpus 1.1.0 (sha256 30b60a274a3b77f7; 666 files hashed: 650
        scenario files, 16 spec files)``.
        """
        if self.scenario_files is None:
            return f"corpus {self.version} (sha256 {self.digest[:16]}; {self.files} files hashed)"
        return (
            f"corpus {self.version} (sha256 {self.digest[:16]}; {self.files} files hashed: "
            f"{self.scenario_files} scenario files, {self.files - self.scenario_files} spec files)"
        )


def corpus_version(root: Path) -> str:
    """The version stated in ``spec/corpus.yaml`` under ``root``."""
    path = root / "spec" / "corpus.yaml"
    # A plain pattern, not a YAML parser: ``zwicker --version`` must start fast.
    found = _VERSION.search(path.read_text(encoding="utf-8"))
    if found is None:
        raise ValueError(f"{path}: no line 'version: MAJOR.MINOR.PATCH'")
    return found.group(1)


def is_corpus_version_data(data: object) -> bool:
    """True when parsed YAML looks like ``spec/corpus.yaml`` (a mapping with a ``version``)."""
    return isinstance(data, dict) and "version" in data and "clauses" not in data


def corpus_files(root: Path) -> list[str]:
    """The corpus's files, relative to ``root`` with ``/`` separators, in digest order."""
    names: list[str] = []
    for directory in ("spec", "scenarios"):
        _collect(os.path.join(root, directory), directory, names)
    return sorted(names, key=lambda name: name.encode("utf-8"))


def _collect(directory: str, relative: str, names: list[str]) -> None:
    """Add the corpus files under ``directory`` (``relative`` to the root) to ``names``.

    ``os.scandir`` rather than ``Path.rglob``: ``zwicker --version`` computes the digest
    at every start, and this is three times faster. It selects what ``rglob("*")`` with
    ``is_file()`` did: hidden names included, symbolic links to files followed, links to
    directories not descended into, a directory that cannot be read skipped.
    """
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return
    for entry in entries:
        name = f"{relative}/{entry.name}"
        try:
            if entry.is_dir() and not entry.is_symlink():
                _collect(entry.path, name, names)
            elif _suffix(entry.name) in _SUFFIXES and entry.is_file():
                names.append(name)
        except OSError:
            continue


def _suffix(name: str) -> str:
    """The suffix of a file name as ``Path.suffix`` gives it (``.yaml``; none for ``.yaml``)."""
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def content_digest(root: Path) -> tuple[str, int]:
    """The corpus digest of the files under ``root`` (see the module docstring) and their count."""
    files = corpus_files(root)
    return _digest(root, files), len(files)


def _digest(root: Path, files: list[str]) -> str:
    """The corpus digest of ``files`` (relative to ``root``, in digest order)."""
    manifest = hashlib.sha256()
    for name in files:
        with open(os.path.join(root, name), "rb") as handle:
            content = handle.read().replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        manifest.update(f"{hashlib.sha256(content).hexdigest()}  {name}\n".encode())
    return manifest.hexdigest()


@functools.cache
def corpus_identity() -> CorpusIdentity:
    """The identity of the corpus this process reads."""
    root = corpus_root()
    files = corpus_files(root.path)
    return CorpusIdentity(
        version=corpus_version(root.path),
        digest=_digest(root.path, files),
        files=len(files),
        root=root,
        scenario_files=sum(name.startswith("scenarios/") for name in files),
    )
