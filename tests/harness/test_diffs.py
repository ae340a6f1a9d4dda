"""Unified diffs against a parent program: applied where they fit, refused where not."""

from __future__ import annotations

import pytest

from mleworld.harness.diffs import DiffError, apply_diff, make_diff

PARENT = "".join(f"line {i}\n" for i in range(1, 21))


def test_make_and_apply_round_trip_with_several_hunks() -> None:
    child = (
        PARENT.replace("line 2\n", "line two\n")
        .replace("line 18\n", "")
        .replace("line 10\n", "line 10\nline 10.5\n")
    )
    diff = make_diff(PARENT, child, context=1)
    assert diff.count("@@ -") == 3
    assert apply_diff(PARENT, diff) == child


def test_a_hunk_whose_header_is_off_still_applies_where_its_context_matches() -> None:
    diff = "@@ -1,3 +1,3 @@\n line 11\n-line 12\n+line twelve\n line 13\n"
    assert "line twelve\nline 13\n" in apply_diff(PARENT, diff)


def test_a_diff_for_another_program_names_the_hunk_that_does_not_fit() -> None:
    diff = make_diff(PARENT, PARENT.replace("line 5\n", "five\n")).replace("line 5", "line 50")
    with pytest.raises(DiffError, match=r"hunk 1 \(at parent line 2\) does not apply"):
        apply_diff(PARENT, diff)


def test_text_that_is_no_diff_is_refused() -> None:
    with pytest.raises(DiffError, match="no hunk"):
        apply_diff(PARENT, "please change line 5")
    with pytest.raises(DiffError, match="starts with neither"):
        apply_diff(PARENT, "@@ -1,2 +1,2 @@\n line 1\n*line 2\n")


def test_a_removed_line_that_looks_like_a_file_header_stays_in_its_hunk() -> None:
    parent = "a\n-- b\nc\n"
    diff = "@@ -1,3 +1,2 @@\n a\n--- b\n c\n"
    assert apply_diff(parent, diff) == "a\nc\n"
