"""Linear regressors fitted for real on held values, and the log-error metrics of their
predictions (world/static/linear_fits.py).

A linear model extrapolates: predicting the bill depth from lengths given in other units
(`* 10`) gives values below -1, and `mean_squared_log_error` refuses them, in scikit-learn's
words. The same model asked about lengths in its own units predicts positive depths and the
metric runs. Both run for real (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests


def scored(scale: str) -> str:
    return (
        "import pandas as pd\n"
        "from sklearn.linear_model import LinearRegression\n"
        "from sklearn.metrics import mean_squared_log_error\n"
        "train = pd.read_csv('./input/train.csv')\n"
        "test = pd.read_csv('./input/test.csv')\n"
        "model = LinearRegression().fit(train[['bill_length_mm']], train['bill_depth_mm'])\n"
        f"pred = model.predict(test[['bill_length_mm']]{scale})\n"
        "print(mean_squared_log_error(test['flipper_length_mm'] / 10, pred))\n"
    )


CRASHES = {"a_linear_model_extrapolates_below_minus_one": scored(" * 10")}
VALID = {"a_linear_model_within_its_range": scored("")}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="computed")
)
