"""The executor runs real programs: outcomes, limits, output capture, cleanup, isolation.

Each test runs real Python programs in subprocesses under whichever isolation
mechanism this machine has (see test_isolation.py for each mechanism in turn).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from mleworld.errors import ConfigError, MleWorldError, TaskError
from mleworld.execution import isolation
from mleworld.execution.isolation import ExecutorError, detect_isolation
from mleworld.execution.sandbox import RUN_ID_VAR, Limits, _Capture, execute
from mleworld.tasks.task import Task, load_task

FAST = Limits(time_limit_s=30, grace_s=1)


def make_task(root: Path, rows: int = 40) -> Task:
    """A small binary-classification task in MLE-bench layout."""
    public, private = root / "public", root / "private"
    public.mkdir(parents=True)
    private.mkdir()
    train = ["id,x1,x2,label"] + [f"{i},{i % 7},{(i * 3) % 5},{i % 2}" for i in range(rows)]
    test = ["id,x1,x2"] + [f"{i},{i % 7},{(i * 3) % 5}" for i in range(rows, rows + 10)]
    (public / "train.csv").write_text("\n".join(train) + "\n")
    (public / "test.csv").write_text("\n".join(test) + "\n")
    sample = ["id,label"] + [f"{i},0" for i in range(rows, rows + 10)]
    (public / "sample_submission.csv").write_text("\n".join(sample) + "\n")
    answers = ["id,label"] + [f"{i},{i % 2}" for i in range(rows, rows + 10)]
    (private / "answers.csv").write_text("\n".join(answers) + "\nSECRET-ANSWERS-MARKER\n")
    Task(
        path=root,
        id="toy",
        metric="accuracy",
        id_column="id",
        target_columns=("label",),
        time_limit_s=30,
    ).save()
    return load_task(root)


@pytest.fixture
def task(tmp_path: Path) -> Task:
    return make_task(tmp_path / "task")


def program(text: str) -> str:
    return textwrap.dedent(text).lstrip()


def marked_processes(run_id: str) -> list[int]:
    """Live processes whose environment carries this run's marker."""
    needle = f"{RUN_ID_VAR}={run_id}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as fh:
                state = fh.read().rsplit(b")", 1)[1].split()[0]
            with open(f"/proc/{entry}/environ", "rb") as fh:
                env = fh.read().split(b"\0")
        except OSError:
            continue
        if needle in env and state not in (b"Z", b"X"):
            found.append(int(entry))
    return found


def run_id_of(term_out: str) -> str:
    line = next(x for x in term_out.splitlines() if x.startswith("RUN_ID="))
    return line.split("=", 1)[1]


# --- outcomes of real programs ---------------------------------------------


def test_clean_run_with_metric_and_valid_submission(task: Task) -> None:
    code = program(
        """
        import pandas as pd
        from sklearn.linear_model import LogisticRegression
        from sklearn.model_selection import train_test_split

        train = pd.read_csv("./input/train.csv")
        test = pd.read_csv("./input/test.csv")
        X, y = train[["x1", "x2"]], train["label"]
        X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.25, random_state=0)
        model = LogisticRegression().fit(X_tr, y_tr)
        print(f"Validation accuracy: {model.score(X_va, y_va):.4f}")
        pd.DataFrame({"id": test["id"], "label": model.predict(test[["x1", "x2"]])}).to_csv(
            "./submission/submission.csv", index=False
        )
        """
    )
    out = execute(code, task, limits=FAST)
    assert out.exc_type == "None", out.term_out
    assert out.exit_code == 0 and not out.timed_out
    assert out.metric is not None and 0.0 <= out.metric <= 1.0
    assert out.metric_line is not None and "Validation accuracy" in out.metric_line
    assert out.submission and out.submission_valid is True and out.submission_error is None
    assert out.runtime_s > 0


@pytest.mark.parametrize(
    ("code", "exc_type", "needle"),
    [
        ("print('start')\nx = (1,\n", "SyntaxError", "SyntaxError"),
        ("print(undefined_name)\n", "NameError", "undefined_name"),
        (
            "import pandas as pd\ndf = pd.read_csv('./input/train.csv')\nprint(df['nope'])\n",
            "KeyError",
            "nope",
        ),
        ("import surely_not_a_module_xyz\n", "ModuleNotFoundError", "surely_not_a_module_xyz"),
        ("open('./input/missing.csv').read()\n", "FileNotFoundError", "missing.csv"),
    ],
    ids=["syntax", "name", "pandas-key", "module", "file"],
)
def test_crashes_report_the_exception_class(
    task: Task, code: str, exc_type: str, needle: str
) -> None:
    out = execute(code, task, limits=FAST)
    assert out.exc_type == exc_type, out.term_out
    assert out.exit_code == 1
    assert needle in out.term_out and "Traceback" in out.term_out or exc_type == "SyntaxError"
    assert not out.submission and out.submission_valid is None


