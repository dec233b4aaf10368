#!/usr/bin/env python3
"""Fan the shards of one `cardscript sim` run out as Ray tasks, then merge them.

Every game of a run is deterministic from the run and its index (seed + k), so shard K of
N (`cardscript sim ... --shard K/N --out FILE`) can run on any node. Each Ray task runs the
`cardscript` binary for one shard and returns the shard file's bytes through Ray's object
store (no shared file system needed for results); the driver writes them to a temporary
folder and prints `cardscript sim merge FILES...`: the report the unsharded run prints.

    python3 deploy/ray/sim.py --shards 4 -- --games 1000 --seed 7          # local Ray
    python3 deploy/ray/sim.py --address auto --shards 64 -- --db cat.sqlite --games 10000

The binary, the catalogue and any deck files must be at the same paths on every node
(a shared folder, an image, or Ray's runtime_env working_dir; see deploy/README.md).
"""

import argparse
import os
import subprocess
import sys
import tempfile

import ray


def parse_args(argv):
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Arguments after `--` go to `cardscript sim` (decks, --games, --seed, ...).",
    )
    p.add_argument("--shards", type=int, required=True, help="how many shards (Ray tasks)")
    p.add_argument(
        "--address",
        default=None,
        help="Ray cluster address (`auto` inside a cluster); default: a local Ray",
    )
    p.add_argument(
        "--cardscript",
        default="cardscript",
        help="the cardscript binary on every node (default: `cardscript` on PATH)",
    )
    p.add_argument(
        "--cpus-per-shard",
        type=int,
        default=1,
        help="CPUs Ray reserves per task; the shard runs that many threads (default 1)",
    )
    p.add_argument(
        "--cwd",
        default=os.getcwd(),
        help="folder the shards run in on every node (relative paths in the sim "
        "arguments are read from it; default: this folder)",
    )
    p.add_argument("--json", action="store_true", help="print the merged report as JSON")
    p.add_argument("sim_args", nargs=argparse.REMAINDER, help="-- then `cardscript sim` arguments")
    a = p.parse_args(argv)
    if a.shards < 1:
        p.error("--shards must be at least 1")
    if a.sim_args and a.sim_args[0] == "--":
        a.sim_args = a.sim_args[1:]
    return a


def run_shard(cardscript, cwd, sim_args, k, n, threads):
    """Plays shard k of n with the cardscript binary; returns the shard file's bytes."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, f"shard-{k}-of-{n}.json")
        cmd = [cardscript, "sim", *sim_args, "--threads", str(threads),
               "--shard", f"{k}/{n}", "--out", out]
        done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"shard {k}/{n} failed ({' '.join(cmd)}):\n{done.stderr}")
        with open(out, "rb") as f:
            return f.read()


def main(argv):
    a = parse_args(argv)
    ray.init(address=a.address, log_to_driver=False)
    task = ray.remote(num_cpus=a.cpus_per_shard, max_retries=2)(run_shard)
    futures = [
        task.remote(a.cardscript, a.cwd, a.sim_args, k, a.shards, a.cpus_per_shard)
        for k in range(1, a.shards + 1)
    ]
    shards = ray.get(futures)
    ray.shutdown()
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for k, data in enumerate(shards, start=1):
            path = os.path.join(tmp, f"shard-{k}-of-{a.shards}.json")
            with open(path, "wb") as f:
                f.write(data)
            files.append(path)
        merge = [a.cardscript, "sim", "merge", *files] + (["--json"] if a.json else [])
        return subprocess.run(merge).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
