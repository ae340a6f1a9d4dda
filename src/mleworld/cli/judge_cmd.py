"""`mleworld judge`: compare a predicted terminal output with the observed one."""

from __future__ import annotations

from pathlib import Path

import typer

from mleworld.errors import MleWorldError


def _read(path: Path, flag: str) -> str:
    if not path.exists():
        raise MleWorldError(f"{flag} {path}: no such file; pass the path of a text file")
    if not path.is_file():
        raise MleWorldError(f"{flag} {path} is not a file; pass the path of a text file")
    return path.read_text(encoding="utf-8", errors="replace")


def register(app: typer.Typer) -> None:
    """Add `mleworld judge` to the main app."""

    @app.command("judge")
    def judge_command(
        predicted: Path = typer.Option(..., "--predicted", help="File with the predicted output."),
        observed: Path = typer.Option(..., "--observed", help="File with the real output."),
        as_json: bool = typer.Option(False, "--json", help="Print the full judgment as JSON."),
        model: str | None = typer.Option(
            None,
            "--model",
            help="Judge with this code model (e.g. openai:gpt-4o, scripted:PATH) "
            "instead of the deterministic rules.",
        ),
    ) -> None:
        """Would the predicted output send an agent to the same repair or result?"""
        from mleworld.cli.common import print_json
        from mleworld.evaluation.judge import Judge, RuleJudge

        predicted_text = _read(predicted, "--predicted")
        observed_text = _read(observed, "--observed")
        judge: Judge
        if model is None:
            judge = RuleJudge()
        else:
            from mleworld.codegen.registry import get_code_model
            from mleworld.evaluation.judge_llm import LLMJudge

            judge = LLMJudge(get_code_model(model))
        result = judge.judge(predicted_text, observed_text)
        if as_json:
            data = result.to_dict()
            data.pop("extra", None)
            print_json(data)
            return
        print(f"match: {'yes' if result.match else 'no'}")
        print(result.reason)