def test_caught_exception_then_success_is_clean(task: Task) -> None:
    code = program(
        """
        import traceback
        try:
            {}["missing"]
        except KeyError:
            traceback.print_exc()
        print("recovered")
        """
    )
    out = execute(code, task, limits=FAST)
    assert "KeyError" in out.term_out and out.term_out.rstrip().endswith("recovered")
    assert out.exc_type == "None" and out.exit_code == 0


def test_stdout_and_stderr_interleave_in_order(task: Task) -> None:
    code = program(
        """
        import subprocess, sys
        for i in range(3):
            print(f"out{i}")
            print(f"err{i}", file=sys.stderr)
        subprocess.run([sys.executable, "-c", "print('from-child')"])
        print("last")
        """
    )
    out = execute(code, task, limits=FAST)
    assert out.term_out.split() == [
        "out0",
        "err0",
        "out1",
        "err1",
        "out2",
        "err2",
        "from-child",
        "last",
    ]


def test_death_by_signal_is_a_negative_exit_code(task: Task) -> None:
    out = execute(
        "import os, signal\nprint('x', flush=True)\nos.kill(os.getpid(), signal.SIGSEGV)\n",
        task,
        limits=FAST,
    )
    assert out.exit_code == -11
    assert out.exc_type == "SegmentationFault"


def test_plain_nonzero_exit_code_is_kept(task: Task) -> None:
    out = execute("import sys\nsys.exit(3)\n", task, limits=FAST)
    assert out.exit_code == 3 and out.exc_type == "SystemExit"


# --- limits ----------------------------------------------------------------


def test_timeout_kills_the_tree_and_keeps_output(task: Task) -> None:
    code = program(
        f"""
        import os, subprocess, sys, time
        print("RUN_ID=" + os.environ["{RUN_ID_VAR}"], flush=True)
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
        print("before the limit", flush=True)
        time.sleep(120)
        """
    )
    out = execute(code, task, limits=Limits(time_limit_s=2, grace_s=1))
    assert out.timed_out and out.exc_type == "TimeoutError"
    assert "before the limit" in out.term_out
    assert "KeyboardInterrupt" in out.term_out  # SIGINT first: the program printed its traceback
    assert out.runtime_s < 30
    assert marked_processes(run_id_of(out.term_out)) == []


