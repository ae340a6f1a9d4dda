"""The whole corpus pipeline of benchmarks/corpus_scale.py on a small synthetic corpus."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "corpus_scale.py"


@pytest.mark.slow
def test_pipeline_invariants_on_a_synthetic_corpus(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("corpus_scale", BENCHMARK)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    result = bench.run(800, workers=1, root=tmp_path, recompute_check=True)

    flt, dd = result["filter"], result["dedup"]
    assert flt["input"] == 800
    assert flt["kept"] + sum(flt["dropped"].values()) == 800
    assert flt["dropped"]["progress_bar"] > 0 and flt["dropped"]["harness_error"] > 0
    assert dd["input"] == flt["kept"]
    assert dd["kept"] == dd["after_exact"] < dd["input"]  # resubmissions collapsed
    assert dd["after_ast"] < dd["after_exact"]  # renamed copies found
    assert dd["near_clusters"] > 0 and dd["multi_outcome_programs"] > 0
    assert result["holdout"]["violations"] == 0 and result["holdout"]["programs"] > 0
    table = result["stats"]
    assert table["total"] == dd["kept"] == result["streamed"]
    assert sum(table["by_outcome"].values()) == table["total"]
    assert result["exported"] == table["total"] - table["holdout_total"]
    assert result["query_rows"] > 0 and result["vocab_classes"] >= 85
