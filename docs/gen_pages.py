"""Generate the site's rule and example pages at build time (run by mkdocs-gen-files).

All content comes from spec/ and scenarios/ through zwicker_ref.site; a failing or invalid
scenario stops the build and names the scenario. The footer states the corpus version.

The site reads the corpus every command reads (zwicker_ref.documents.locations): the
checkout, or the corpus root named by ZWICKER_CORPUS (its spec/ and scenarios/ together;
the tests use it to show that a failing scenario stops the build).
"""

from pathlib import Path

import mkdocs_gen_files

from zwicker_ref.site import generate
from zwicker_ref.site.labels import LANGUAGES, label, page_path

DOCS = Path(__file__).resolve().parent


def write(path: str, text: str) -> None:
    """Write one generated page."""
    with mkdocs_gen_files.open(path, "w") as page:
        page.write(text)


version = generate(
    write,
    home_template=(DOCS / "index.md").read_text("utf-8"),
    laws=(DOCS / "laws.md").read_text("utf-8"),
    implementers=(DOCS / "implementers.md").read_text("utf-8"),
    # The project's public home: one setting, repo_url in mkdocs.yml (shown where set).
    repo_url=mkdocs_gen_files.config.repo_url,
    german_home_template=(DOCS / "index.de.md").read_text("utf-8"),
)
# The i18n plugin builds the site once per language, setting Material's theme language
# for each build: the footer states the version in the language being built.
built = mkdocs_gen_files.config.theme["language"]
footer = next((language for language in LANGUAGES if language == built), "en")
mkdocs_gen_files.config.copyright = version.line(footer)

# The changelog lives at the repository root, where contributors edit it. The German site
# shows it in English under a German note saying so.
title, _, changes = (DOCS.parent / "CHANGELOG.md").read_text("utf-8").partition("\n")
for language in LANGUAGES:
    note = label(language, "changelog.note")
    write(page_path("changelog.md", language), f"{title}\n\n{note}{changes.lstrip()}")