def test_timeout_interrupts_the_program_when_the_launcher_ignores_sigint(task: Task) -> None:
    # A background job (nohup, `&`) starts with SIGINT ignored; the program must not inherit that.
    launcher = textwrap.dedent(
        f"""
        import signal, sys
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        from mleworld.execution.sandbox import Limits, execute
        from mleworld.tasks.task import load_task
        out = execute("import time\\nprint('started', flush=True)\\ntime.sleep(60)\\n",
                      load_task({str(task.path)!r}), limits=Limits(time_limit_s=2, grace_s=5))
        sys.stdout.write(out.exc_type + "\\n" + out.term_out)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", launcher], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("TimeoutError\n")
    assert "started" in done.stdout
    assert "KeyboardInterrupt" in done.stdout


def test_timeout_even_when_the_program_swallows_the_interrupt(task: Task) -> None:
    code = program(
        """
        import time
        while True:
            try:
                time.sleep(60)
            except KeyboardInterrupt:
                print("ignoring the interrupt", flush=True)
        """
    )
    out = execute(code, task, limits=Limits(time_limit_s=1, grace_s=1))
    assert out.timed_out and out.exc_type == "TimeoutError"
    assert "ignoring the interrupt" in out.term_out
    assert out.exit_code == -9


def test_memory_blowup_is_reported(task: Task) -> None:
    code = "print('allocating', flush=True)\nblocks = [bytearray(64 * 2**20) for _ in range(100)]\n"
    out = execute(code, task, limits=Limits(time_limit_s=30, memory_mb=512))
    assert out.exc_type in ("MemoryError", "Killed"), out.term_out
    assert "allocating" in out.term_out


def test_file_size_limit(task: Task) -> None:
    code = "with open('working/big.bin', 'wb') as fh:\n    fh.write(b'0' * 3 * 2**20)\n"
    out = execute(code, task, limits=Limits(time_limit_s=30, file_size_mb=1))
    assert out.exc_type == "OSError" and "File too large" in out.term_out


def test_thread_caps_and_scrubbed_environment(task: Task, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-should-not-leak")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "aws-should-not-leak")
    code = program(
        """
        import os
        for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS",
                     "PYTHONUNBUFFERED", "MPLBACKEND", "PYTHONDONTWRITEBYTECODE"):
            print(name, os.environ.get(name))
        print("HOME", os.environ["HOME"])
        print("ALL", sorted(os.environ))
        """
    )
    out = execute(code, task, limits=Limits(time_limit_s=30, threads=3))
    lines = dict(line.split(" ", 1) for line in out.term_out.splitlines())
    assert (
        lines["OMP_NUM_THREADS"] == lines["MKL_NUM_THREADS"] == lines["OPENBLAS_NUM_THREADS"] == "3"
    )
    assert lines["PYTHONUNBUFFERED"] == "1" and lines["MPLBACKEND"] == "Agg"
    assert lines["PYTHONDONTWRITEBYTECODE"] == "1"
    assert lines["HOME"] != os.environ.get("HOME")
    assert "leak" not in out.term_out and "OPENAI_API_KEY" not in lines["ALL"]


def test_limits_validate() -> None:
    with pytest.raises(ConfigError, match="time_limit_s"):
        Limits(time_limit_s=0)
    with pytest.raises(ConfigError, match="memory_mb"):
        Limits(memory_mb=1)
    with pytest.raises(ConfigError, match="unknown limit"):
        Limits.from_dict({"time_limit": 3})
    assert Limits.from_dict(Limits(threads=2).to_dict()) == Limits(threads=2)


# --- output ----------------------------------------------------------------


def test_huge_output_is_capped_with_bounded_memory(tmp_path: Path) -> None:
    """100 MB of output, executed in a fresh interpreter whose peak memory we read."""
    driver = program(
        """
        import json, resource, sys
        from mleworld.execution.sandbox import Limits, execute
        code = "import sys\\nsys.stdout.write('head-line\\\\n')\\n" \\
               "for _ in range(100):\\n    sys.stdout.write('x' * 2**20)\\n" \\
               "sys.stdout.write('\\\\ntail-line\\\\n')\\n"
        execute("print(1)", limits=Limits(time_limit_s=60))  # warm up: imports, probe
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        out = execute(code, limits=Limits(time_limit_s=120, max_output_bytes=100_000))
        growth = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 - before
        marker = [l for l in out.term_out.splitlines() if "bytes omitted" in l]
        lines = out.term_out.splitlines()
        print(json.dumps([out.exc_type, len(out.term_out), growth, lines[0], lines[-1], marker]))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", driver], capture_output=True, text=True, timeout=300, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    exc_type, length, growth_mb, head, tail, markers = json.loads(done.stdout)
    assert exc_type == "None"
    assert length <= 100_000 + 100
    assert growth_mb < 40  # the stream was 100 MB; only 100 kB were kept
    assert head == "head-line" and tail == "tail-line"
    total = len("head-line\n") + 100 * 2**20 + len("\ntail-line\n")
    assert len(markers) == 1
    omitted = int(markers[0].split("[")[1].split()[0])
    assert omitted == total - 100_000


def test_capture_keeps_utf8_characters_whole() -> None:
    capture = _Capture(limit=300)
    for _ in range(200):
        capture.add("é€😀".encode())  # 2 + 3 + 4 bytes
    text = capture.text()
    assert "\ufffd" not in text
    assert "bytes omitted" in text
    head, tail = text.split("\n... [")[0], text.split("] ...\n")[1]
    assert head.startswith("é€😀") and tail.endswith("é€😀")
    omitted = int(text.split("[")[1].split()[0])
    assert omitted + len(head.encode()) + len(tail.encode()) == 200 * 9


def test_small_output_is_exact() -> None:
    capture = _Capture(limit=1000)
    capture.add(b"abc\n")
    capture.add(b"\xff broken utf8\n")
    assert capture.text() == "abc\n\ufffd broken utf8\n"


# --- processes left behind ----------------------------------------------------


def test_children_that_outlive_the_parent_are_killed(task: Task) -> None:
    code = program(
        f"""
        import os, subprocess, sys, time
        print("RUN_ID=" + os.environ["{RUN_ID_VAR}"], flush=True)
        if os.fork() == 0:              # classic double-fork daemon in its own session
            os.setsid()
            if os.fork() == 0:
                time.sleep(120)
            os._exit(0)
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"],
                         start_new_session=True)
        time.sleep(0.5)
        print("parent done")
        """
    )
    out = execute(code, task, limits=FAST)
    assert out.exc_type == "None" and "parent done" in out.term_out
    assert marked_processes(run_id_of(out.term_out)) == []


