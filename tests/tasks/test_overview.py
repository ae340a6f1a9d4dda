"""The data overview: column statistics, tree, JSON, budget, determinism, CLI."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mleworld.errors import MleWorldError
from mleworld.tasks import overview
from mleworld.tasks.overview import count_lines, data_overview, resolve_data_dir

MLEWORLD = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "mleworld"


def column_line(text: str, name: str) -> str:
    """The statistics line of one column (the first section that has it)."""
    for line in text.splitlines():
        if line.startswith(f"  {name}: "):
            return line
    raise AssertionError(f"no line for column {name!r} in:\n{text}")


def write_mixed_csv(path: Path, n: int = 300) -> None:
    rng = np.random.default_rng(0)
    df = pd.DataFrame(
        {
            "id": np.arange(n),
            "price": np.round(rng.normal(100, 10, n), 2),
            "city": ["London"] * (n // 2) + ["Paris"] * (n // 3) + ["Rome"] * (n - n // 2 - n // 3),
            "day": pd.date_range("2021-03-01", periods=n, freq="D").strftime("%Y-%m-%d"),
            "active": [i % 3 == 0 for i in range(n)],
            "review": [
                f"This product review number {i} is long enough to count as text." for i in range(n)
            ],
            "code": [str(i) if i % 10 else f"X{i}" for i in range(n)],
            "nothing": [np.nan] * n,
            "big": ["123456789012345678901234567890"] * (n - 1) + ["1"],
            "label": [i % 3 for i in range(n)],
        }
    )
    df.loc[::10, "price"] = np.nan
    df.loc[0, "price"] = 1e300
    df.to_csv(path, index=False)


def test_each_kind_of_column_is_summarised(tmp_path: Path) -> None:
    write_mixed_csv(tmp_path / "train.csv")
    text = data_overview(tmp_path, budget_chars=20_000)

    assert "train.csv: CSV, 300 rows x 10 columns" in text
    assert "column stats from" not in text  # the whole file fits in the sample
    assert column_line(text, "id") == "  id: int64, all distinct, min 0, max 299, mean 149.5"
    price = column_line(text, "price")
    assert "float64, 29 missing" in price and "max 1e+300" in price
    assert "in sample" not in price
    city = column_line(text, "city")
    assert '3 unique, top "London" (150), "Paris" (100), "Rome" (50)' in city
    assert "dates 2021-03-01 .. 2021-12-25 (format %Y-%m-%d)" in column_line(text, "day")
    assert column_line(text, "active") == "  active: bool, False (200), True (100)"
    review = column_line(text, "review")
    assert "text, avg" in review and 'e.g. "This product review number 0' in review
    code = column_line(text, "code")
    assert "mixed: 270 numeric and 30 other values" in code and '"X0" (1)' in code
    assert column_line(text, "nothing") == "  nothing: float64, all missing"
    big = column_line(text, "big")
    assert "numbers stored as text" in big and "max 1.23457e+29" in big and "min 1," in big
    label = column_line(text, "label")
    assert "3 values: 0 (100), 1 (100), 2 (100), min 0, max 2" in label


def test_big_csv_rows_come_from_a_line_count_not_from_pandas(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    n = 200_000
    path = tmp_path / "train.csv"
    body = "\n".join(f"{i},{i % 7},{'a' if i % 2 else ''}" for i in range(n))
    path.write_text("id,group,flag\n" + body + "\n")
    calls: list[object] = []
    real_read_csv = pd.read_csv

    def recording_read_csv(*args: object, **kwargs: object) -> pd.DataFrame:
        calls.append(kwargs.get("nrows"))
        return real_read_csv(*args, **kwargs)

    monkeypatch.setattr(pd, "read_csv", recording_read_csv)
    text = data_overview(tmp_path)

    assert calls == [overview.SAMPLE_ROWS]
    assert "train.csv (" in text and "200,001 lines)" in text
    assert "train.csv: CSV, 200,000 rows x 3 columns" in text
    assert f"column stats from the first {overview.SAMPLE_ROWS:,} rows" in text
    assert "2,500 missing in sample" in column_line(text, "flag")


def test_count_lines_handles_a_missing_final_newline_and_crlf(tmp_path: Path) -> None:
    cases = {"a\nb\nc\n": 3, "a\nb\nc": 3, "": 0, "a\r\nb\r\n": 2, "\n": 1}
    for i, (content, expected) in enumerate(cases.items()):
        path = tmp_path / f"f{i}.txt"
        path.write_bytes(content.encode())
        assert count_lines(path) == (expected, True), repr(content)
    big = tmp_path / "big.txt"
    big.write_bytes(b"0123456789\n" * 10_000)
    lines, exact = count_lines(big, cap_bytes=11 * 1000)
    assert (lines, exact) == (10_000, False)  # extrapolated past the cap


def test_gzipped_csv_and_trailing_blank_lines(tmp_path: Path) -> None:
    rows = "\n".join(f"{i},{i * 2}" for i in range(overview.SAMPLE_ROWS + 10))
    with gzip.open(tmp_path / "a.csv.gz", "wt") as fh:
        fh.write("x,y\n" + rows + "\n")
    (tmp_path / "b.csv").write_text("x,y\n" + rows + "\n\n\n")
    text = data_overview(tmp_path)
    assert f"a.csv.gz: CSV, {overview.SAMPLE_ROWS + 10:,} rows x 2 columns" in text
    assert f"b.csv: CSV, {overview.SAMPLE_ROWS + 10:,} rows x 2 columns" in text


def test_budget_is_respected_for_a_wide_csv(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    df = pd.DataFrame(rng.normal(size=(200, 300)), columns=[f"f{i}" for i in range(300)])
    df.insert(0, "id", range(200))
    df["target"] = rng.integers(0, 2, 200)
    df.to_csv(tmp_path / "train.csv", index=False)

    full = data_overview(tmp_path, budget_chars=100_000)
    assert len(full) > 6000
    assert "  f38: float64, all distinct" in full and "  f299: float64\n" in full

    text = data_overview(tmp_path)
    assert len(text) <= 6000
    assert "train.csv: CSV, 200 rows x 302 columns" in text
    assert "  id: int64, all distinct" in text  # the first columns keep their statistics
    assert "more columns, by dtype:" in text
    assert "target" in text  # every column is at least named

    for budget in (2000, 800, 300, 60, 5, 1):
        small = data_overview(tmp_path, budget_chars=budget)
        assert len(small) <= budget
    assert "overview truncated" in data_overview(tmp_path, budget_chars=100)


def test_budget_is_respected_with_many_files(tmp_path: Path) -> None:
    for i in range(15):
        sub = tmp_path / f"group_{i}"
        sub.mkdir()
        for j in range(14):
            (sub / f"part_{j}.csv").write_text(f"a,b,c\n{i},{j},x\n{i},{j},y\n")
    (tmp_path / "train.csv").write_text("id,y\n1,0\n2,1\n")
    for budget in (6000, 2500, 900):
        text = data_overview(tmp_path, budget_chars=budget)
        assert len(text) <= budget
        assert text.startswith("Data files (211 files,")
    text = data_overview(tmp_path)
    assert "train.csv: CSV, 2 rows x 2 columns" in text
    assert "group_0/ (14 files: 14 .csv;" in text
    assert "part_13.csv" not in text  # summarised folders do not list every file
    assert "same columns as group_0/part_0.csv" in text


def test_big_folders_are_summarised_and_a_file_stands_for_them(tmp_path: Path) -> None:
    images = tmp_path / "images"
    images.mkdir()
    for i in range(120):
        (images / f"{i:05d}.jpg").write_bytes(b"\xff\xd8" + bytes(1000))
    for i in range(5):
        (images / f"{i:05d}.json").write_text(json.dumps({"box": [i, i, 10, 10], "label": "cat"}))
    text = data_overview(tmp_path)
    assert "images/ (125 files: 120 .jpg, 5 .json; 117.6 KB;" in text
    assert "e.g. 00000.jpg, 00000.json)" in text
    assert "00119.jpg" not in text
    assert "images/00000.json (one of 5 .json files in images/): JSON object with 2 keys:" in text
    assert '  "box": [4 x int]' in text


def test_output_is_deterministic_and_independent_of_creation_order(tmp_path: Path) -> None:
    names = ["train.csv", "test.csv", "notes.txt", "sub/meta.json", "sub/z.csv", "sub/a.csv"]
    contents = {
        "train.csv": "id,x,y\n1,0.5,a\n2,0.25,b\n3,,a\n",
        "test.csv": "id,x\n4,1.5\n",
        "notes.txt": "hello\n",
        "sub/meta.json": '{"b": [1, 2], "a": {"c": null}}',
        "sub/z.csv": "k\n1\n",
        "sub/a.csv": "k\n2\n",
    }
    first, second = tmp_path / "one", tmp_path / "two"
    for root, order in ((first, names), (second, list(reversed(names)))):
        for name in order:
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(contents[name])
    text = data_overview(first)
    assert text == data_overview(first)
    assert text == data_overview(second)
    assert str(tmp_path) not in text
    tree = text.split("\n\n")[0].splitlines()
    assert [line.split(" (")[0].strip() for line in tree[1:]] == [
        "notes.txt",
        "test.csv",
        "train.csv",
        "sub/",
        "a.csv",
        "meta.json",
        "z.csv",
    ]


def test_natural_order_of_numbered_files(tmp_path: Path) -> None:
    for i in (10, 2, 1):
        (tmp_path / f"f{i}.txt").write_text("x")
    tree = data_overview(tmp_path).splitlines()[1:4]
    assert [line.split(" (")[0].strip() for line in tree] == ["f1.txt", "f2.txt", "f10.txt"]


def test_json_schema(tmp_path: Path) -> None:
    doc = {
        "version": 2,
        "classes": ["cat", "dog", "bird"],
        "images": [
            {"id": 1, "file": "a.jpg", "boxes": [[1, 2, 3, 4]], "label": "cat"},
            {"id": 2, "file": "b.jpg", "boxes": [], "score": 0.5},
        ],
        "by_id": {f"img{i}": {"w": i, "h": 2 * i} for i in range(60)},
    }
    (tmp_path / "meta.json").write_text(json.dumps(doc))
    text = data_overview(tmp_path)
    assert "meta.json: JSON object with 4 keys:" in text
    assert '  "version": int' in text
    assert '  "classes": [3 x str]' in text
    images = next(line for line in text.splitlines() if line.startswith('  "images"'))
    assert images.startswith('  "images": [2 x {"id": int, "file": str, "boxes": [0-1 x [4 x int]]')
    assert '"label"?: str' in images and '"score"?: float' in images
    assert '  "by_id": {<60 keys, e.g. "img0", "img1">: {"w": int, "h": int}}' in text


def test_large_json_is_read_in_part_and_jsonl_records_are_counted(tmp_path: Path) -> None:
    items = [{"id": i, "text": "x" * 50} for i in range(40_000)]
    (tmp_path / "big.json").write_text(json.dumps(items))
    assert (tmp_path / "big.json").stat().st_size > overview.JSON_READ_BYTES
    with (tmp_path / "rows.jsonl").open("w") as fh:
        for i in range(100):
            fh.write(json.dumps({"id": i, "tags": ["a"] * (i % 3)}) + "\n")
        fh.write("{not json\n")
    text = data_overview(tmp_path)
    big = next(line for line in text.splitlines() if line.startswith("big.json:"))
    assert big.startswith("big.json: JSON list of ")
    assert "items, from the first 1.0 MB" in big
    assert "rows.jsonl: JSON lines, 101 records (1 unparseable lines), each:" in text
    assert '  "tags": [0-2 x str]' in text


def test_non_utf8_empty_header_only_and_garbled_files(tmp_path: Path) -> None:
    (tmp_path / "latin.csv").write_bytes("name,city\nJosé,Málaga\nAnn,Köln\n".encode("latin-1"))
    (tmp_path / "empty.csv").write_bytes(b"")
    (tmp_path / "header.csv").write_text("a,b,c\n")
    (tmp_path / "garbled.csv").write_text("a,b\n1,2\n1,2,3,4\n")
    (tmp_path / "bad.json").write_text('{"a": [1, 2')
    (tmp_path / "noise.csv").write_bytes(bytes(range(256)) * 8)
    (tmp_path / "blank.txt").write_bytes(b"\xff\xfe\x00 binary-ish \x80\n")
    text = data_overview(tmp_path)
    assert "latin.csv: CSV, 2 rows x 2 columns; not valid UTF-8" in text
    assert "Jos\ufffd" in text
    assert "empty.csv: empty file" in text
    assert "header.csv: CSV, 0 rows x 3 columns" in text
    assert "garbled.csv: could not parse: Expected 2 fields in line 3, saw 4" in text
    assert "  first line: a,b" in text
    assert "bad.json: could not parse:" in text
    assert "noise.csv: not a text table: binary data" in text
    assert "blank.txt, full text:" in text


def test_semicolon_separated_csv_is_detected(tmp_path: Path) -> None:
    (tmp_path / "eu.csv").write_text("a;b\n1,5;x\n2,5;y\n")
    text = data_overview(tmp_path)
    assert "eu.csv: CSV, 2 rows x 2 columns; separator ';'" in text


def test_text_parquet_and_arrays(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# Data\nColumns are described here.\n")
    (tmp_path / "long.txt").write_text("".join(f"line {i}\n" for i in range(1000)))
    df = pd.DataFrame(
        {
            "when": pd.date_range("2020-01-01", periods=overview.SAMPLE_ROWS + 5, freq="h"),
            "v": np.arange(overview.SAMPLE_ROWS + 5, dtype=np.float32),
            "cat": pd.Categorical(["a", "b"] * ((overview.SAMPLE_ROWS + 5) // 2) + ["a"]),
        }
    )
    df.to_parquet(tmp_path / "t.parquet", row_group_size=1000)
    np.save(tmp_path / "x.npy", np.zeros((7, 3), dtype=np.float32))
    np.savez(tmp_path / "arrs.npz", a=np.ones(4, dtype=np.int64), b=np.zeros((2, 2)))
    text = data_overview(tmp_path)
    assert "README.md, full text:\n  # Data\n  Columns are described here." in text
    assert "long.txt, first 5 of 1,000 lines:\n  line 0\n" in text
    assert f"t.parquet: Parquet, {overview.SAMPLE_ROWS + 5:,} rows x 3 columns" in text
    assert "column stats from the first" in text
    assert "  when: datetime64[" in text and "dates 2020-01-01 00:00:00 .. " in text
    assert '  cat: category, 2 unique, top "a" (' in text
    assert "x.npy: array float32 (7, 3)" in text
    assert "arrs.npz: arrays a: int64 (4); b: float64 (2, 2)" in text


def test_unreadable_and_linked_files(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "x.csv").write_text("a\n1\n")
    os.symlink(tmp_path / "data", tmp_path / "data" / "loop")
    secret = tmp_path / "secret.csv"
    secret.write_text("a\n1\n")
    secret.chmod(0)
    try:
        text = data_overview(tmp_path)
    finally:
        secret.chmod(0o644)
    assert "data/x.csv: CSV, 1 row x 1 column" in text
    assert "loop/ (link to a folder listed elsewhere)" in text
    if os.geteuid() != 0:  # root reads anything
        assert "secret.csv: unreadable: Permission denied" in text


def test_empty_and_missing_folders(tmp_path: Path) -> None:
    assert data_overview(tmp_path) == (
        "Data files (0 files, 0 B; paths relative to the data folder):\n  (empty folder)"
    )
    with pytest.raises(MleWorldError, match="data directory not found"):
        data_overview(tmp_path / "nope")
    with pytest.raises(MleWorldError, match="budget"):
        data_overview(tmp_path, budget_chars=0)


def make_task_dir(root: Path) -> Path:
    task = root / "task"
    (task / "public").mkdir(parents=True)
    (task / "private").mkdir()
    (task / "task.yaml").write_text("id: t\nmetric: accuracy\nid_column: id\ntarget_columns: [y]\n")
    write_mixed_csv(task / "public" / "train.csv", n=50)
    (task / "public" / "sample_submission.csv").write_text("id,y\n1,0\n")
    (task / "private" / "answers.csv").write_text("id,y\n1,1\n")
    return task


def test_a_task_dir_resolves_to_its_public_folder(tmp_path: Path) -> None:
    task = make_task_dir(tmp_path)
    assert resolve_data_dir(task) == task / "public"
    assert resolve_data_dir(task / "public") == task / "public"
    with pytest.raises(MleWorldError):
        resolve_data_dir(tmp_path / "missing")


def test_cli_prints_the_overview_and_fails_cleanly_on_a_missing_folder(tmp_path: Path) -> None:
    task = make_task_dir(tmp_path)
    env = {**os.environ, "MLEWORLD_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [str(MLEWORLD), "task", "overview", str(task), "--budget", "1500"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.rstrip("\n")
    assert out == data_overview(task / "public", budget_chars=1500)
    assert "train.csv: CSV, 50 rows x 10 columns" in out
    assert "answers.csv" not in out and len(out) <= 1500

    missing = subprocess.run(
        [str(MLEWORLD), "task", "overview", str(tmp_path / "nope")],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert missing.returncode == 2
    assert missing.stdout == ""
    assert missing.stderr.startswith("error: data directory not found:")
    assert len(missing.stderr.strip().splitlines()) == 1


def test_cli_takes_a_bundled_suite_task_by_name(tmp_path: Path) -> None:
    env = {**os.environ, "MLEWORLD_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [str(MLEWORLD), "task", "overview", "penguins", "--no-ladder"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "train.csv: CSV, " in done.stdout and "species" in done.stdout
    assert "answers.csv" not in done.stdout
