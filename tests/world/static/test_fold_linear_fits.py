"""A linear model fitted fold by fold, scored with a log-error metric (linear_fits.py).

Prices that grow as the cube of the size, fitted by a straight line: the line predicts
prices far below zero for the smallest stones, in every fold, and `mean_squared_log_error`
refuses them, whether scored fold by fold or on the out-of-fold array after the loop (a
scaler fitted on the fold first, too). Fitted on the log of the price and brought back with
`expm1`, or clipped before scoring, the predictions are positive and the metric runs. The
walk does not know which rows a fold draws: it draws folds itself and judges only where
every draw holds many such predictions. Each program runs for real on its own 400-row data
folder.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mleworld.world.static import analyze
from static_snippets import last_line_of_run

HEAD = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "from sklearn.linear_model import LinearRegression, Ridge\n"
    "from sklearn.metrics import mean_squared_log_error\n"
    "from sklearn.model_selection import KFold\n"
    "from sklearn.preprocessing import StandardScaler\n"
    "train = pd.read_csv('input/train.csv')\n"
    "X = train[['size', 'depth']]\n"
    "y = train['price'].to_numpy()\n"
    "oof = np.zeros(len(X))\n"
    "for a, b in KFold(5, shuffle=True, random_state=0).split(X):\n"
)
PER_FOLD = (
    "    model = LinearRegression().fit(X.iloc[a], {target})\n"
    "    pred = {back}(model.predict(X.iloc[b]))\n"
    "    print(np.sqrt(mean_squared_log_error(y[b], pred)))\n"
)
OUT_OF_FOLD = (
    "    sc = StandardScaler().fit(X.iloc[a])\n"
    "    model = Ridge(alpha=1.0).fit(sc.transform(X.iloc[a]), y[a])\n"
    "    oof[b] = model.predict(sc.transform(X.iloc[b]))\n"
    "{after}"
    "print(mean_squared_log_error(y, oof))\n"
)
MESSAGE = (
    "ValueError: Mean Squared Logarithmic Error cannot be used when targets contain values"
    " less than or equal to -1."
)

CRASHES = {
    "scored_fold_by_fold": PER_FOLD.format(target="y[a]", back=""),
    "scored_out_of_fold_after_the_loop": OUT_OF_FOLD.format(after=""),
}
VALID = {
    "a_log_target_brought_back": PER_FOLD.format(target="np.log(y[a])", back="np.exp"),
    "clipped_before_scoring": OUT_OF_FOLD.format(after="oof = np.clip(oof, 0, None)\n"),
    "overwritten_where_negative": OUT_OF_FOLD.format(after="oof[oof < 0] = 0\n"),
}


@pytest.fixture(scope="module")
def public(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rng = np.random.default_rng(0)
    size = np.round(rng.uniform(0.2, 3.0, 400), 2)
    depth = np.round(rng.uniform(55, 65, 400), 1)
    price = np.round(900 * size**3 + rng.normal(0, 150, 400) + 400, 0).clip(300)
    lines = ["id,size,depth,price"]
    lines += [
        f"{i},{s},{d},{p:.0f}" for i, (s, d, p) in enumerate(zip(size, depth, price, strict=True))
    ]
    folder = tmp_path_factory.mktemp("cubes") / "public"
    folder.mkdir()
    (folder / "train.csv").write_text("\n".join(lines) + "\n")
    return folder


@pytest.mark.parametrize("name", sorted(CRASHES))
def test_a_line_below_minus_one_in_every_fold_is_refused(
    name: str, public: Path, tmp_path: Path
) -> None:
    program = HEAD + CRASHES[name]
    assert last_line_of_run(public, program, tmp_path) == MESSAGE
    first = analyze(program, public).first_fatal
    assert first is not None and first.message == MESSAGE


@pytest.mark.parametrize("name", sorted(VALID))
def test_positive_predictions_are_scored(name: str, public: Path, tmp_path: Path) -> None:
    program = HEAD + VALID[name]
    assert last_line_of_run(public, program, tmp_path) is None
    assert analyze(program, public).first_fatal is None
