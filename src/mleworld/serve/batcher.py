"""Concurrent requests merged into batches for one model, so N clients cost one batched call.

One worker task owns the model: it takes every query waiting (up to
`max_batch`), runs `predict_batch` in a thread (the event loop keeps serving
other connections meanwhile, so a slow client never holds the model), and
hands each request its own predictions. A model is thus never called
concurrently, which an LM on one device needs anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import Any

from mleworld.world.prediction import Prediction, Query


@dataclass
class _Job:
    queries: list[Query]
    future: asyncio.Future[list[Prediction]]


class Batcher:
    def __init__(self, model: Any, max_batch: int) -> None:
        self.model = model
        self.max_batch = max(1, int(max_batch))
        self._queue: asyncio.Queue[_Job] | None = None
        self._worker: asyncio.Task[None] | None = None
        self.batches = 0
        self.predictions = 0

    async def start(self) -> None:
        self._queue = asyncio.Queue()
        self._worker = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._worker

    async def predict(self, queries: list[Query]) -> list[Prediction]:
        assert self._queue is not None, "Batcher.start() was not awaited"
        future: asyncio.Future[list[Prediction]] = asyncio.get_running_loop().create_future()
        await self._queue.put(_Job(queries, future))
        return await future

    async def _run(self) -> None:
        assert self._queue is not None
        while True:
            jobs = [await self._queue.get()]
            size = len(jobs[0].queries)
            while not self._queue.empty() and size < self.max_batch:
                job = self._queue.get_nowait()
                jobs.append(job)
                size += len(job.queries)
            queries = [q for job in jobs for q in job.queries]
            try:
                predictions: list[Prediction] = []
                for start in range(0, len(queries), self.max_batch):
                    chunk = queries[start : start + self.max_batch]
                    predictions.extend(await asyncio.to_thread(self.model.predict_batch, chunk))
                    self.batches += 1
                self.predictions += len(predictions)
            except Exception as exc:  # one bad batch fails its requests, not the server
                for job in jobs:
                    if not job.future.done():
                        job.future.set_exception(exc)
                continue
            offset = 0
            for job in jobs:
                part = predictions[offset : offset + len(job.queries)]
                offset += len(job.queries)
                if not job.future.done():
                    job.future.set_result(part)
