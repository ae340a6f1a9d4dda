"""mleworld.files: a reader sees the old file or the new one, and writers never collide."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from mleworld.files import (
    atomic_copy,
    atomic_output,
    atomic_write_bytes,
    atomic_write_text,
    replace_directory,
)


def test_a_write_replaces_the_file_and_leaves_no_temporary_behind(tmp_path: Path) -> None:
    target = tmp_path / "task.yaml"
    target.write_text("old\n")
    assert atomic_write_text(target, "new ✓\n") == target
    assert target.read_text(encoding="utf-8") == "new ✓\n"
    atomic_write_bytes(target, b"\x00bytes", durable=True)
    assert target.read_bytes() == b"\x00bytes"
    assert [p.name for p in tmp_path.iterdir()] == ["task.yaml"]


def test_a_failed_write_keeps_the_old_content(tmp_path: Path) -> None:
    target = tmp_path / "results.json"
    target.write_text('{"rows": 1}\n')
    with pytest.raises(RuntimeError, match="half way"), atomic_output(target) as handle:
        handle.write('{"rows": ')
        raise RuntimeError("half way")
    assert target.read_text() == '{"rows": 1}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]
    missing = tmp_path / "never.json"
    with pytest.raises(RuntimeError), atomic_output(missing, "wb"):
        raise RuntimeError("before anything")
    assert not missing.exists()


def test_threads_writing_one_file_at_once_each_land_whole(tmp_path: Path) -> None:
    target = tmp_path / "summary.json"
    texts = {name: name * 50_000 for name in "ab"}
    errors: list[BaseException] = []

    def write(name: str) -> None:
        try:
            for _ in range(100):
                atomic_write_text(target, texts[name])
        except BaseException as exc:  # a shared temporary name fails here
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(name,)) for name in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert target.read_text() in texts.values()
    assert [p.name for p in tmp_path.iterdir()] == ["summary.json"]


def test_copy_and_directory_swap(tmp_path: Path) -> None:
    source = tmp_path / "node.csv"
    source.write_bytes(b"id,y\n1,0\n")
    copied = atomic_copy(source, tmp_path / "submission.csv")
    assert copied.read_bytes() == b"id,y\n1,0\n"

    model = tmp_path / "model"
    model.mkdir()
    (model / "old.txt").write_text("old")
    staging = tmp_path / ".model.staging"
    staging.mkdir()
    (staging / "new.txt").write_text("new")
    replace_directory(staging, model)
    assert [p.name for p in model.iterdir()] == ["new.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model", "node.csv", "submission.csv"]
    fresh = tmp_path / "fresh"
    staging.mkdir()
    replace_directory(staging, fresh)
    assert fresh.is_dir() and not staging.exists()


def test_only_write_modes_are_accepted(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="mode 'w' or 'wb'"), atomic_output(tmp_path / "x", "a"):
        pass
