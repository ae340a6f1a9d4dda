"""Without the [hf] / [serve] extras, the commands say which line installs them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from cli_runner import run_cli
from mleworld.errors import MleWorldError
from mleworld.world.llm import deps


def hide(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        deps.importlib.util, "find_spec", lambda name, *a: None if name in names else real(name, *a)
    )


def test_require_names_the_missing_modules_and_the_install_line(monkeypatch) -> None:
    hide(monkeypatch, "torch", "trl")
    with pytest.raises(MleWorldError) as info:
        deps.require("hf", what="wm train --backend hf")
    assert "torch, trl not installed" in str(info.value)
    assert str(info.value).endswith("pip install 'mleworld[hf]'")
    deps.require("hf", "tokenizers")  # what is installed passes


def test_cli_without_the_extras_prints_one_line(monkeypatch, tmp_path: Path, capsys) -> None:
    hide(monkeypatch, "fastapi", "torch")
    code, _, err = run_cli(["serve", "--port", "8123"], capsys)
    assert code == 2 and "pip install 'mleworld[serve]'" in err and "Traceback" not in err
    program = tmp_path / "x.py"
    program.write_text("print(1)\n")
    code, _, err = run_cli(["predict", str(program), "--data-dir", str(tmp_path),
                            "--world-model", f"hf:{tmp_path}"], capsys)  # fmt: skip
    assert code == 2 and "pip install 'mleworld[hf]'" in err and "Traceback" not in err


def test_requiring_hf_keeps_the_hugging_face_libraries_offline() -> None:
    import subprocess
    import sys

    pytest.importorskip("huggingface_hub")
    script = (
        "import os\n"
        "for name in ('HF_HUB_OFFLINE', 'HF_HUB_DISABLE_TELEMETRY', 'TRANSFORMERS_OFFLINE'):\n"
        "    os.environ.pop(name, None)\n"
        "from mleworld.world.llm.deps import require\n"
        "require('hf', 'tokenizers')\n"
        "from huggingface_hub import constants\n"
        "print(constants.HF_HUB_OFFLINE, constants.HF_HUB_DISABLE_TELEMETRY)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]
