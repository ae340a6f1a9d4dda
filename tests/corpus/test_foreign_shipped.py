"""The foreign set shipped in the package (benchmarks/foreign/build.py writes it): it loads whole."""

from __future__ import annotations

from collections import Counter

from mleworld.corpus.foreign import FOREIGN, open_program_set


def test_the_shipped_foreign_set_loads_with_its_three_halves() -> None:
    programs = open_program_set(FOREIGN)
    assert len(programs.records) >= 150
    dev, test = programs.half("dev"), programs.half("test")
    calib = programs.half("calib")
    assert len(dev) >= 70 and len(test) >= 70 and len(calib) >= 50
    assert len(dev) + len(test) + len(calib) == len(programs.records)
    assert {r.generator for r in programs.records} == {"foreign"}
    outcomes = Counter(r.outcome for r in programs.records)
    assert outcomes["clean"] >= 50 and outcomes["crash"] >= 50 and outcomes["timeout"] >= 3
    for half in (dev, test, calib):  # every half holds every outcome kind
        assert {r.outcome for r in half} == {"clean", "crash", "timeout"}
    shipped = programs.task_dirs()
    assert {"titanic-survival", "wine-cultivar", "shop-sales"} <= set(shipped)
    assert (shipped["shop-sales"] / "public" / "weather.csv").is_file()
