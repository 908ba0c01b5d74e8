"""Times FastChat's own Bradley-Terry functions on a battles CSV, for test/bench/fastchat.bench.ts.

Usage: python3 fastchat_bt.py RATING_SYSTEMS_PY BATTLES_CSV ROUNDS
RATING_SYSTEMS_PY is fastchat/serve/monitor/rating_systems.py from a checkout of lm-sys/FastChat
(Apache-2.0); it is imported from there, never copied. The dataframe is read before any clock starts,
as FastChat's leaderboard job holds it in memory. Prints one JSON object.
"""
import importlib.util
import json
import sys
import time

import pandas as pd


def load(path):
    spec = importlib.util.spec_from_file_location("rating_systems", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["rating_systems"] = module  # the worker pool pickles fit_bt by its module's name
    spec.loader.exec_module(module)
    return module


def main():
    rating_systems, battles_csv, rounds = load(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    battles = pd.read_csv(battles_csv, dtype={"model_a": str, "model_b": str, "winner": str})
    start = time.perf_counter()
    point = rating_systems.compute_bt(battles)
    point_s = time.perf_counter() - start
    start = time.perf_counter()
    rating_systems.compute_bootstrap_bt(battles, num_round=rounds)
    bootstrap_s = time.perf_counter() - start
    print(json.dumps({"rows": len(battles), "point_s": point_s, "bootstrap_s": bootstrap_s, "rounds": rounds,
                      "top": point.index[0], "top_rating": float(point.iloc[0])}))


if __name__ == "__main__":
    main()
