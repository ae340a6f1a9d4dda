"""`mleworld serve`: any world model behind an HTTP API (serve/app.py), run with uvicorn.

Thin: loads the backend through the registry, builds the app, runs uvicorn.
Binds to 127.0.0.1 unless told otherwise. uvicorn drains in-flight requests
on SIGTERM before it exits.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import typer

from mleworld.errors import MleWorldError


def serve(
    world_model: str = typer.Option(
        "fast",
        "--world-model",
        help="Backend to serve: fast, fast:PATH, hf:PATH, openai:URL#MODEL, baseline:...",
    ),
    host: str = typer.Option(
        "127.0.0.1", "--host", help="Address to bind (default: loopback only)."
    ),
    port: int = typer.Option(8000, "--port", help="TCP port."),
    max_batch: int = typer.Option(
        64,
        "--max-batch",
        help="Most programs per model call; concurrent requests are merged up to it.",
    ),
    data_root: list[Path] = typer.Option(
        [],
        "--data-root",
        help="Folder of tasks / data folders requests may name (repeatable; default: the bundled suite).",
    ),
    api_key_env: str | None = typer.Option(
        None,
        "--api-key-env",
        help="Environment variable holding the bearer token clients must send.",
    ),
    served_name: str | None = typer.Option(
        None,
        "--served-name",
        help="Model id in /v1/models and completions (default: the backend's name).",
    ),
    corpus: str | None = typer.Option(None, "--corpus", help="Corpus a baseline is fitted on."),
    max_body_mb: float = typer.Option(
        16.0, "--max-body-mb", help="Largest request body accepted (413 above)."
    ),
) -> None:
    """Serve a world model over HTTP: /v1/predict, /healthz, /v1/models (+ /v1/completions for hf:)."""
    from mleworld.world.llm.deps import require

    require("serve", what="mleworld serve")
    if not 0 < port < 65536:
        raise MleWorldError(f"--port {port} is not a TCP port (1-65535)")
    if max_batch < 1:
        raise MleWorldError("--max-batch must be at least 1")
    if not max_body_mb > 0:
        raise MleWorldError("--max-body-mb must be positive")
    api_key = None
    if api_key_env:
        api_key = os.environ.get(api_key_env)
        if not api_key:
            raise MleWorldError(
                f"--api-key-env {api_key_env}: that environment variable is empty or unset; "
                f"export {api_key_env}=TOKEN first"
            )
    import uvicorn

    from mleworld.serve.app import ServeConfig, create_app
    from mleworld.world.registry import get_world_model

    config = ServeConfig(
        max_batch=max_batch,
        max_body_bytes=int(max_body_mb * (1 << 20)),
        api_key=api_key,
        data_roots=[str(p) for p in data_root],
        served_name=served_name,
    )
    model = get_world_model(world_model, corpus=corpus)
    app = create_app(model, config)
    if host not in ("127.0.0.1", "localhost", "::1") and api_key is None:
        print(
            f"warning: serving on {host} without --api-key-env: anyone who can reach it can query it",
            file=sys.stderr,
        )
    print(
        f"serving {config.served_name or model.name} on http://{host}:{port}",
        file=sys.stderr,
        flush=True,
    )
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)


def register(app: typer.Typer) -> None:
    """Add `mleworld serve` to the main app."""
    app.command("serve")(serve)
