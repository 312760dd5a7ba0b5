"""Batch work (issue 41): `captions batch` against a shell loop and against Ray, on the same files.

- ours, local pool: `captions batch JOBS.jsonl --jobs 2` (one child `captions` a job, a GRDB
  journal with every attempt, outputs checked by SHA-256);
- peer, a shell loop: `xargs -P 2` running the same commands, one `captions` a job, no journal;
- ours on Ray: `captions batch JOBS.jsonl --engine ray` on a two-node cluster on this machine (a
  head with no CPUs on 127.0.0.2 and two workers with one CPU and one `encoder` each on .3 and
  .4, as RayEngineTests starts it), started before the Ray cases and stopped after them.

Jobs: 1,000 SCC files (a generated 2-minute feature, copied) converted to SRT, the same 1,000
validated, and 20 clips (5 s, 320x240, testsrc2) burned with a 1-minute SCC. Each run starts from
an empty output folder and no journal, for all three (the removal is inside every timed command).
`BATCH_FILES` and `BATCH_CLIPS` change the counts. Jobs per second and overhead per job are
printed by `report`: wall time ÷ jobs, and the pool's and Ray's time over the shell loop's
divided by the jobs."""
import atexit
import json
import os
import random
import shutil
import subprocess
import sys
import time

FILES = int(os.environ.get("BATCH_FILES", "1000"))
CLIPS = int(os.environ.get("BATCH_CLIPS", "20"))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DRIVER = os.path.join(ROOT, "Sources", "Batch", "Ray")
_cluster = []


def _media_binary(ctx):
    path = os.path.join(os.path.dirname(ctx.captions), "captions-media")
    if not os.path.exists(path):
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "captions-media"],
                       cwd=ROOT, check=True)
    return path


def _inputs(ctx):
    """The folder `batch/` under the work folder, with `in/N.scc`, `clips/N.mp4`, `c.scc` and one
    job file per kind (paths relative to that folder, where every command runs)."""
    folder = os.path.join(ctx.work, f"batch-{FILES}-{CLIPS}")
    done = os.path.join(folder, "ready")
    if os.path.exists(done):
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "in"))
    os.makedirs(os.path.join(folder, "clips"))
    feature = os.path.join(folder, "feature.scc")
    subprocess.run([ctx.captions, "generate", "--minutes", "2", "-o", feature], check=True)
    for n in range(FILES):
        shutil.copyfile(feature, os.path.join(folder, "in", f"{n:04}.scc"))
    subprocess.run([ctx.captions, "generate", "--minutes", "1", "-o", os.path.join(folder, "c.scc")], check=True)
    clip = os.path.join(folder, "clip.mp4")
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                    "testsrc2=size=320x240:rate=30000/1001:duration=5", "-c:v", "libx264", "-preset", "ultrafast",
                    "-pix_fmt", "yuv420p", clip], check=True)
    for n in range(CLIPS):
        shutil.copyfile(clip, os.path.join(folder, "clips", f"{n:02}.mp4"))
    kinds = {
        "convert": [["convert", f"in/{n:04}.scc", f"out/{n:04}.srt"] for n in range(FILES)],
        "validate": [["validate", f"in/{n:04}.scc"] for n in range(FILES)],
        "burn": [["burn", f"clips/{n:02}.mp4", "c.scc", "-o", f"out/{n:02}.mp4"] for n in range(CLIPS)],
    }
    for kind, commands in kinds.items():
        with open(os.path.join(folder, f"{kind}.jsonl"), "w") as f:
            for n, command in enumerate(commands):
                f.write(json.dumps({"id": f"{kind}-{n}", "command": command}) + "\n")
        # The same commands for xargs: one line each, words NUL-free and without spaces.
        with open(os.path.join(folder, f"{kind}.args"), "w") as f:
            for command in commands:
                f.write(" ".join(command) + "\n")
    open(done, "w").close()
    return folder


def _fresh(folder, kind):
    """Shell words that empty the outputs and the journal before a run."""
    return f"cd '{folder}' && rm -rf out {kind}.db {kind}.db-wal {kind}.db-shm && mkdir out"


def _start_cluster():
    """A head and two workers, as RayEngineTests starts them; the address once three are live."""
    temp = f"/tmp/rbench{random.randrange(1 << 30)}"
    port = random.randrange(20000, 30000)
    address = f"127.0.0.2:{port}"
    base = ["ray", "start", "--block", "--disable-usage-stats"]
    head = subprocess.Popen(base + ["--head", "--node-ip-address=127.0.0.2", f"--port={port}", "--num-cpus=0",
                                    "--include-dashboard=false", f"--temp-dir={temp}"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _cluster.extend([head])
    atexit.register(_stop_cluster, temp)

    def live():
        code = (f"import ray; ray.init(address='{address}', _node_ip_address='127.0.0.2', logging_level='ERROR', "
                "log_to_driver=False); print(sum(1 for n in ray.nodes() if n['Alive']))")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.split()
        return int(out[-1]) if out and out[-1].isdigit() else 0

    for count, ip in [(1, None), (2, "127.0.0.3"), (3, "127.0.0.4")]:
        if ip:
            _cluster.append(subprocess.Popen(
                base + [f"--address={address}", f"--node-ip-address={ip}", "--num-cpus=1",
                        '--resources={"encoder": 1}', f"--dashboard-agent-listen-port={port + count}"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.time() + 180
        while live() < count:
            if time.time() > deadline:
                sys.exit(f"the Ray cluster did not reach {count} live nodes in 3 minutes")
            time.sleep(1)
    return address


def _stop_cluster(temp):
    for process in reversed(_cluster):
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
    _cluster.clear()
    shutil.rmtree(temp, ignore_errors=True)


def cases(ctx):
    if not ctx.have("ffmpeg"):
        return [{"label": "batch", "ours": True, "argv": [], "skip": "ffmpeg not installed"}]
    _media_binary(ctx)
    folder = _inputs(ctx)
    counts = {"convert": FILES, "validate": FILES, "burn": CLIPS}
    ray_address = _start_cluster() if ctx.have("ray") else None
    out = []
    for kind, count in counts.items():
        group = f"{kind} × {count}"
        runs = 3 if kind == "burn" else 5
        out.append({"label": f"captions batch {kind}.jsonl --jobs 2", "group": group, "ours": True, "runs": runs,
                    "argv": ["sh", "-c", f"{_fresh(folder, kind)} && '{ctx.captions}' batch {kind}.jsonl --jobs 2"]})
        out.append({"label": f"xargs -P 2 captions … ({kind})", "group": group, "ours": False, "runs": runs,
                    "argv": ["sh", "-c", f"{_fresh(folder, kind)} && xargs -P 2 -L 1 '{ctx.captions}' < {kind}.args"]})
        if ray_address:
            out.append({"label": f"captions batch {kind}.jsonl --engine ray (2 nodes)", "group": group,
                        "ours": True, "runs": runs,
                        "argv": ["sh", "-c", f"{_fresh(folder, kind)} && PYTHONPATH='{DRIVER}' '{ctx.captions}' batch "
                                 f"{kind}.jsonl --engine ray --address {ray_address}"]})
    return out


def report(ctx):
    print(f"jobs: {FILES} convert, {FILES} validate, {CLIPS} burn; jobs per second = jobs ÷ median wall time; "
          "overhead per job = (ours − xargs) ÷ jobs")
