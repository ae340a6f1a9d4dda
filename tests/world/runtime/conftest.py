"""A task data folder of 300 penguin-like rows: the table the programs under test fit on."""

from __future__ import annotations

from pathlib import Path

import pytest

SPECIES = ("Adelie", "Chinstrap", "Gentoo")


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    public = tmp_path_factory.mktemp("runtime_task") / "public"
    public.mkdir()
    lines = ["id,bill_length_mm,bill_depth_mm,flipper_length_mm,year,species"]
    for i in range(300):
        lines.append(
            f"{i},{35 + i % 17},{14 + i % 7}.5,{180 + i % 40},{2007 + i % 3},{SPECIES[i % 3]}"
        )
    (public / "train.csv").write_text("\n".join(lines) + "\n")
    return public
