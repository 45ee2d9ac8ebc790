"""Where the specification and the corpus are read from: a checkout, or the installed package.

A *corpus root* is a directory holding ``spec/`` (with ``spec/corpus.yaml``, the corpus
version) and ``scenarios/``. Every command and every loader reads the one corpus root
:func:`corpus_root` chooses, in this order:

1. the directory named by the environment variable ``ZWICKER_CORPUS``, when it is set;
2. the checkout that contains the current directory, when there is one (a command run
   inside a clone of the repository uses that clone's own files);
3. the copy shipped inside the installed package (a wheel carries ``spec/`` and
   ``scenarios/`` as package data): read where the package lies on disk, or through
   :mod:`importlib.resources` where it does not, so any install layout works, a zip
   included.

The choice is made once per process; :func:`corpus_root` says which was taken, so reports
can name it.
"""

from __future__ import annotations

import enum
import functools
import os
from pathlib import Path

# Only a corpus shipped in the package needs importlib.resources (and a zipped one shutil
# and tempfile): imported there, so ``zwicker --version`` in a checkout starts without them.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

ENVIRONMENT_VARIABLE = "ZWICKER_CORPUS"
_MARKER = Path("spec") / "corpus.yaml"


class Origin(enum.Enum):
    """Why a corpus root was chosen."""

    ENVIRONMENT = "ZWICKER_CORPUS"
    CHECKOUT = "checkout"
    SHIPPED = "shipped"


class Record:
    """An immutable value of named fields: a frozen dataclass, for the start-up path.

    ``zwicker --version`` reads the corpus root and identity and nothing else; importing
    :mod:`dataclasses` (and :mod:`inspect` with it) would be a tenth of its start-up time.
    Subclasses name their fields in ``__slots__`` and set them in ``__init__`` through
    :meth:`_fill`.
    """

    __slots__: tuple[str, ...] = ()

    def _fill(self, **fields: object) -> None:
        for name in self.__slots__:
            object.__setattr__(self, name, fields[name])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; cannot set {name}")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(
            getattr(self, name) == getattr(other, name) for name in self.__slots__
        )

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, name) for name in self.__slots__))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"


class CorpusRoot(Record):
    """A directory holding ``spec/`` and ``scenarios/``, and why it was chosen."""

    __slots__ = ("origin", "path")
    path: Path
    origin: Origin

    def __init__(self, *, path: Path, origin: Origin) -> None:
        self._fill(path=path, origin=origin)

    @property
    def spec(self) -> Path:
        """The ``spec/`` directory."""
        return self.path / "spec"

    @property
    def scenarios(self) -> Path:
        """The ``scenarios/`` directory."""
        return self.path / "scenarios"

    def describe(self) -> str:
        """One line for people: where the corpus is and why it was chosen."""
        if self.origin is Origin.ENVIRONMENT:
            return f"{self.path} (from {ENVIRONMENT_VARIABLE})"
        if self.origin is Origin.CHECKOUT:
            return f"{self.path} (the checkout around the current directory)"
        return f"{self.path} (shipped with the installed package)"


class CorpusNotFoundError(FileNotFoundError):
    """No corpus root could be found (a broken install, or a wrong ``ZWICKER_CORPUS``)."""


def is_corpus_root(path: Path) -> bool:
    """True when ``path`` holds a spec (with its corpus version) and a scenarios directory."""
    return (path / _MARKER).is_file() and (path / "scenarios").is_dir()


def find_checkout(start: Path) -> Path | None:
    """The nearest directory at or above ``start`` that is a corpus root, if any."""
    for directory in (start, *start.parents):
        if is_corpus_root(directory):
            return directory
    return None


@functools.cache
def corpus_root() -> CorpusRoot:
    """The corpus root every loader of this process reads (see the module docstring)."""
    named = os.environ.get(ENVIRONMENT_VARIABLE)
    if named:
        path = Path(named).resolve()
        if not is_corpus_root(path):
            raise CorpusNotFoundError(
                f"{ENVIRONMENT_VARIABLE}={named}: not a corpus root "
                f"(it needs {_MARKER} and scenarios/)"
            )
        return CorpusRoot(path=path, origin=Origin.ENVIRONMENT)
    checkout = find_checkout(Path.cwd().resolve())
    if checkout is not None:
        return CorpusRoot(path=checkout, origin=Origin.CHECKOUT)
    return CorpusRoot(path=_shipped(), origin=Origin.SHIPPED)


def _shipped() -> Path:
    # The package is a directory on disk when installed from a wheel (spec/ and scenarios/
    # inside it) or as an editable checkout (beside it): found from this file, without
    # importlib.resources (a fifth of the start-up time of ``zwicker --version``). A
    # package inside a zip file is read through it.
    here = Path(__file__).resolve().parents[1]
    if (here / "spec").is_dir():
        return here
    if is_corpus_root(here.parent):
        return here.parent
    from importlib import resources

    # Not on disk, so a zip: a wheel's spec/ and scenarios/, copied out of it.
    package = resources.files("zwicker_ref")
    if (package / "spec").is_dir():
        return _as_directory(package)
    raise CorpusNotFoundError(f"the installed package has no spec/ and scenarios/ ({package})")


def _as_directory(package: Traversable) -> Path:
    """The package data as a real directory: itself, or a copy when installed as a zip."""
    if isinstance(package, Path):
        return package
    import tempfile

    target = Path(tempfile.mkdtemp(prefix="zwicker-corpus-"))
    for name in ("spec", "scenarios"):
        _copy_tree(package / name, target / name)
    return target


def _copy_tree(source: Traversable, target: Path) -> None:
    import shutil

    target.mkdir(parents=True, exist_ok=True)
    for entry in source.iterdir():
        if entry.is_dir():
            _copy_tree(entry, target / entry.name)
        else:
            with entry.open("rb") as reader, (target / entry.name).open("wb") as writer:
                shutil.copyfileobj(reader, writer)


def spec_dir() -> Path:
    """The ``spec/`` directory of the corpus root."""
    return corpus_root().spec


def scenarios_dir() -> Path:
    """The ``scenarios/`` directory of the corpus root."""
    return corpus_root().scenarios
