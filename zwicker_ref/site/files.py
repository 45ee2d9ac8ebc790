"""The corpus's files on the site, at addresses that name the corpus version.

Every file of the corpus (``spec/`` and ``scenarios/``, the files its digest covers) and
``corpus.json`` are published under ``files/<version>/`` with the repository's own layout:
``files/1.1.0/scenarios/classic/capture/ace-low.yaml``,
``files/1.1.0/spec/schema/scenario.schema.json``, ``files/1.1.0/corpus.json``. An address
names one version's file and keeps meaning it; the next version's files get new
addresses (docs/versioning.md, "Pinning a version", says so to the reader).
"""

from __future__ import annotations

from collections.abc import Iterator

from zwicker_ref.documents.corpus import corpus_files, corpus_identity
from zwicker_ref.documents.locations import corpus_root

FILES = "files"
"""The folder of the site that holds the published files."""


def published_path(repository_path: str, version: str | None = None) -> str:
    """Where a corpus file (``scenarios/…``, ``spec/…``, ``corpus.json``) is on the site.

    The path is relative to the site root; ``version`` is the corpus version (default: the
    version of the corpus this process reads).
    """
    return f"{FILES}/{version or corpus_identity().version}/{repository_path}"


def published_files() -> Iterator[tuple[str, str]]:
    """Every corpus file: its path on the site and its text."""
    root = corpus_root().path
    for name in corpus_files(root):
        yield published_path(name), (root / name).read_text(encoding="utf-8")


FILES_MARKER = "<!-- zwicker:files -->"
"""Where docs/implementers.md says where the files are (filled in by the build)."""


def files_markdown(version: str, repo_url: str | None) -> str:
    """Where to get the corpus: the project's public home if configured, and its files here.

    ``repo_url`` is mkdocs.yml's ``repo_url``, the one setting naming the project's public
    home; without it the paragraph says to install from a checkout or a wheel. The links
    are relative to a page at the site root.
    """
    if repo_url:
        home = (
            f"The project's public home, to clone or download a release from: "
            f"[{repo_url}]({repo_url}) (`git clone {repo_url}`)."
        )
    else:
        home = (
            "The project's public home is not named on this site yet: install from a "
            "checkout or a wheel you were given, as above."
        )
    return (
        f"{home} Every file of corpus version {version} is also on this site at an address "
        f"that names its version, laid out as in the repository: "
        f"[`{published_path('corpus.json', version)}`]({published_path('corpus.json', version)}), "
        f"`{published_path('spec/schema/', version)}` (the [schemas](reference/schemas.md)) "
        f"and `{published_path('scenarios/', version)}<variant>/<topic>/<name>.yaml` (each "
        "example links its own)."
    )
