"""The execution corpus: records x -> y, their storage, deduplication, filtering, holdout, stats, export.

Modules: `record.py` (one execution), `store.py` (the corpus directory:
Parquet shards, DuckDB, JSONL), `fingerprint.py` and `dedup.py` (exact, AST
and near duplicates), `fingerprint_cache.py` (fingerprints cached per shard),
`filters.py` (what makes a training example), `holdout.py` (the held-out
programs and the check that they are new), `stats.py` (Table 5), `export.py`
(SFT chat data). Nothing is imported here, so `import mleworld.corpus` stays
cheap; import the submodules you need.
"""
