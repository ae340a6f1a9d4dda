"""Reading a plan and a program out of a code model's free-text answer.

Owns `extract_code` (plan = prose before the first code block, code = the block
that looks like the full program, checked with `compile`) and the error raised
when an answer holds no usable program, `ModelResponseError`. It also strips
reasoning sections (`<think>...</think>`) that open-weight models emit before
their answer. It does not talk to any model (openai_model.py, scripted.py do).
"""

from __future__ import annotations

import ast
import re
import textwrap
from dataclasses import dataclass

from mleworld.errors import MleWorldError

PROGRAM_NAME = "runfile.py"  # the name programs run under; SyntaxErrors cite it
PYTHON_LANGUAGES = frozenset({"", "python", "py", "python3", "py3", "ipython"})

_OPEN_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`\n]*)$")
_THINK_TAG = re.compile(r"<(/?)think(?:ing)?>", re.IGNORECASE)
_THINK_CLOSE = re.compile(r"</think(?:ing)?>", re.IGNORECASE)


class ModelResponseError(MleWorldError):
    """A model's answer holds no usable program (or no usable review).

    The agent treats it as a failed generation, not as a user mistake that
    stops the run.
    """


@dataclass(frozen=True)
class CodeBlock:
    """One fenced block: its language tag, its text, and where it started."""

    language: str
    code: str
    start_line: int
    terminated: bool


def strip_reasoning(text: str) -> str:
    """Drop `<think>` sections; code drafted while thinking is not the answer.

    Some chat templates put the opening tag in the prompt, so the answer begins
    mid-thought and only the closing tag shows: everything before it goes too.
    """
    # One pass over the tags: each opening tag up to the next closing one goes (what a lazy
    # `<think>.*?</think>` finds, without its quadratic rescan of an answer full of
    # unclosed tags).
    kept: list[str] = []
    start, opened = 0, None
    for tag in _THINK_TAG.finditer(text):
        closing = bool(tag.group(1))
        if opened is None and not closing:
            opened = tag.start()
        elif opened is not None and closing:
            kept.append(text[start:opened])
            start, opened = tag.end(), None
    kept.append(text[start:])
    text = "".join(kept)
    closes = list(_THINK_CLOSE.finditer(text))
    if closes:
        text = text[closes[-1].end() :]
    return text


def fenced_blocks(text: str) -> list[CodeBlock]:
    """Every fenced block in `text`, in order; an unclosed last fence runs to the end.

    A block closes at a line holding only the same fence character, at least as
    many times as it opened with (CommonMark's rule), so a program that prints
    a ``` inside a string literal does not end the block early unless that
    string sits alone on its line.
    """
    lines = text.splitlines()
    blocks: list[CodeBlock] = []
    i = 0
    while i < len(lines):
        opened = _OPEN_FENCE.match(lines[i])
        if not opened:
            i += 1
            continue
        fence = opened.group("fence")
        info = opened.group("info").strip()
        language = info.split()[0].lower() if info else ""
        closing = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        body: list[str] = []
        j = i + 1
        while j < len(lines) and not closing.match(lines[j]):
            body.append(lines[j])
            j += 1
        code = textwrap.dedent("\n".join(body)).strip("\n")
        blocks.append(CodeBlock(language, code, start_line=i, terminated=j < len(lines)))
        i = j + 1
    return blocks


def syntax_problem(code: str) -> str | None:
    """None when `code` compiles, else one line: "SyntaxError at line N: msg"."""
    try:
        compile(code, PROGRAM_NAME, "exec", dont_inherit=True)
    except SyntaxError as exc:
        where = f" at line {exc.lineno}" if exc.lineno else ""
        return f"{type(exc).__name__}{where}: {exc.msg}"
    except ValueError as exc:  # e.g. "source code string cannot contain null bytes"
        return f"ValueError: {exc}"
    except (RecursionError, MemoryError) as exc:  # nesting beyond the compiler's limits
        return f"{type(exc).__name__}: {exc or 'the code nests too deeply to compile'}"
    return None


def _looks_like_bare_program(text: str) -> bool:
    """A fence-less answer counts as code only when it parses and imports something.

    Prose almost never parses as Python, and a real solution always imports;
    requiring both keeps a one-word answer ("Done") from passing as a program.
    """
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return any(isinstance(node, ast.Import | ast.ImportFrom) for node in ast.walk(tree))


def extract_code(text: str) -> tuple[str, str]:
    """Split a model answer into (plan, code); raise ModelResponseError if no program.

    plan: the prose before the first fenced block, stripped.
    code: among the python-tagged or untagged blocks, the longest that compiles
    (a full program is longer than the snippets a model quotes around it; ties go
    to the later block, the model's final word). When none compiles, the error
    reports the longest one's SyntaxError.
    """
    answer = strip_reasoning(text or "")
    blocks = fenced_blocks(answer)
    candidates = [b for b in blocks if b.language in PYTHON_LANGUAGES and b.code.strip()]
    if not candidates:
        stripped = answer.strip()
        if not blocks and stripped and _looks_like_bare_program(stripped):
            return "", stripped
        raise ModelResponseError("the model's response has no code block")
    plan = "\n".join(answer.splitlines()[: blocks[0].start_line]).strip()
    by_length = sorted(
        enumerate(candidates), key=lambda pair: (len(pair[1].code), pair[0]), reverse=True
    )
    for _, block in by_length:
        if syntax_problem(block.code) is None:
            return plan, block.code
    longest = by_length[0][1]
    raise ModelResponseError(f"the model's code does not compile: {syntax_problem(longest.code)}")
