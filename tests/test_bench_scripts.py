"""Every benchmark script still imports what it measures (they run outside CI, so a renamed function would go unseen)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.mark.parametrize("script", sorted(p.name for p in BENCH.glob("*.py")))
def test_the_benchmark_script_imports(script, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location(f"bench_{script[:-3]}", BENCH / script)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)  # their work is under main(): importing runs nothing
    # the modules other scripts import (the first Napoleonic bots are the duel's baseline) have no main()
    assert callable(getattr(module, "main", None)) or script in ("common.py", "campaign_schema.py", "nap_bots_first.py")
