#!/usr/bin/env bash
# GPU check of the LM world model, for a machine with an NVIDIA GPU (under 5 minutes, no downloads):
# builds the tiny model from the shipped corpus, fine-tunes it one epoch in bf16 (training tokens/s)
# and predicts in batches of 64 (seconds per batch of 64 predictions).
# Result: benchmarks/results/gpu_check.json.
#   bash benchmarks/gpu_check.sh            # uses .venv/bin/python (make install first)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv
"$PY" -c 'import torch; assert torch.cuda.is_available(), "no CUDA device visible to torch"; print(torch.__version__, torch.cuda.get_device_name(0))'
timeout 300 "$PY" benchmarks/hf_throughput.py --records 128 --batch-size 64 --max-len 1024 \
  --max-new-tokens 64 --bf16 --out benchmarks/results/gpu_check.json
