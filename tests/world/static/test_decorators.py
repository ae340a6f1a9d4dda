"""The program's own decorators, applied as Python applies them, and values that are None.

A registry filled by `@register("name")` holds the factories its decorator stored, so a
name it lacks gives None from `.get`, and calling that None is Python's TypeError; a timing
wrapper (`functools.wraps`) that forgets to return the wrapped function's result makes
every call give None, and `None.predict(...)` is an AttributeError. A registry read with
the right name, and a wrapper that returns, run. A parser option whose help lists the
registry (`f"one of {sorted(MODELS)}"`) keeps its default. Every snippet runs for real
against the penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests

REGISTRY = (
    "import argparse\n"
    "import pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.tree import DecisionTreeClassifier\n"
    "MODELS = {}\n"
    "def register(name):\n"
    "    def wrap(factory):\n"
    "        MODELS[name] = factory\n"
    "        return factory\n"
    "    return wrap\n"
    "@register('logreg')\n"
    "def logreg(seed=0):\n"
    "    return LogisticRegression(max_iter=300)\n"
    "@register('tree')\n"
    "def tree(seed=0):\n"
    "    return DecisionTreeClassifier(random_state=seed)\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "X, y = train[['bill_length_mm', 'bill_depth_mm']], train['species']\n"
)


def chosen(default: str) -> str:
    return REGISTRY + (
        "ap = argparse.ArgumentParser()\n"
        f"ap.add_argument('--model', default='{default}', help=f'one of {{sorted(MODELS)}}')\n"
        "args = ap.parse_args([])\n"
        "factory = MODELS.get(args.model)\n"
        "print(factory(seed=1).fit(X, y).predict(X))\n"
    )


def timed(returns: str) -> str:
    return REGISTRY + (
        "import functools, time\n"
        "def timing(fn):\n"
        "    @functools.wraps(fn)\n"
        "    def wrapper(*args, **kwargs):\n"
        "        start = time.perf_counter()\n"
        "        result = fn(*args, **kwargs)\n"
        "        print(fn.__name__, 'took', time.perf_counter() - start > 0)\n"
        f"{returns}"
        "    return wrapper\n"
        "@timing\n"
        "def fit(model):\n"
        "    return model.fit(X, y)\n"
        "print(fit(logreg()).predict(X))\n"
    )


CRASHES = {
    "a_registry_asked_for_a_name_it_lacks": (chosen("logreg_l2"), "names"),
    "a_timing_wrapper_that_returns_nothing": (timed(""), "names"),
}
VALID = {
    "a_registry_asked_for_a_name_it_holds": chosen("tree"),
    "a_timing_wrapper_that_returns_the_result": timed("        return result\n"),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
