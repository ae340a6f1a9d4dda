"""`mleworld serve`: any world model over HTTP (FastAPI + uvicorn; DESIGN.md "service").

`app.create_app(model, ServeConfig(...))` builds the application: `POST
/v1/predict`, `GET /healthz`, `GET /v1/models`, and for a local LM (`hf:`)
OpenAI-compatible `POST /v1/completions` and `/v1/chat/completions` with
logprobs. `roots.py` decides which tasks and data folders a request may name,
`requests.py` turns a request body into queries (or one clear 4xx line),
`batcher.py` merges concurrent requests into batches for the model.

Nothing is imported at package import: fastapi and uvicorn are the [serve]
extra's, loaded by `app.py` and the CLI.
"""
