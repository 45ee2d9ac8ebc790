"""Layer 5, conformance: the scenario corpus and running it against an engine.

Scenario files as typed records (:mod:`~zwicker_ref.conformance.scenarios`), the engine
interface and the reference engine (:mod:`~zwicker_ref.conformance.reference`), the runner
that checks an engine against one scenario (:mod:`~zwicker_ref.conformance.runner`),
clause coverage (:mod:`~zwicker_ref.conformance.coverage`) and the corpus as one JSON
document (:mod:`~zwicker_ref.conformance.export`).
"""
