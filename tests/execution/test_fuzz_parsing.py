"""The outcome parser on fuzzed terminal output (tests/fuzzing/outcome.py says what is correct)."""

from __future__ import annotations

from hypothesis import given

from fuzzing.harness import assert_no_crash, bounded
from fuzzing.outcome import OUTCOME, RUNS, Run


@bounded(300)
@given(RUNS)
def test_outcome_parser_reads_any_output(run: Run) -> None:
    assert_no_crash(OUTCOME, run, None)


def test_a_stray_stdout_line_inside_an_exception_group_does_not_hide_its_class() -> None:
    # Found by the fuzzer: the group's block ended at the first line without "|".
    from mleworld.execution.parsing import last_fatal, parse_exception

    out = (
        "Validation score: 0.5\n"
        "  + Exception Group Traceback (most recent call last):\n"
        '  |   File "runfile.py", line 3, in <module>\n'
        '  |     raise ExceptionGroup("several", errors)\n'
        "fold two done\n"
        "  | ExceptionGroup: several (2 sub-exceptions)\n"
        "  +-+---------------- 1 ----------------\n"
        "    | ValueError: 1\n"
        "    +------------------------------------\n"
    )
    assert parse_exception(out, 1, False) == "ExceptionGroup"
    fatal = last_fatal(out)
    assert fatal is not None and fatal.cls == "ExceptionGroup"
