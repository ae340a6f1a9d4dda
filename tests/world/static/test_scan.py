"""No false finding, and no printed text that differs, on real clean runs (a sample).

The full scan (every record of the default corpus and both foreign halves) is
benchmarks/static_scan.py; here the foreign development half's own tasks and one
suite task's clean corpus records, so the suite stays quick.
"""

from __future__ import annotations

import itertools

import pytest

from mleworld.corpus.default import default_corpus
from mleworld.corpus.foreign import open_program_set
from mleworld.world.static.scan import same_message, scan


def test_foreign_dev_programs_on_the_sets_own_tasks_get_no_false_finding() -> None:
    programs = open_program_set("foreign")
    own = set(programs.task_dirs())
    records = [r for r in programs.half("dev") if r.task_id in own]
    result = scan(records, programs.data_dir())
    assert result.clean >= 5
    assert result.false_findings == []
    assert sum(result.hits.values()) >= 1  # the scan does see crashes it can name
    assert result.wrong_texts == []


@pytest.mark.slow
def test_clean_corpus_records_of_one_suite_task_get_no_false_finding() -> None:
    from mleworld.tasks.suite import suite_data_dir

    corpus = default_corpus()
    records = list(itertools.islice(corpus.iter_records(tasks=["penguins"]), 120))
    result = scan(records, suite_data_dir)
    assert result.clean >= 40
    assert result.false_findings == []
    assert result.wrong_texts == []


def test_a_set_of_options_matches_in_any_order_and_nothing_else_does() -> None:
    head = "InvalidParameterError: The 'loss' parameter of SGDClassifier must be a str among "
    assert same_message(
        head + "{'hinge', 'log_loss'}. Got 'log'.", head + "{'log_loss', 'hinge'}. Got 'log'."
    )
    assert not same_message(head + "{'hinge'}. Got 'log'.", head + "{'log_loss'}. Got 'log'.")
    assert not same_message("KeyError: 'a'", "KeyError: 'b'")
