"""The ok records of a directory of results files (the integration tests' it-records), for the
perf scripts that make larger sets from real records."""
import glob
import json
import os


def ok_records(directory):
    """Every ok record of the directory's .jsonl files, in file order; lines cut short skipped."""
    out = []
    for f in sorted(glob.glob(os.path.join(directory, "*.jsonl"))):
        for line in open(f):
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if r.get("status") == "ok":
                out.append(r)
    return out
