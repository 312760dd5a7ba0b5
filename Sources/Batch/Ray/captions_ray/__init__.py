"""The Ray driver of `captions batch --engine ray` (Specs/batch-jobs.md, "Ray").

It only submits, watches and reports: `captions batch` reads and checks the jobs, keeps the
journal and judges each outcome; this package hands each job to the cluster as a task that runs
the `captions` executable on a worker node and tells `captions batch` what happened, one JSON
object per line on standard output.
"""
