"""Submits `captions` jobs to a Ray cluster and reports their starts and ends.

Protocol (Specs/batch-jobs.md, "Ray"), JSON Lines both ways:
- standard input, from `captions batch`: one job per line,
  {"id": "c1", "arguments": ["convert", "a.scc", "a.itt"], "encode": false}; end of input: no more jobs.
- standard output, to `captions batch`: {"event": "ready", "resources": {...}} once connected;
  {"event": "started", "id": "c1", "attempt": 1, "node": "127.0.0.3", "time": ...} each time a
  worker starts the job (Ray's retries after a lost worker give attempt 2, 3…);
  {"event": "ended", "id": "c1", "exitStatus": 0, "signal": null, "stdout": "...", "stderr": "...",
  "node": "127.0.0.3"} or {"event": "ended", "id": "c1", "lost": "why"} when Ray gave up.
"""

import argparse
import ctypes
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time

import ray
from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

# As `captions batch` keeps them (Journal.maximumStandardOutput, ChildProcess.errorTailBytes).
STDOUT_LIMIT = 4 << 20
STDERR_TAIL = 4096


@ray.remote(num_cpus=0)
class Attempts:
    """Counts the starts of each job on the workers, so that a retry after a lost node is seen."""

    def __init__(self):
        self.counts = {}
        self.news = []

    def started(self, job_id, node, when):
        self.counts[job_id] = self.counts.get(job_id, 0) + 1
        self.news.append((job_id, self.counts[job_id], node, when))
        return self.counts[job_id]

    def drain(self):
        news, self.news = self.news, []
        return news


def end_with_worker():
    """In the child, before exec: SIGTERM when the worker dies (Linux prctl PR_SET_PDEATHSIG), so
    that a job whose node is lost removes its unfinished output (FileSafety) instead of finishing
    it beside Ray's retry."""
    # A Ray worker may run with these ignored, which a child keeps: `captions` must see them.
    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)
    libc = ctypes.CDLL(None, use_errno=True)
    PR_SET_PDEATHSIG = 1
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def run_job(job_id, executable, arguments, folder, attempts):
    """On a worker: runs `executable arguments…` in `folder` (storage every node sees)."""
    node = ray.util.get_node_ip_address()
    ray.get(attempts.started.remote(job_id, node, time.time()))
    done = subprocess.run(
        [executable] + list(arguments),
        cwd=folder,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        preexec_fn=end_with_worker,
    )
    status = done.returncode
    return {
        "exitStatus": status if status >= 0 else None,
        "signal": -status if status < 0 else None,
        "stdout": done.stdout[:STDOUT_LIMIT].decode("utf-8", "replace"),
        "stderr": done.stderr[-STDERR_TAIL:].decode("utf-8", "replace"),
        "node": node,
    }


def say(lock, event):
    with lock:
        sys.stdout.write(json.dumps(event, sort_keys=True) + "\n")
        sys.stdout.flush()


def main(argv):
    parser = argparse.ArgumentParser(prog="python3 -m captions_ray")
    parser.add_argument("--address", required=True, help="the cluster's head, HOST:PORT")
    parser.add_argument("--executable", required=True, help="the captions executable on every node")
    parser.add_argument("--folder", required=True, help="the working directory, on storage every node sees")
    parser.add_argument("--retries", type=int, default=3, help="Ray's retries of a task whose worker is lost")
    args = parser.parse_args(argv)

    host = args.address.rsplit(":", 1)[0]
    # The driver joins the cluster through the head's own node: on one machine with several
    # loopback addresses (the tests), Ray would otherwise look for a node at this machine's
    # outside address.
    # The workers get this package from the driver (Ray's py_modules): only the `captions`
    # executables must be installed on every node.
    package = os.path.dirname(os.path.abspath(__file__))
    ray.init(
        address=args.address,
        _node_ip_address=host,
        log_to_driver=False,
        logging_level="ERROR",
        runtime_env={"py_modules": [package]},
    )
    resources = ray.cluster_resources()
    lock = threading.Lock()
    say(lock, {"event": "ready", "resources": resources})

    # The attempt counter lives on the driver's own node (the head it joined through): a worker
    # node that dies must not take it along.
    here = ray.get_runtime_context().get_node_id()
    attempts = Attempts.options(scheduling_strategy=NodeAffinitySchedulingStrategy(node_id=here, soft=False)).remote()
    task = ray.remote(max_retries=args.retries, retry_exceptions=False)(run_job)
    # Encodes take one `encoder` unit when the nodes declare some (`ray start --resources`),
    # else one more CPU: their encoder keeps several cores busy.
    encode_options = {"resources": {"encoder": 1}} if resources.get("encoder") else {"num_cpus": 2}
    light_options = {"num_cpus": 1}

    jobs = queue.Queue()

    def read_jobs():
        for line in sys.stdin:
            if line.strip():
                jobs.put(json.loads(line))
        jobs.put(None)

    threading.Thread(target=read_jobs, daemon=True).start()
    pending = {}
    more = True
    while more or pending:
        # Take every job that has come; wait for one only when none runs.
        block = not pending
        while more:
            try:
                job = jobs.get() if block else jobs.get_nowait()
            except queue.Empty:
                break
            block = False
            if job is None:
                more = False
                break
            options = encode_options if job.get("encode") else light_options
            ref = task.options(**options).remote(job["id"], args.executable, job["arguments"], args.folder, attempts)
            pending[ref] = job["id"]
        ready = ray.wait(list(pending), num_returns=len(pending), timeout=0.1)[0] if pending else []
        report_starts(lock, attempts)
        for ref in ready:
            job_id = pending.pop(ref)
            try:
                outcome = ray.get(ref)
            except Exception as error:  # Ray gave up: every retry lost its worker.
                say(lock, {"event": "ended", "id": job_id, "lost": f"{type(error).__name__}: {error}"})
                continue
            say(lock, dict(outcome, event="ended", id=job_id))
    return 0


def report_starts(lock, attempts):
    for job_id, number, node, when in ray.get(attempts.drain.remote()):
        say(lock, {"event": "started", "id": job_id, "attempt": number, "node": node, "time": when})
