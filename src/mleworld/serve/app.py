"""The FastAPI application of `mleworld serve` (routes, limits, auth), around any world model.

Routes: `POST /v1/predict` (queries in, the same JSON as `predict --json` out),
`GET /healthz`, `GET /v1/models`, and for a model that generates text (hf:)
`POST /v1/completions` and `POST /v1/chat/completions`. Every refusal is a
JSON body `{"error": {"message": ONE LINE, "code": STATUS}}`: 400/422 for a
malformed body, 413 for a body over `max_body_bytes` (or too many queries),
403 for a path outside the data roots, 401 without the bearer token when one
is required (`/healthz` stays open for probes).

Bodies are read in chunks and refused as soon as they pass the limit, so an
oversized upload costs the server no more than the limit.
"""

# No `from __future__ import annotations` here: FastAPI reads the handlers' annotations
# (Request) at definition time, and those names are local to create_app.
import asyncio
import hmac
import json
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from mleworld.serve.batcher import Batcher
from mleworld.serve.errors import RequestError
from mleworld.serve.requests import QueryBuilder, load_body
from mleworld.serve.roots import DataRoots
from mleworld.world.llm.deps import require

MiB = 1 << 20


@dataclass
class ServeConfig:
    """How the server behaves; `served_name` is the model id /v1/models lists."""

    max_batch: int = 64
    max_body_bytes: int = 16 * MiB
    max_queries: int = 1024
    api_key: str | None = None
    data_roots: list[str] = field(default_factory=list)
    served_name: str | None = None


def _safe(value: Any) -> Any:
    from mleworld.evaluation.report import json_safe

    return json_safe(value)


def create_app(model: Any, config: ServeConfig | None = None) -> Any:
    require("serve", what="mleworld serve")
    from fastapi import FastAPI, Request
    from fastapi.responses import JSONResponse, Response

    config = config or ServeConfig()
    roots = DataRoots(config.data_roots or None)
    builder = QueryBuilder(roots, config.max_queries)
    batcher = Batcher(model, config.max_batch)
    served = config.served_name or getattr(model, "name", "world-model")
    generates = callable(getattr(model, "generate", None)) and hasattr(model, "tokenizer")

    @asynccontextmanager
    async def lifespan(_: Any):  # type: ignore[no-untyped-def]
        await batcher.start()
        try:
            yield
        finally:
            await batcher.stop()

    app = FastAPI(title="mleworld world model", lifespan=lifespan, docs_url=None, redoc_url=None)

    def reply(data: Any, status: int = 200) -> Response:
        body = json.dumps(_safe(data), ensure_ascii=False, allow_nan=False)
        return Response(body, status_code=status, media_type="application/json")

    @app.exception_handler(RequestError)
    async def _refused(_: Request, exc: RequestError) -> Response:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        return JSONResponse(
            {"error": {"message": exc.message, "code": exc.status}},
            status_code=exc.status,
            headers=headers,
        )

    def authorize(request: Request) -> None:
        if config.api_key is None:
            return
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token:
            raise RequestError(401, "this server needs 'Authorization: Bearer TOKEN'")
        if not hmac.compare_digest(token.strip().encode(), config.api_key.encode()):
            raise RequestError(401, "the bearer token is wrong")

    async def body_of(request: Request) -> Any:
        declared = request.headers.get("content-length")
        if declared is not None:
            if not declared.isdigit():
                raise RequestError(400, "Content-Length is not a number")
            if int(declared) > config.max_body_bytes:
                raise RequestError(413, _too_big(int(declared), config.max_body_bytes))
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > config.max_body_bytes:
                raise RequestError(413, _too_big(size, config.max_body_bytes))
            chunks.append(chunk)
        if not size:
            raise RequestError(400, "the request has no body; send a JSON object")
        return load_body(b"".join(chunks))

    @app.get("/healthz")
    async def healthz() -> Response:
        return reply(
            {
                "status": "ok",
                "model": served,
                "batches": batcher.batches,
                "predictions": batcher.predictions,
            }
        )

    @app.get("/v1/models")
    async def models(request: Request) -> Response:
        authorize(request)
        return reply(
            {"object": "list", "data": [{"id": served, "object": "model", "owned_by": "mleworld"}]}
        )

    @app.post("/v1/predict")
    async def predict(request: Request) -> Response:
        authorize(request)
        body = await body_of(request)
        # Building a query reads task files and data overviews: off the event loop.
        queries = await asyncio.to_thread(builder.queries, body)
        predictions = await batcher.predict(queries)
        return reply({"model": served, "predictions": [p.to_dict() for p in predictions]})

    async def _generate(request: Request, which: str) -> Response:
        authorize(request)
        if not generates:
            raise RequestError(
                404,
                f"{which} needs a language-model world model (--world-model hf:PATH); "
                f"this server runs {served!r}",
            )
        from mleworld.serve import completions

        body = await body_of(request)
        if not isinstance(body, dict):
            raise RequestError(422, "the body must be a JSON object")
        handler = (
            completions.completion
            if which.endswith("/completions") and "chat" not in which
            else completions.chat_completion
        )
        return reply(await asyncio.to_thread(handler, model, body, served))

    @app.post("/v1/completions")
    async def completions_route(request: Request) -> Response:
        return await _generate(request, "/v1/completions")

    @app.post("/v1/chat/completions")
    async def chat_route(request: Request) -> Response:
        return await _generate(request, "/v1/chat/completions")

    app.state.batcher = batcher
    app.state.roots = roots
    return app


def _too_big(size: int, limit: int) -> str:
    return (
        f"the request body is {size} bytes, over this server's limit of {limit} bytes; "
        "send fewer queries per request"
    )
