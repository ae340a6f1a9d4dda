"""Tool schemas and call checking: what the model is shown and what it gets back."""

from __future__ import annotations

import pytest

from mleworld.harness.tools import TOOLS, ToolCallError, WriteSolution, parse_call, tool_schemas


def test_schemas_are_openai_tools_generated_from_the_argument_models() -> None:
    specs = {s["function"]["name"]: s for s in tool_schemas()}
    assert set(specs) == {
        "inspect_data",
        "read_node",
        "history",
        "write_solution",
        "predict",
        "run",
        "submit",
        "invalidate",
    }
    write = specs["write_solution"]["function"]
    assert write["parameters"]["type"] == "object"
    assert {"parent_id", "code", "diff", "plan"} <= set(write["parameters"]["properties"])
    assert specs["invalidate"]["function"]["parameters"]["required"] == ["node_id", "reason"]
    assert "title" not in str(specs)  # pydantic's titles are noise in a prompt
    assert specs["history"]["function"]["parameters"]["properties"] == {}


@pytest.mark.parametrize(
    ("name", "arguments", "needle"),
    [
        ("fly", "{}", "there is no tool 'fly'; the tools are: inspect_data"),
        ("run", '{"node_id": ', "not valid JSON"),
        ("run", "[1, 2]", "must be a JSON object, not list"),
        ("run", "{}", "run: node_id: Field required"),
        ("run", '{"node_id": "a", "extra": 1}', "extra: Extra inputs are not permitted"),
        ("inspect_data", '{"rows": 500}', "rows: Input should be less than or equal to 50"),
        ("write_solution", '{"code": "x", "diff": "y"}', "give exactly one of code and diff"),
        ("write_solution", '{"diff": "@@"}', "a diff needs parent_id"),
        ("invalidate", '{"node_id": "a", "reason": ""}', "reason"),
    ],
)
def test_a_bad_call_is_one_line_the_model_can_read(name: str, arguments: str, needle: str) -> None:
    with pytest.raises(ToolCallError) as caught:
        parse_call(name, arguments)
    message = str(caught.value)
    assert needle in message and "\n" not in message


def test_good_calls_parse_into_their_models() -> None:
    args = parse_call("write_solution", '{"parent_id": "n1", "diff": "@@ -1 +1 @@\\n-a\\n+b\\n"}')
    assert isinstance(args, WriteSolution) and args.parent_id == "n1" and args.code is None
    assert parse_call("history", "").model_dump() == {}  # empty arguments read as {}
    assert parse_call("submit", {"node_id": None}).node_id is None
    assert set(TOOLS) == {s["function"]["name"] for s in tool_schemas()}
