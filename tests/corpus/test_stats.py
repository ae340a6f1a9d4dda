"""Table-5 statistics over a stored corpus."""

from __future__ import annotations

from pathlib import Path

from conftest import make_record, ml_program
from mleworld.corpus.stats import program_lines, render_markdown, stats
from mleworld.corpus.store import Corpus


def _corpus(tmp_path: Path) -> Corpus:
    records = []
    plan = [
        ("None", "draft", "qwen-9b"),
        ("None", "improve", "qwen-9b"),
        ("ValueError", "debug", "coder"),
        ("ValueError", "debug", "coder"),
        ("KeyError", "draft", "coder"),
        ("TimeoutError", "improve", "qwen-9b"),
        ("KeyboardInterrupt", "improve", "qwen-9b"),
    ]
    for i, (exc, stage, gen) in enumerate(plan):
        records.append(
            make_record(
                ml_program(i),
                exc=exc,
                stage=stage,
                generator=gen,
                node=str(i),
                task="titanic" if i < 5 else "spaceship",
            )
        )
    corpus = Corpus.create(tmp_path / "c")
    corpus.append(records, shard_rows=3)
    corpus.set_holdout({"titanic": [records[0].id]})
    return corpus


def test_stats_counts_like_table_5(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path)
    table = stats(corpus)
    for key in (
        "total",
        "by_outcome",
        "by_exception",
        "by_task",
        "by_stage",
        "by_generator",
        "labels",
        "lengths",
        "holdout_total",
    ):
        assert key in table
    assert table["total"] == 7 and table["holdout_total"] == 1 and table["train_total"] == 6
    assert table["by_outcome"] == {"clean": 2, "crash": 3, "timeout": 2}
    assert table["by_exception"] == {"ValueError": 2, "KeyError": 1}
    assert table["by_stage"] == {"improve": 3, "debug": 2, "draft": 2}
    assert table["by_generator"] == {"qwen-9b": 4, "coder": 3}
    assert table["by_task"] == {"spaceship": 2, "titanic": 5}
    assert table["labels"] == {"metric": 2, "submission": 2}
    lines = sorted(program_lines(ml_program(i)) for i in range(7))
    assert table["lengths"]["program_lines"]["median"] == lines[3]
    assert (
        table["lengths"]["prompt_tokens"]["median"]
        > table["lengths"]["target_tokens"]["median"]
        > 0
    )
    assert table["lengths"]["prompt_tokens"]["p90"] >= table["lengths"]["prompt_tokens"]["median"]

    train = stats(corpus, split="train")
    assert train["total"] == 6 and train["by_outcome"]["clean"] == 1 and train["holdout_total"] == 0

    markdown = render_markdown(table)
    assert "| Crash | 3 | 42.9 |" in markdown
    assert "| ValueError | 2 | 66.7 |" in markdown  # share of crashes
    assert "| Timeout / interrupt | 2 | 28.6 |" in markdown
    assert "Holdout: 1 programs" in markdown


def test_stats_of_an_empty_corpus(tmp_path: Path) -> None:
    table = stats(Corpus.create(tmp_path / "c"))
    assert table["total"] == 0 and table["by_outcome"] == {"clean": 0, "crash": 0, "timeout": 0}
    assert "| All programs | 0 | 100.0 |" in render_markdown(table)