# --- workspace and isolation ---------------------------------------------------


def test_program_sees_public_files_only_and_input_is_read_only(task: Task) -> None:
    code = program(
        """
        import os
        print(sorted(os.listdir("input")))
        print(sorted(os.listdir(".")))
        try:
            open("input/train.csv", "a").write("corrupted\\n")
            print("WROTE")
        except OSError as exc:
            print("refused", type(exc).__name__)
        """
    )
    before = (task.public_dir / "train.csv").read_text()
    out = execute(code, task, limits=FAST)
    lines = out.term_out.splitlines()
    assert lines[0] == "['sample_submission.csv', 'test.csv', 'train.csv']"
    assert lines[1] == "['input', 'runfile.py', 'submission', 'working']"
    assert (task.public_dir / "train.csv").read_text() == before
    if os.geteuid() != 0 or detect_isolation().mechanism in ("bwrap", "user"):
        assert lines[2].startswith("refused")


def test_private_answers_are_out_of_reach(task: Task) -> None:
    code = program(
        f"""
        import os, sys
        system = ["/usr", "/proc", "/sys", "/dev", "/etc", "/lib", "/bin", "/sbin"]
        skip = tuple(system + [p for p in sys.path + [sys.prefix, sys.base_prefix] if p])
        try:
            print(open({str(task.answers_path)!r}).read())
        except OSError as exc:
            print("denied", type(exc).__name__)
        found = []
        here = os.getcwd()
        while True:
            for root, dirs, files in os.walk(here):
                dirs[:] = [d for d in dirs if not os.path.join(root, d).startswith(skip)]
                found += [os.path.join(root, f) for f in files if f == "answers.csv"]
            if here == "/":
                break
            here = os.path.dirname(here)
        print("found", found)
        """
    )
    out = execute(code, task, limits=Limits(time_limit_s=60))
    if detect_isolation().mechanism == "none":
        pytest.skip("no isolation mechanism on this machine (see isolation_status())")
    lines = out.term_out.splitlines()
    assert lines[0] in ("denied PermissionError", "denied FileNotFoundError"), out.term_out
    assert lines[1] == "found []"
    assert "SECRET-ANSWERS-MARKER" not in out.term_out


def test_keep_workspace_and_default_removal(task: Task, tmp_path: Path) -> None:
    code = "import os\nprint(os.getcwd())\nopen('submission/submission.csv', 'w').write('id,label\\n')\n"
    removed = execute(code, task, limits=FAST)
    assert not Path(removed.term_out.strip()).exists()
    kept = execute(code, task, limits=FAST, keep_workspace=True)
    root = Path(kept.term_out.strip())
    try:
        assert (root / "submission" / "submission.csv").is_file()
        assert (root / "runfile.py").read_text() == code
        assert sorted(p.name for p in (root / "input").iterdir()) == [
            "sample_submission.csv",
            "test.csv",
            "train.csv",
        ]
        assert not (root / "input" / "answers.csv").exists()
        assert kept.submission and kept.submission_valid is False  # wrong rows
    finally:
        isolation_cleanup(root)


def isolation_cleanup(root: Path) -> None:
    from mleworld.execution.workspace import remove_tree

    remove_tree(root)


def test_given_workspace_is_used_and_kept(task: Task, tmp_path: Path) -> None:
    target = tmp_path / "ws"
    out = execute("import os\nprint(os.getcwd())\n", task, limits=FAST, workspace=target)
    assert out.term_out.strip() == str(target)
    assert (target / "runfile.py").is_file()
    with pytest.raises(MleWorldError, match="not an empty directory"):
        execute("print(1)\n", task, limits=FAST, workspace=target)


def test_workspace_inside_the_task_dir_is_refused(task: Task) -> None:
    with pytest.raises(MleWorldError, match="inside"):
        execute("print(1)\n", task, limits=FAST, workspace=task.path / "ws")


def test_data_dir_instead_of_a_task(task: Task) -> None:
    code = program(
        """
        import os
        print(sorted(os.listdir("input")))
        open("submission/submission.csv", "w").write(open("input/sample_submission.csv").read())
        """
    )
    out = execute(code, data_dir=task.public_dir, limits=FAST)
    assert out.exc_type == "None"
    assert out.term_out.splitlines()[0] == "['sample_submission.csv', 'test.csv', 'train.csv']"
    assert out.submission and out.submission_valid is True
    with pytest.raises(MleWorldError, match="not both"):
        execute("print(1)\n", task, data_dir=task.public_dir)


