"""Files read and written, against the workspace layout and the task's data folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from mleworld.world.static import analyze


def fatal(program: str, data_dir: Path | None) -> list[str]:
    return [
        f.message for f in analyze(program, data_dir).findings if f.fatal and f.confidence >= 0.5
    ]


@pytest.mark.parametrize(
    "program",
    [
        "import pandas as pd\nfrom pathlib import Path\nD = Path('input')\n"
        "a = pd.read_csv(D / 'train.csv')\nb = pd.read_csv('input/test.csv')\n"
        "c = pd.read_csv('./input/../input/sample_submission.csv')\n",
        "import os\nimport pandas as pd\nfor name in ['train', 'test']:\n"
        "    df = pd.read_csv(os.path.join('./input', f'{name}.csv'))\n",
        "import pandas as pd\nimport os\np = './input/extra.csv'\ndf = pd.read_csv(p) if os.path.exists(p) else None\n",
        "import pandas as pd\nfrom pathlib import Path\nif Path('./input/extra.csv').is_file():\n"
        "    df = pd.read_csv('./input/extra.csv')\n",
        "import pandas as pd\nimport sys\npath = sys.argv[1] if len(sys.argv) > 1 else None\n"
        "df = pd.read_csv(path) if path else None\n",
    ],
)
def test_existing_guarded_or_unknown_paths_are_fine(program: str, data_dir: Path) -> None:
    assert fatal(program, data_dir) == []


def test_a_file_the_program_writes_elsewhere_may_be_read(data_dir: Path) -> None:
    program = (
        "import pandas as pd\n\ndef load():\n    return pd.read_csv('features.csv')\n\n"
        "def build():\n    pd.read_csv('./input/train.csv').to_csv('features.csv')\n\n"
        "build()\nf = load()\n"
    )
    assert fatal(program, data_dir) == []


def test_directories_the_program_creates_may_be_written_to(data_dir: Path) -> None:
    program = (
        "import os\nimport pandas as pd\nos.makedirs('out/preds', exist_ok=True)\n"
        "pd.DataFrame({'a': [1]}).to_csv('out/preds/p.csv')\n"
        "with open('./working/log.txt', 'w') as fh:\n    fh.write('x')\n"
    )
    assert fatal(program, data_dir) == []


def test_without_a_data_folder_only_paths_outside_input_are_checked() -> None:
    program = "import pandas as pd\na = pd.read_csv('./input/anything.csv')\nb = pd.read_csv('data/train.csv')\n"
    assert fatal(program, None) == [
        "FileNotFoundError: [Errno 2] No such file or directory: 'data/train.csv'"
    ]


def test_writes_to_paths_analysis_cannot_follow_lower_confidence(data_dir: Path) -> None:
    program = (
        "import pandas as pd\nimport sys\ndf = pd.read_csv('./input/train.csv')\n"
        "df.to_csv(sys.argv[0] + '.csv')\nagain = pd.read_csv('cache.csv')\n"
    )
    finding = next(f for f in analyze(program, data_dir).findings if f.detector == "files")
    assert finding.confidence < 0.6


def test_a_program_that_changes_directory_gets_only_hints(data_dir: Path) -> None:
    program = (
        "import os\nimport pandas as pd\nos.chdir('/tmp')\ndf = pd.read_csv('input/nothing.csv')\n"
    )
    assert fatal(program, data_dir) == []
