"""The version the site states: corpus version, scenario count, build date, content digest.

The version and the digest come from :mod:`zwicker_ref.documents.corpus` (computed there
once); the site adds the number of scenarios it shows and the day it was built.
"""

from __future__ import annotations

import datetime
import json
import os
from dataclasses import dataclass

from zwicker_ref.conformance.export import export_data
from zwicker_ref.documents.corpus import corpus_identity
from zwicker_ref.site.labels import Language, label


@dataclass(frozen=True, kw_only=True, slots=True)
class SiteVersion:
    """What a built site says about the corpus it shows."""

    corpus: str
    digest: str
    scenarios: int
    built: str
    """The build date, ISO 8601 (UTC)."""

    def line(self, language: Language = "en") -> str:
        """One line for the footer, in ``language``."""
        return label(
            language,
            "version.footer",
            corpus=self.corpus,
            scenarios=self.scenarios,
            built=self.built,
            digest=self.digest[:16],
        )

    def markdown(self, language: Language = "en") -> str:
        """A paragraph for the home page, in ``language``."""
        return label(
            language,
            "version.line",
            corpus=self.corpus,
            scenarios=self.scenarios,
            built=self.built,
            digest=self.digest,
        )


def build_date() -> str:
    """Today (UTC), or the day of ``SOURCE_DATE_EPOCH`` for a reproducible build."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = (
        datetime.datetime.fromtimestamp(int(epoch), tz=datetime.UTC)
        if epoch and epoch.isdigit()
        else datetime.datetime.now(tz=datetime.UTC)
    )
    return moment.date().isoformat()


def site_version(scenarios: int) -> SiteVersion:
    """The version of the site showing ``scenarios`` scenarios of the shipped corpus."""
    identity = corpus_identity()
    return SiteVersion(
        corpus=identity.version, digest=identity.digest, scenarios=scenarios, built=build_date()
    )


def corpus_json(version: SiteVersion) -> str:
    """corpus.json: the exported corpus, its identity completed with count and build date."""
    data = export_data()
    data["corpus"] = {
        **data["corpus"],
        "scenarios": len(data["scenarios"]),
        "built": version.built,
    }
    return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n"