def test_submission_symlink_is_never_followed(task: Task, tmp_path: Path) -> None:
    code = f"import os\nos.symlink({str(task.answers_path)!r}, 'submission/submission.csv')\n"
    out = execute(code, task, limits=FAST)
    assert out.submission and out.submission_valid is False
    assert "regular file" in (out.submission_error or "")
    # A kept workspace keeps no link to the answers for anything downstream to copy.
    kept = execute(code, task, limits=FAST, keep_workspace=True, workspace=tmp_path / "ws")
    assert kept.submission_valid is False
    assert not os.path.lexists(tmp_path / "ws" / "submission" / "submission.csv")
    folder_code = f"import os, shutil\nshutil.rmtree('submission')\nos.symlink({str(task.private_dir)!r}, 'submission')\n"
    linked = execute(folder_code, task, limits=FAST, workspace=tmp_path / "ws2")
    assert linked.submission_valid is False
    assert not os.path.lexists(tmp_path / "ws2" / "submission")
    assert task.answers_path.is_file()  # the target itself is untouched


def test_no_network(task: Task) -> None:
    """A real HTTP server on loopback in this process; the program must not reach it."""
    import http.server
    import threading

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        code = program(
            f"""
            import urllib.request
            try:
                urllib.request.urlopen("http://127.0.0.1:{port}/", timeout=5)
                print("reached")
            except OSError as exc:
                print("blocked", type(exc).__name__)
            """
        )
        mechanism = detect_isolation().mechanism
        out = execute(code, task, limits=FAST)
        if mechanism in ("bwrap", "landlock"):
            assert out.term_out.startswith("blocked"), out.term_out
        opened = execute(code, task, limits=Limits(time_limit_s=30, network=True))
        assert opened.term_out.startswith("reached"), opened.term_out
    finally:
        server.shutdown()


def test_executor_failure_raises_executor_error(
    task: Task, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    iso = detect_isolation()
    if iso.mechanism != "bwrap":
        pytest.skip("needs bubblewrap")
    fake = tmp_path / "bwrap"
    fake.write_text(
        "#!/bin/sh\necho 'bwrap: Cannot mount proc on /newroot/proc: Operation not permitted' >&2\n"
        "exit 1\n"
    )
    fake.chmod(0o755)
    from dataclasses import replace

    monkeypatch.setattr(
        "mleworld.execution.sandbox.detect_isolation", lambda: replace(iso, bwrap=str(fake))
    )
    with pytest.raises(ExecutorError, match="mount proc"):
        execute("print(1)\n", task, limits=FAST)


def test_many_runs_leave_no_temp_dirs(
    task: Task, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    for code in ("print(1)\n", "raise ValueError\n", "import time\ntime.sleep(5)\n"):
        execute(code, task, limits=Limits(time_limit_s=1, grace_s=0.5))
    # The machine-wide folder of running programs stays (execution/concurrency.py), empty.
    left = {path.name: path for path in (tmp_path / "tmp").iterdir()}
    slots = left.pop("mleworld-running", None)
    assert left == {}
    assert slots is None or list(slots.iterdir()) == []


def test_runs_are_timed(task: Task) -> None:
    start = time.monotonic()
    out = execute("import time\ntime.sleep(0.3)\n", task, limits=FAST)
    assert 0.3 <= out.runtime_s <= time.monotonic() - start


def test_isolation_module_is_exported() -> None:
    assert isolation.isolation_status() == detect_isolation().describe()


@pytest.mark.parametrize("keep", [False, True])
def test_public_symlink_to_private_never_leaks(task: Task, keep: bool) -> None:
    (task.public_dir / "leak.csv").symlink_to(task.answers_path)
    (task.public_dir / "leak_rel.csv").symlink_to(Path("..") / "private" / "answers.csv")
    code = program(
        """
        for name in ("input/leak.csv", "input/leak_rel.csv"):
            try:
                print(open(name).read())
            except OSError as exc:
                print("denied", type(exc).__name__)
        """
    )
    try:
        out = execute(code, task, limits=FAST, keep_workspace=keep)
    except TaskError as exc:
        assert "outside" in str(exc)  # refused before the run: nothing could leak
        return
    assert "SECRET-ANSWERS-MARKER" not in out.term_out
    assert out.term_out.count("denied") == 2
