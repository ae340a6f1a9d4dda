"""check_submission on real CSV files written to disk."""

from __future__ import annotations

from pathlib import Path

import pytest

from mleworld.execution.submission import check_submission

SAMPLE = "id,target\n1,0.5\n2,0.5\n3,0.5\n"


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    path = tmp_path / "sample_submission.csv"
    path.write_text(SAMPLE)
    return path


def write(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "submission.csv"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


def test_valid_submission(tmp_path: Path, sample: Path) -> None:
    sub = write(tmp_path, "id,target\n3,0.1\n1,0.9\n2,0.4\n")
    assert check_submission(sub, sample) == (True, None)


def test_columns_in_another_order_are_fine(tmp_path: Path, sample: Path) -> None:
    sub = write(tmp_path, "target,id\n0.1,1\n0.9,2\n0.4,3\n")
    assert check_submission(sub, sample) == (True, None)


def test_missing_file(tmp_path: Path, sample: Path) -> None:
    assert check_submission(tmp_path / "submission.csv", sample) == (
        False,
        "submission.csv was not written",
    )


def test_missing_file_is_reported_even_without_a_sample(tmp_path: Path) -> None:
    assert check_submission(tmp_path / "submission.csv", None) == (
        False,
        "submission.csv was not written",
    )


def test_no_sample_means_not_checked(tmp_path: Path) -> None:
    sub = write(tmp_path, "id,target\n1,0\n")
    assert check_submission(sub, None) == (None, None)
    assert check_submission(sub, tmp_path / "absent.csv") == (None, None)


def test_unreadable_submission_is_invalid_even_without_a_sample(tmp_path: Path) -> None:
    sub = write(tmp_path, "")
    assert check_submission(sub, None) == (False, "submission.csv is empty")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "submission.csv is empty"),
        ("\n\n", "submission.csv is empty"),
        ("id,target\n", "submission.csv has a header but no rows"),
        (
            'id,target\n1,"0.5\n',
            "submission.csv is not a readable CSV: Error tokenizing data. C error: EOF inside string starting at row 1",
        ),
        (b"id,target\n1,\xff\xfe\x00\n", "submission.csv is not UTF-8 text"),
    ],
)
def test_unreadable(tmp_path: Path, sample: Path, text: str | bytes, reason: str) -> None:
    assert check_submission(write(tmp_path, text), sample) == (False, reason)


def test_missing_column(tmp_path: Path, sample: Path) -> None:
    sub = write(tmp_path, "id,prediction\n1,0\n2,0\n3,0\n")
    assert check_submission(sub, sample) == (
        False,
        "submission.csv lacks column(s) 'target' that sample_submission.csv has",
    )


def test_extra_column(tmp_path: Path, sample: Path) -> None:
    sub = write(tmp_path, "id,target,prob\n1,0,0.2\n2,0,0.2\n3,0,0.2\n")
    assert check_submission(sub, sample) == (
        False,
        "submission.csv has extra column(s) 'prob' not in sample_submission.csv",
    )


def test_row_count(tmp_path: Path, sample: Path) -> None:
    sub = write(tmp_path, "id,target\n1,0\n2,0\n")
    assert check_submission(sub, sample) == (
        False,
        "submission.csv has 2 rows; sample_submission.csv has 3",
    )


def test_missing_values(tmp_path: Path, sample: Path) -> None:
    sub = write(tmp_path, "id,target\n1,0.2\n2,\n3,nan\n")
    assert check_submission(sub, sample) == (
        False,
        "submission.csv has 2 missing value(s) in column 'target'",
    )


def test_different_ids(tmp_path: Path, sample: Path) -> None:
    sub = write(tmp_path, "id,target\n1,0\n2,0\n4,0\n")
    assert check_submission(sub, sample) == (
        False,
        "submission.csv column 'id': 1 id(s) of sample_submission.csv are missing ('3'); "
        "1 id(s) are not in sample_submission.csv ('4')",
    )


def test_duplicate_ids(tmp_path: Path, sample: Path) -> None:
    sub = write(tmp_path, "id,target\n1,0\n1,0\n2,0\n")
    assert check_submission(sub, sample) == (
        False,
        "submission.csv repeats id(s) '1' in column 'id'",
    )


def test_integral_ids_written_as_floats_match(tmp_path: Path, sample: Path) -> None:
    sub = write(tmp_path, "id,target\n1.0,0\n2.0,0\n3.0,0\n")
    assert check_submission(sub, sample) == (True, None)


def test_named_id_column(tmp_path: Path) -> None:
    sample = tmp_path / "sample_submission.csv"
    sample.write_text("target,PassengerId\n0,892\n0,893\n")
    good = write(tmp_path, "PassengerId,target\n893,1\n892,0\n")
    assert check_submission(good, sample, id_column="PassengerId") == (True, None)
    bad = write(tmp_path, "PassengerId,target\n893,1\n1,0\n")
    valid, reason = check_submission(bad, sample, id_column="PassengerId")
    assert valid is False and reason is not None and "'PassengerId'" in reason
    # Without the hint the sample's first column (here the target) is taken as the id.
    good = write(tmp_path, "PassengerId,target\n893,1\n892,0\n")
    valid, reason = check_submission(good, sample)
    assert (
        valid is False
        and reason is not None
        and reason.startswith("submission.csv column 'target'")
    )


def test_string_ids_and_long_lists(tmp_path: Path) -> None:
    sample = tmp_path / "sample_submission.csv"
    sample.write_text("key,y\n" + "".join(f"k{i},0\n" for i in range(10)))
    sub = write(tmp_path, "key,y\n" + "".join(f"z{i},0\n" for i in range(10)))
    valid, reason = check_submission(sub, sample)
    assert valid is False
    assert reason == (
        "submission.csv column 'key': 10 id(s) of sample_submission.csv are missing "
        "('k0', 'k1', 'k2', 'k3', 'k4' and 5 more); 10 id(s) are not in sample_submission.csv "
        "('z0', 'z1', 'z2', 'z3', 'z4' and 5 more)"
    )


def test_single_column_sample_has_no_ids(tmp_path: Path) -> None:
    sample = tmp_path / "sample_submission.csv"
    sample.write_text("y\n0\n0\n")
    assert check_submission(write(tmp_path, "y\n5\n6\n"), sample) == (True, None)
